import type { components } from '../../app/api-schema.gen';
// Shapes of the API answers the portal reads (docs/api-contract.md).

import type { NotificationPreferences, Role, User } from '../auth/types';

export type { NotificationPreferences, Role };
export type PortalUser = User;

export interface Paginated<T> {
  results: T[];
  count: number;
  page: number;
  page_size: number;
}

export interface ProfileUpdate {
  display_name?: string;
  username?: string;
  avatar?: string | null;
  email?: string;
  notification_preferences?: NotificationPreferences;
}

export const APPLICATION_STATUSES = [
  'submitted',
  'in_review',
  'documents_requested',
  'ready_to_file',
] as const;
export const CLAIM_STATUSES = ['filed', 'accepted', 'paid'] as const;
export const CLOSED_STATUSES = ['rejected', 'withdrawn'] as const;
export const ALL_CLAIM_STATUSES = [...APPLICATION_STATUSES, ...CLAIM_STATUSES, ...CLOSED_STATUSES] as const;
export type ClaimStatus = (typeof ALL_CLAIM_STATUSES)[number];
export type ClaimStage = 'application' | 'claim';

export interface ValueRange {
  low: number;
  median: number;
  high: number;
}

export interface PersonRef {
  id: string;
  display_name: string;
  email?: string;
  role?: Role;
}

export interface TimelineEntry {
  id: string;
  status: ClaimStatus;
  note: string | null;
  actor: { id: string; display_name: string; role: Role } | null;
  created_at: string;
}

export interface Claim {
  id: string;
  reference: string;
  assessment_id: string | null;
  user: { id: string; email: string; display_name: string };
  service_type: string;
  service_name: string;
  status: ClaimStatus;
  stage: ClaimStage;
  /** Where staff may move it next, the usual next step first (from the API's status machine). */
  next_statuses?: ClaimStatus[];
  estimated_value: ValueRange | null;
  /** Pounds HMRC repaid and our fee, recorded by staff when the claim is paid; null before. */
  amount_repaid: number | null;
  fee: number | null;
  created_at: string;
  updated_at: string;
  timeline?: TimelineEntry[];
}

export type AssessmentStatus = 'in_progress' | 'submitted' | 'COMPLETED';

type Schemas = components['schemas'];

/** One row of the assessments list (a summary: no answers, no results), from the generated contract. */
export type Assessment = Omit<Schemas['AssessmentSummaryDto'], 'status'> & { status: AssessmentStatus };

export type DocumentTask = Schemas['DocumentTaskResponseDto'];

/** A pending task with the assessment it belongs to (GET /api/document-tasks/pending/). */
export type PendingDocumentTask = Schemas['PendingDocumentTaskResponseDto'];

export interface MessageItem {
  id: string;
  thread_id: string;
  body: string;
  sender: { id: string; display_name: string; role: Role };
  created_at: string;
  read_at: string | null;
}

export interface Thread {
  id: string;
  subject: string;
  claim_id: string | null;
  client: { id: string; display_name: string; email: string };
  last_message_at: string;
  unread_count: number;
  messages?: MessageItem[];
}

export interface PortalDocument {
  id: string;
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
  claim_id: string | null;
  assessment_id: string | null;
  uploaded_at: string;
  owner_id: string;
}
