// Stage 10: the service approach. Rules in order; the first that holds wins, else `otherwise`.
import type { TraceRule } from '../../types';
import type { ApproachChoice, FactSink, StageOutput, StageView } from './state';

export async function runApproach(view: StageView, out: FactSink): Promise<StageOutput<ApproachChoice>> {
  const { rules, otherwise } = view.definition.approach;
  const { facts, explain } = view;
  const outcomes = await view.engines.approach.run(facts);
  const winner = outcomes.find((o) => o.matched);
  const trace: TraceRule[] = [];
  for (const outcome of outcomes) {
    const rule = rules[outcome.index];
    if (!rule) continue;
    trace.push({
      stage: 'approach',
      id: rule.id,
      description: rule.description,
      text: explain.text(rule.description, facts),
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
        approachRationale: explain.text(rule.approachRationale, facts),
      }
    : {
        serviceApproach: otherwise.serviceApproach,
        approachRationale: explain.text(otherwise.approachRationale, facts),
      };
  out.give('serviceApproach', choice.serviceApproach);
  return { result: choice, trace: { rules: trace } };
}
