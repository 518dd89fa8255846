// Stages 1–5 of the pipeline: active answers → inputs → dated parameters → calculations → lists.
import { activeAnswers } from '../../questionnaire/visible-questions';
import { computeInputs } from '../inputs/compute-inputs';
import { resolveParameters } from '../parameters/resolve-parameters';
import { calculationTrace } from './fill-template';
import { evalExpr, fillText, type EvaluationState } from './state';

export async function runFacts(state: EvaluationState): Promise<void> {
  const def = state.definition;
  const { trace, facts } = state;
  const given = state.given;
  state.answers = given.inputs ? {} : activeAnswers(def, given.answers ?? {});
  state.inputs = computeInputs({
    definition: def,
    answers: state.answers,
    asOf: state.asOf,
    ...(given.inputs ? { given: given.inputs } : {}),
    trace: trace.rules,
    onMissing: (name) => state.missing.add(name),
    parameterTrace: trace.parameters,
  });
  // Object.assign, not spread: every stage adds facts, and V8 makes a spread copy slow to grow
  Object.assign(facts, state.inputs);
  facts.asOf = state.asOf;
  const resolved = resolveParameters({
    refs: def.parameters ?? [],
    parameterSets: def.parameterSets,
    facts,
    asOf: state.asOf,
  });
  trace.parameters.push(...resolved.trace);
  state.params = resolved.values;
  for (const name in resolved.values) facts[name] = resolved.values[name];

  for (const calc of def.calculations ?? []) {
    const value = evalExpr(state, calc.expr);
    facts[calc.id] = value;
    if (!state.outcomeOnly) trace.calculations.push(calculationTrace(calc, value, facts, 'facts'));
  }
  await evaluateLists(state);
}

async function evaluateLists(state: EvaluationState): Promise<void> {
  const lists = state.definition.lists ?? [];
  for (const list of lists) state.lists[list.id] = [];
  const { rules, map } = state.engines.lists;
  const outcomes = await rules.run(state.facts);
  for (const outcome of outcomes) {
    const ref = map[outcome.index];
    const list = ref ? lists[ref.list] : undefined;
    const rule = ref ? list?.rules[ref.rule] : undefined;
    if (!ref || !list || !rule) continue;
    if (outcome.matched) state.lists[list.id]?.push(rule.item);
    state.trace.rules.push({
      stage: 'list',
      id: rule.id,
      description: rule.description,
      text: fillText(state, rule.description),
      matched: outcome.matched,
      facts: outcome.facts,
      value: rule.item,
      counted: outcome.matched,
    });
  }
  for (const list of lists) state.facts[list.id] = state.lists[list.id] ?? [];
}
