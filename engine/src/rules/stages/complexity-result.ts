// The spec's complexity result, assembled from the parts of three stages (complexity, potential,
// approach): read by the complexity calculator, the recommendation and the result fields, so it
// lives in no stage's file.
import type { ComplexityResult } from '../../types';
import type { StageView } from './state';

/** Assembles the spec's complexity result once value, potential and approach have run. */
export function complexityResult(view: StageView): ComplexityResult {
  const { complexity, approach, potential } = view.results;
  if (!complexity || !approach || !potential)
    throw new Error('Complexity, potential and approach must run first');
  const def = view.definition;
  const key = def.complexity.potential.key;
  return {
    serviceType: view.serviceType,
    complexityScore: complexity.complexityScore,
    complexityLevel: complexity.complexityLevel,
    flags: complexity.flags,
    serviceApproach: approach.serviceApproach,
    approachRationale: approach.approachRationale,
    nextSteps: [...(def.recommendation.nextSteps[approach.serviceApproach] ?? [])],
    [key]: potential,
    ...('fixed' in def.complexity && def.complexity.fixed.reason !== undefined
      ? { fixedReason: view.explain.text(def.complexity.fixed.reason, view.facts) }
      : {}),
  };
}
