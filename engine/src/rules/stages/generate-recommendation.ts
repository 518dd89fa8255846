// Stage 11: the recommendation. Summary by likelihood, plan and next steps by approach,
// documents = base + the approach's extras (none when their `when` does not hold), text sections whose `when` holds.
import type { Condition, Recommendation } from '../../types';
import { evaluateCondition } from '../conditions/evaluate-condition';
import { fillTemplate } from './fill-template';
import { complexityResult } from './complexity-result';
import type { StageOutput, StageView } from './state';

/** Each text filled from the facts (a loop, not `.map` with a closure made per evaluation). */
function fillAll(texts: readonly string[], facts: StageView['facts']): string[] {
  const filled: string[] = [];
  for (let i = 0; i < texts.length; i += 1) filled.push(fillTemplate(texts[i]!, facts));
  return filled;
}

export function buildRecommendation(view: StageView): Recommendation {
  const { eligibility, value, approach } = view.results;
  if (!eligibility || !value || !approach) throw new Error('Eligibility, value and approach must run first');
  const rec = view.definition.recommendation;
  const approachName = approach.serviceApproach;
  const facts = view.facts;
  const sections: string[] = [];
  for (const section of rec.text ?? []) {
    if (section.when && !evaluateCondition(section.when, facts)) continue;
    const block = fillAll(section.paragraphs, facts);
    if (section.heading) block.unshift(fillTemplate(section.heading, facts));
    sections.push(block.join('\n\n'));
  }
  const actionPlan: Recommendation['actionPlan'] = [];
  for (const step of rec.actionPlans[approachName] ?? [])
    actionPlan.push({
      ...step,
      title: fillTemplate(step.title, facts),
      description: fillTemplate(step.description, facts),
    });
  // e.g. only when the value gives something: nothing to gain, nothing to gather (issue 28)
  const documentRequirements: Recommendation['documentRequirements'] = [];
  if (documentsShown(rec.documentRequirements.when, facts)) {
    for (const d of rec.documentRequirements.base) documentRequirements.push({ ...d });
    for (const d of rec.documentRequirements.byApproach?.[approachName] ?? [])
      documentRequirements.push({ ...d });
  }
  const recommendation: Recommendation = {
    summary: fillTemplate(rec.summary[eligibility.likelihood], facts),
    eligibility,
    complexity: complexityResult(view),
    valueEstimate: value,
    actionPlan,
    documentRequirements,
    nextSteps: fillAll(rec.nextSteps[approachName] ?? [], facts),
    text: sections.join('\n\n'),
    timestamp: `${view.asOf}T00:00:00.000Z`,
  };
  if (eligibility.likelihood === 'Unlikely') {
    const text = eligibility.override?.whatWouldChange ?? rec.whatWouldChange;
    if (text !== undefined) recommendation.whatWouldChange = fillTemplate(text, facts);
  }
  return recommendation;
}

/** Documents are asked for unless the definition's `documentRequirements.when` does not hold. */
function documentsShown(when: Condition | undefined, facts: Record<string, unknown>): boolean {
  return when === undefined || evaluateCondition(when, facts);
}

export function runRecommendation(view: StageView): StageOutput<Recommendation> {
  return { result: buildRecommendation(view) };
}
