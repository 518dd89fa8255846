import type { Paginated, Schemas } from '../../app/api-types';
// Shapes of the API answers the portal reads (docs/api-contract.md).

import type { NotificationPreferences, Role, User } from '../auth/types';

export type { NotificationPreferences, Role };
export type PortalUser = User;

export type { Paginated };

export type ProfileUpdate = Schemas['UpdateCurrentUserDto'];

export const APPLICATION_STATUSES = [
  'submitted',
  'in_review',
  'documents_requested',
  'ready_to_file',
] as const;
export const CLAIM_STATUSES = ['filed', 'accepted', 'paid'] as const;
export const CLOSED_STATUSES = ['rejected', 'withdrawn'] as const;
export const ALL_CLAIM_STATUSES = [...APPLICATION_STATUSES, ...CLAIM_STATUSES, ...CLOSED_STATUSES] as const;
export type ClaimStatus = Schemas['ClaimStatus'];
export type ClaimStage = Schemas['ClaimStage'];

export type ValueRange = Schemas['ValueRangeDto'];

export type TimelineEntry = Schemas['ClaimTimelineEntryDto'];

export type Claim = Schemas['ClaimResponseDto'];

export type AssessmentStatus = 'in_progress' | 'submitted' | 'COMPLETED';

/** One row of the assessments list (a summary: no answers, no results), from the generated contract. */
export type Assessment = Omit<Schemas['AssessmentSummaryDto'], 'status'> & { status: AssessmentStatus };

export type DocumentTask = Schemas['DocumentTaskResponseDto'];

/** A pending task with the assessment it belongs to (GET /api/document-tasks/pending/). */
export type PendingDocumentTask = Schemas['PendingDocumentTaskResponseDto'];

export type MessageItem = Schemas['MessageResponseDto'];

export type Thread = Schemas['ThreadResponseDto'];

export type PortalDocument = Schemas['DocumentResponseDto'];
