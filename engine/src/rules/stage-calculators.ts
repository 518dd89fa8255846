// The spec's stage calculators (eligibility, complexity, value, recommendation): each runs the
// pipeline up to its stage; complexity and value take the eligibility the caller gives.
import type {
  ComplexityResult,
  EligibilityResult,
  Likelihood,
  Recommendation,
  ServiceApproach,
  ValueEstimate,
} from '../types';
import { createState } from './create-state';
import { runPipeline } from './pipeline';
import { complexityResult } from './stages/evaluate-complexity';
import { applyEligibilityFacts, type EvaluationState, type StageInput } from './stages/state';

export const COMPLEXITY_NEEDS_ELIGIBILITY = 'Eligibility data is required for complexity calculation';
export const VALUE_NEEDS_ELIGIBILITY = 'Eligibility data is required for value estimation';

function given(eligibility: EligibilityResult) {
  return { eligibility: (state: EvaluationState) => applyEligibilityFacts(state, eligibility) };
}

/** Eligibility of one assessment: `evaluateEligibility({ definition, answers, asOf })`. */
export async function evaluateEligibility(options: StageInput): Promise<EligibilityResult> {
  const state = createState(options);
  await runPipeline(state, { through: 'eligibility' });
  if (!state.eligibility) throw new Error('Eligibility did not run');
  return state.eligibility;
}

/**
 * The complexity calculator: `evaluateComplexity({ definition, answers, asOf, eligibility })`.
 * The result carries the potential and the service approach, so value and approach run too.
 */
export async function evaluateComplexity(
  options: StageInput & { eligibility?: EligibilityResult | null },
): Promise<ComplexityResult> {
  if (!options.eligibility) throw new Error(COMPLEXITY_NEEDS_ELIGIBILITY);
  const state = createState(options);
  await runPipeline(state, { through: 'approach', replace: given(options.eligibility) });
  return complexityResult(state);
}

/** The value calculator: `estimateValue({ definition, answers, asOf, eligibility })`. */
export async function estimateValue(
  options: StageInput & { eligibility?: EligibilityResult | null },
): Promise<ValueEstimate> {
  if (!options.eligibility) throw new Error(VALUE_NEEDS_ELIGIBILITY);
  const state = createState(options);
  await runPipeline(state, { through: 'value', replace: given(options.eligibility) });
  if (!state.value) throw new Error('Value did not run');
  return state.value;
}

/**
 * The recommendation: `generateRecommendation({ definition, answers, asOf })`; given eligibility
 * (and the complexity/value results shown to the user) are used as they are.
 */
export async function generateRecommendation(
  options: StageInput & {
    eligibility?: EligibilityResult | null;
    complexity?: ComplexityResult | null;
    valueEstimate?: ValueEstimate | null;
  },
): Promise<Recommendation> {
  const state = createState(options);
  await runPipeline(state, {
    through: 'recommendation',
    ...(options.eligibility ? { replace: given(options.eligibility) } : {}),
  });
  if (!state.recommendation) throw new Error('The recommendation did not run');
  return {
    ...state.recommendation,
    ...(options.complexity ? { complexity: options.complexity } : {}),
    ...(options.valueEstimate ? { valueEstimate: options.valueEstimate } : {}),
  };
}

/** What an impact replay compares for an assessment: its likelihood, service approach and median value. */
export interface AssessmentOutcome {
  likelihood: Likelihood;
  serviceApproach: ServiceApproach;
  valueMedian: number;
}

/**
 * The outcome of an assessment as evaluateAssessment gives it (the same stages, in order), without
 * the stages after the approach (recommendation and result fields), which decide none of it.
 */
export async function evaluateOutcome(options: StageInput): Promise<AssessmentOutcome> {
  const state = createState(options);
  // texts and the calculation trace decide nothing here: they are not made
  state.outcomeOnly = true;
  await runPipeline(state, { through: 'approach' });
  const { eligibility, approach, value } = state;
  if (!eligibility || !approach || !value) throw new Error('The pipeline ended before the approach');
  return {
    likelihood: eligibility.likelihood,
    serviceApproach: approach.serviceApproach,
    valueMedian: value.estimates.median,
  };
}
