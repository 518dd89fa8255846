// Stage 10: the service approach. Rules in order; the first that holds wins, else `otherwise`.
import { fillText, type EvaluationState, type ApproachChoice } from './state';

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
      text: fillText(state, rule.description),
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
        approachRationale: fillText(state, rule.approachRationale),
      }
    : {
        serviceApproach: otherwise.serviceApproach,
        approachRationale: fillText(state, otherwise.approachRationale),
      };
  state.approach = choice;
  state.facts.serviceApproach = choice.serviceApproach;
  return choice;
}
