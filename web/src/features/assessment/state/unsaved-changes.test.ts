import { describe, expect, it } from 'vitest';
import {
  hasUnsavedChanges,
  markAllSaved,
  markEdited,
  markSavedUpTo,
  noUnsavedChanges,
} from './unsaved-changes';

describe('unsaved changes', () => {
  it('starts saved; an edit makes it unsaved; saving that revision makes it saved again', () => {
    expect(hasUnsavedChanges(noUnsavedChanges)).toBe(false);
    const edited = markEdited(noUnsavedChanges);
    expect(hasUnsavedChanges(edited)).toBe(true);
    expect(hasUnsavedChanges(markSavedUpTo(edited, edited.edited))).toBe(false);
  });

  it('a save that sent an older revision leaves the later edits unsaved', () => {
    const first = markEdited(noUnsavedChanges);
    const sent = first.edited;
    const second = markEdited(first);
    const after = markSavedUpTo(second, sent);
    expect(hasUnsavedChanges(after)).toBe(true);
    expect(after.saved).toBe(sent);
  });

  it('a stale save settling after a newer one does not move the saved revision back', () => {
    let changes = markEdited(markEdited(noUnsavedChanges));
    changes = markSavedUpTo(changes, 2);
    changes = markSavedUpTo(changes, 1);
    expect(changes.saved).toBe(2);
    expect(hasUnsavedChanges(changes)).toBe(false);
  });

  it('a save can never claim a revision that was not made yet', () => {
    const changes = markSavedUpTo(markEdited(noUnsavedChanges), 7);
    expect(changes.saved).toBe(1);
    expect(hasUnsavedChanges(markEdited(changes))).toBe(true);
  });

  it('adopting a stored copy marks everything saved and keeps the revision counting up', () => {
    const edited = markEdited(markEdited(noUnsavedChanges));
    const adopted = markAllSaved(edited);
    expect(hasUnsavedChanges(adopted)).toBe(false);
    expect(adopted.edited).toBe(2);
    expect(markEdited(adopted).edited).toBe(3);
  });

  it('returns the same object when nothing changes', () => {
    const saved = markAllSaved(noUnsavedChanges);
    expect(saved).toBe(noUnsavedChanges);
    expect(markSavedUpTo(saved, 0)).toBe(saved);
  });
});
