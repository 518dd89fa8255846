/** Bits of impact_run_row.changes (its own module: the worker threads load it without the ORM). */
import type { AssessmentOutcome } from '@reclaim/engine';

export const CHANGED = { likelihood: 1, approach: 2, value: 4 } as const;

/** An outcome as an assessment stores it beside its evaluation (each column null until evaluated). */
export interface StoredOutcome {
  likelihood: string | null;
  serviceApproach: string | null;
  valueMedian: number | null;
}

/**
 * What a replay changes (0: nothing): the likelihood, the approach, or the median value in whole
 * pounds. No replayed outcome (the draft could not evaluate the answers) changes everything.
 */
export function outcomeChanges(before: StoredOutcome, after: AssessmentOutcome | null): number {
  if (!after) return CHANGED.likelihood | CHANGED.approach | CHANGED.value;
  let bits = 0;
  if ((before.likelihood ?? '') !== after.likelihood) bits |= CHANGED.likelihood;
  if ((before.serviceApproach ?? '') !== after.serviceApproach) bits |= CHANGED.approach;
  if (Math.round(before.valueMedian ?? 0) !== Math.round(after.valueMedian)) bits |= CHANGED.value;
  return bits;
}
