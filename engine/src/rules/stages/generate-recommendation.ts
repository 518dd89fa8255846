// Stage 11: the recommendation. Summary by likelihood, plan and next steps by approach,
// documents = base + the approach's extras (none when their `when` does not hold), text sections whose `when` holds.
import type { Condition, Recommendation } from '../../types';
import { evaluateCondition } from '../conditions/evaluate-condition';
import { fillTemplate } from './fill-template';
import { complexityResult } from './complexity-result';
import type { StageOutput, StageView } from './state';

export function buildRecommendation(view: StageView): Recommendation {
  const { eligibility, value, approach } = view.results;
  if (!eligibility || !value || !approach) throw new Error('Eligibility, value and approach must run first');
  const rec = view.definition.recommendation;
  const approachName = approach.serviceApproach;
  const fill = (text: string): string => fillTemplate(text, view.facts);
  const sections: string[] = [];
  for (const section of rec.text ?? []) {
    if (section.when && !evaluateCondition(section.when, view.facts)) continue;
    const block = [...(section.heading ? [fill(section.heading)] : []), ...section.paragraphs.map(fill)];
    sections.push(block.join('\n\n'));
  }
  return {
    summary: fill(rec.summary[eligibility.likelihood]),
    eligibility,
    complexity: complexityResult(view),
    valueEstimate: value,
    actionPlan: (rec.actionPlans[approachName] ?? []).map((step) => ({
      ...step,
      title: fill(step.title),
      description: fill(step.description),
    })),
    // e.g. only when the value gives something: nothing to gain, nothing to gather (issue 28)
    documentRequirements: documentsShown(rec.documentRequirements.when, view.facts)
      ? [
          ...rec.documentRequirements.base,
          ...(rec.documentRequirements.byApproach?.[approachName] ?? []),
        ].map((d) => ({ ...d }))
      : [],
    nextSteps: (rec.nextSteps[approachName] ?? []).map(fill),
    text: sections.join('\n\n'),
    timestamp: `${view.asOf}T00:00:00.000Z`,
    ...whatWouldChange(view, fill),
  };
}

/** Documents are asked for unless the definition's `documentRequirements.when` does not hold. */
function documentsShown(when: Condition | undefined, facts: Record<string, unknown>): boolean {
  return when === undefined || evaluateCondition(when, facts);
}

export function runRecommendation(view: StageView): StageOutput<Recommendation> {
  return { result: buildRecommendation(view) };
}

function whatWouldChange(view: StageView, fill: (t: string) => string): { whatWouldChange?: string } {
  const { eligibility } = view.results;
  if (eligibility?.likelihood !== 'Unlikely') return {};
  const text = eligibility.override?.whatWouldChange ?? view.definition.recommendation.whatWouldChange;
  return text === undefined ? {} : { whatWouldChange: fill(text) };
}
