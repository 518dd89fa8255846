import type { Assessment, Claim, ClaimStatus } from '../features/portal/types';

/** What the API sends as `next_statuses` for each status (api/src/modules/claims/claim-status.ts). */
export const API_NEXT_STATUSES: Record<ClaimStatus, ClaimStatus[]> = {
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

export function makeClaim(overrides: Partial<Claim> = {}): Claim {
  const status = overrides.status ?? 'in_review';
  return {
    next_statuses: API_NEXT_STATUSES[status],
    id: '0f5c3c7e-1111-4222-8333-944455556666',
    reference: 'RCL-2026-0001',
    assessment_id: 'a1b2c3d4-0000-4000-8000-000000000001',
    user: {
      id: '5b0c6a62-8a43-4a53-9a57-1f6f2f7f0001',
      email: 'jane@example.co.uk',
      display_name: 'Jane Client',
    },
    service_type: 'sdlt_refund',
    service_name: 'SDLT Refund',
    status: 'in_review',
    stage: 'application',
    estimated_value: { low: 7000, median: 10000, high: 13000 },
    amount_repaid: null,
    fee: null,
    created_at: '2026-10-01T09:00:00.000Z',
    updated_at: '2026-11-01T09:00:00.000Z',
    ...overrides,
  };
}

export function makeAssessment(overrides: Partial<Assessment> = {}): Assessment {
  return {
    assessment_id: 'a1b2c3d4-0000-4000-8000-000000000009',
    id: 'a1b2c3d4-0000-4000-8000-000000000009',
    claim_id: null,
    service_type: 'rd_tax_credits',
    assessment_type: 'rd_tax_credits',
    service_name: 'R&D Tax Credits',
    user_id: '5b0c6a62-8a43-4a53-9a57-1f6f2f7f0001',
    current_step: 2,
    status: 'in_progress',
    version: 3,
    definition_version: 2,
    created_at: '2026-11-10T09:00:00.000Z',
    updated_at: '2026-11-12T09:00:00.000Z',
    submitted_at: null,
    ...overrides,
  };
}
