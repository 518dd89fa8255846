import { ConflictException, ForbiddenException } from '@nestjs/common';

/** The review fields a definition draft and a parameter-set draft share (four eyes, issue 9). */
export interface ReviewFields {
  reviewState: string;
  checksum: string;
  releaseNote: string | null;
  sourceUrl: string | null;
  submittedById: string | null;
  submittedAt: Date | null;
  approvedById: string | null;
  approvedAt: Date | null;
  approvedChecksum: string | null;
}

/** Editing → submitted, with the release note and source. The caller checks the draft first. */
export function markSubmitted(
  row: ReviewFields,
  staffId: string,
  body: { release_note: string; source_url: string },
  alreadyMessage: string,
): void {
  if (row.reviewState !== 'editing') throw new ConflictException(alreadyMessage);
  row.reviewState = 'submitted';
  row.releaseNote = body.release_note.trim();
  row.sourceUrl = body.source_url.trim();
  row.submittedById = staffId;
  row.submittedAt = new Date();
}

/**
 * Submitted → approved by another adviser, tied to the checksum they read: the submitter and the
 * last editor are refused, and so is an approval of a draft that changed since it was opened.
 */
export function markApproved(
  row: ReviewFields,
  staffId: string,
  lastEditorId: string | null,
  checksum: string,
  notSubmittedMessage: string,
): void {
  if (row.reviewState !== 'submitted') throw new ConflictException(notSubmittedMessage);
  if (row.submittedById === staffId || lastEditorId === staffId) {
    throw new ForbiddenException(
      'You submitted or last edited this draft; a different adviser must approve it.',
    );
  }
  if (checksum !== row.checksum) {
    throw new ConflictException({
      message: 'The draft changed after you opened it; review the new version before approving.',
      checksum: row.checksum,
    });
  }
  row.reviewState = 'approved';
  row.approvedById = staffId;
  row.approvedAt = new Date();
  row.approvedChecksum = row.checksum;
}
