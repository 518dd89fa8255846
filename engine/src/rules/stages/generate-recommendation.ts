// Stage 11: the recommendation. Summary by likelihood, plan and next steps by approach,
// documents = base + the approach's extras, text sections whose `when` holds.
import type { Recommendation } from '../../types';
import { evaluateCondition } from '../conditions/evaluate-condition';
import { fillTemplate } from './fill-template';
import { complexityResult } from './evaluate-complexity';
import type { EvaluationState } from './state';

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
    ...whatWouldChange(state, fill),
  };
}

export function runRecommendation(state: EvaluationState): Recommendation {
  state.recommendation = buildRecommendation(state);
  return state.recommendation;
}

function whatWouldChange(state: EvaluationState, fill: (t: string) => string): { whatWouldChange?: string } {
  if (state.eligibility?.likelihood !== 'Unlikely') return {};
  const text = state.eligibility.override?.whatWouldChange ?? state.definition.recommendation.whatWouldChange;
  return text === undefined ? {} : { whatWouldChange: fill(text) };
}
