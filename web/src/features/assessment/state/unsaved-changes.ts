// Unsaved-change tracking, pure: every edit bumps a revision; a save reports the revision it sent,
// and only a save that sent the newest revision makes the progress "saved". A save that settles
// after a later edit (or after a later save) can never mark newer answers as saved.

export interface UnsavedChanges {
  /** The newest local revision (bumped by every edit). */
  readonly edited: number;
  /** The newest revision known to be on the server. */
  readonly saved: number;
}

export const noUnsavedChanges: UnsavedChanges = { edited: 0, saved: 0 };

/** An edit: the answers (or the step) changed locally. */
export function markEdited(changes: UnsavedChanges): UnsavedChanges {
  return { edited: changes.edited + 1, saved: changes.saved };
}

/** A save of `revision` landed. Older than what is already saved, or than the edits: no effect on them. */
export function markSavedUpTo(changes: UnsavedChanges, revision: number): UnsavedChanges {
  const saved = Math.max(changes.saved, Math.min(revision, changes.edited));
  return saved === changes.saved ? changes : { edited: changes.edited, saved };
}

/** What is shown now is what is stored (a record just loaded, the server's copy adopted, submitted). */
export function markAllSaved(changes: UnsavedChanges): UnsavedChanges {
  return changes.saved === changes.edited ? changes : { edited: changes.edited, saved: changes.edited };
}

export function hasUnsavedChanges(changes: UnsavedChanges): boolean {
  return changes.saved < changes.edited;
}
