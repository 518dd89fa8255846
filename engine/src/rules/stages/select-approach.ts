// Stage 10: the service approach. Rules in order; the first that holds wins, else `otherwise`.
import type { EvaluationState, ApproachChoice } from './state';
import { fillTemplate } from './fill-template';

export async function runApproach(state: EvaluationState): Promise<ApproachChoice> {
  const { rules, otherwise } = state.definition.approach;
  const outcomes = await state.engines.approach.run(state.facts);
  const winner = outcomes.find((o) => o.matched);
  for (const outcome of outcomes) {
    const rule = rules[outcome.index];
    if (!rule) continue;
    state.trace.rules.push({
      stage: 'approach',
      id: rule.id,
      description: rule.description,
      text: fillTemplate(rule.description, state.facts),
      matched: outcome.matched,
      facts: outcome.facts,
      value: rule.serviceApproach,
      counted: outcome === winner,
    });
  }
  const rule = winner ? rules[winner.index] : undefined;
  const choice: ApproachChoice = rule
    ? {
        serviceApproach: rule.serviceApproach,
        approachRationale: fillTemplate(rule.approachRationale, state.facts),
      }
    : {
        serviceApproach: otherwise.serviceApproach,
        approachRationale: fillTemplate(otherwise.approachRationale, state.facts),
      };
  state.approach = choice;
  state.facts.serviceApproach = choice.serviceApproach;
  return choice;
}
