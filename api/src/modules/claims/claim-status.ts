// Claim statuses (D5): an application until it is filed, a claim from then on.
export const APPLICATION_STATUSES = [
  'submitted',
  'in_review',
  'documents_requested',
  'ready_to_file',
] as const;
export const CLAIM_STATUSES = ['filed', 'accepted', 'paid', 'rejected', 'withdrawn'] as const;
export const ALL_CLAIM_STATUSES = [...APPLICATION_STATUSES, ...CLAIM_STATUSES] as const;
export type ClaimStatus = (typeof ALL_CLAIM_STATUSES)[number];
export type ClaimStage = 'application' | 'claim';

export const STATUS_LABELS: Record<ClaimStatus, string> = {
  submitted: 'Submitted',
  in_review: 'In review',
  documents_requested: 'Documents requested',
  ready_to_file: 'Ready to file',
  filed: 'Filed with HMRC',
  accepted: 'Accepted',
  paid: 'Paid',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

/**
 * Where a claim may go next, the usual next step first (the staff form offers it by default; the
 * claim response carries this list as `next_statuses`, so the web keeps no copy). Rejected and
 * withdrawn applications can be reopened for review.
 */
export const ALLOWED_TRANSITIONS: Record<ClaimStatus, readonly ClaimStatus[]> = {
  submitted: ['in_review', 'documents_requested', 'rejected', 'withdrawn'],
  in_review: ['ready_to_file', 'documents_requested', 'rejected', 'withdrawn'],
  documents_requested: ['in_review', 'ready_to_file', 'rejected', 'withdrawn'],
  ready_to_file: ['filed', 'documents_requested', 'in_review', 'rejected', 'withdrawn'],
  filed: ['accepted', 'rejected'],
  accepted: ['paid'],
  paid: [],
  rejected: ['in_review'],
  withdrawn: ['in_review'],
};

export function isClaimStatus(value: string): value is ClaimStatus {
  return (ALL_CLAIM_STATUSES as readonly string[]).includes(value);
}

export function stageOf(status: string): ClaimStage {
  return (APPLICATION_STATUSES as readonly string[]).includes(status) ? 'application' : 'claim';
}

export function statusesOfStage(stage: ClaimStage): readonly ClaimStatus[] {
  return stage === 'application' ? APPLICATION_STATUSES : CLAIM_STATUSES;
}
