// Stage 11: the recommendation. Summary by likelihood, plan and next steps by approach,
// documents = base + the approach's extras, text sections whose `when` holds.
import type { ComplexityResult, EligibilityResult, Recommendation, ValueEstimate } from '../../types';
import { evaluateCondition } from '../conditions/evaluate-condition';
import { fillTemplate } from './fill-template';
import { complexityResult } from './evaluate-complexity';
import { applyEligibilityFacts, prepareState, type EvaluationState, type StageInput } from './state';
import { runComplexity } from './evaluate-complexity';
import { runValue } from './estimate-value';
import { runPotential } from './evaluate-potential';
import { runApproach } from './select-approach';
import { runEligibility } from './evaluate-eligibility';

export function buildRecommendation(state: EvaluationState): Recommendation {
  const { eligibility, value, approach } = state;
  if (!eligibility || !value || !approach) throw new Error('Eligibility, value and approach must run first');
  const rec = state.definition.recommendation;
  const approachName = approach.serviceApproach;
  const fill = (text: string): string => fillTemplate(text, state.facts);
  const sections: string[] = [];
  for (const section of rec.text ?? []) {
    if (section.when && !evaluateCondition(section.when, state.facts)) continue;
    const block = [...(section.heading ? [fill(section.heading)] : []), ...section.paragraphs.map(fill)];
    sections.push(block.join('\n\n'));
  }
  return {
    summary: fill(rec.summary[eligibility.likelihood]),
    eligibility,
    complexity: complexityResult(state),
    valueEstimate: value,
    actionPlan: (rec.actionPlans[approachName] ?? []).map((step) => ({
      ...step,
      title: fill(step.title),
      description: fill(step.description),
    })),
    documentRequirements: [
      ...rec.documentRequirements.base,
      ...(rec.documentRequirements.byApproach?.[approachName] ?? []),
    ].map((d) => ({ ...d })),
    nextSteps: (rec.nextSteps[approachName] ?? []).map(fill),
    text: sections.join('\n\n'),
    timestamp: `${state.asOf}T00:00:00.000Z`,
  };
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
  const state = await prepareState(options);
  if (options.eligibility) applyEligibilityFacts(state, options.eligibility);
  else await runEligibility(state);
  await runComplexity(state);
  await runValue(state);
  runPotential(state);
  await runApproach(state);
  const recommendation = buildRecommendation(state);
  return {
    ...recommendation,
    ...(options.complexity ? { complexity: options.complexity } : {}),
    ...(options.valueEstimate ? { valueEstimate: options.valueEstimate } : {}),
  };
}
