import type { User } from '../users/user.entity';
import type { ClaimEvent } from './claim-event.entity';
import type { Claim } from './claim.entity';
import { ALLOWED_TRANSITIONS, isClaimStatus, stageOf } from './claim-status';

export function actorOf(user: User | null): { id: string; display_name: string; role: string } | null {
  return user ? { id: user.id, display_name: user.displayName || user.username, role: user.role } : null;
}

export function toClaimResponse(claim: Claim, timeline?: ClaimEvent[]) {
  const estimate =
    claim.estimatedMedian === null
      ? null
      : { low: claim.estimatedLow ?? 0, median: claim.estimatedMedian, high: claim.estimatedHigh ?? 0 };
  return {
    id: claim.id,
    reference: claim.reference,
    assessment_id: claim.assessment.id,
    user: {
      id: claim.user.id,
      email: claim.user.email,
      display_name: claim.user.displayName || claim.user.username,
    },
    service_type: claim.serviceType,
    service_name: claim.serviceName,
    status: claim.status,
    stage: stageOf(claim.status),
    // The statuses staff may move it to, the usual next step first (one source: claim-status.ts).
    next_statuses: isClaimStatus(claim.status) ? [...ALLOWED_TRANSITIONS[claim.status]] : [],
    estimated_value: estimate,
    // Pounds, recorded by staff when the claim is paid; null before.
    amount_repaid: claim.amountRepaid,
    fee: claim.fee,
    created_at: claim.createdAt.toISOString(),
    updated_at: claim.updatedAt.toISOString(),
    ...(timeline
      ? {
          timeline: timeline.map((e) => ({
            id: e.id,
            status: e.status,
            note: e.note,
            actor: actorOf(e.actor),
            created_at: e.createdAt.toISOString(),
          })),
        }
      : {}),
  };
}

export type ClaimResponse = ReturnType<typeof toClaimResponse>;
