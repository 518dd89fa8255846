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
import { resultOf, runPipeline } from './pipeline';
import { complexityResult } from './stages/complexity-result';
import { giveEligibilityFacts, OUTCOME_ONLY, type StageInput, type StageRun } from './stages/state';

export const COMPLEXITY_NEEDS_ELIGIBILITY = 'Eligibility data is required for complexity calculation';
export const VALUE_NEEDS_ELIGIBILITY = 'Eligibility data is required for value estimation';

/** The eligibility stage replaced by the caller's result (its facts as the stage would give them). */
function given(eligibility: EligibilityResult): { eligibility: StageRun } {
  return {
    eligibility: (_view, out) => {
      giveEligibilityFacts(eligibility, out);
      return { result: eligibility };
    },
  };
}

/** Eligibility of one assessment: `evaluateEligibility({ definition, answers, asOf })`. */
export async function evaluateEligibility(options: StageInput): Promise<EligibilityResult> {
  const state = await runPipeline(createState(options), { through: 'eligibility' });
  return resultOf(state, 'eligibility');
}

/**
 * The complexity calculator: `evaluateComplexity({ definition, answers, asOf, eligibility })`.
 * The result carries the potential and the service approach, so value and approach run too.
 */
export async function evaluateComplexity(
  options: StageInput & { eligibility?: EligibilityResult | null },
): Promise<ComplexityResult> {
  if (!options.eligibility) throw new Error(COMPLEXITY_NEEDS_ELIGIBILITY);
  const state = await runPipeline(createState(options), {
    through: 'approach',
    replace: given(options.eligibility),
  });
  return complexityResult(state);
}

/** The value calculator: `estimateValue({ definition, answers, asOf, eligibility })`. */
export async function estimateValue(
  options: StageInput & { eligibility?: EligibilityResult | null },
): Promise<ValueEstimate> {
  if (!options.eligibility) throw new Error(VALUE_NEEDS_ELIGIBILITY);
  const state = await runPipeline(createState(options), {
    through: 'value',
    replace: given(options.eligibility),
  });
  return resultOf(state, 'value');
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
  const state = await runPipeline(createState(options), {
    through: 'recommendation',
    ...(options.eligibility ? { replace: given(options.eligibility) } : {}),
  });
  return {
    ...resultOf(state, 'recommendation'),
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
 * The outcome of an assessment as evaluateAssessment gives it: the same stages, in order, up to
 * the approach (the recommendation and result fields decide none of it), explained OUTCOME_ONLY
 * (texts and the calculation trace decide nothing here, so they are not made).
 */
export async function evaluateOutcome(options: StageInput): Promise<AssessmentOutcome> {
  const state = await runPipeline(createState(options, { explain: OUTCOME_ONLY }), { through: 'approach' });
  return {
    likelihood: resultOf(state, 'eligibility').likelihood,
    serviceApproach: resultOf(state, 'approach').serviceApproach,
    valueMedian: resultOf(state, 'value').estimates.median,
  };
}
