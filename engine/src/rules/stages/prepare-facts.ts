// Stages 1–5 of the pipeline: active answers → inputs → dated parameters → calculations → lists.
import { activeAnswers } from '../../questionnaire/visible-questions';
import { computeInputs } from '../inputs/compute-inputs';
import { resolveParameters } from '../parameters/resolve-parameters';
import type { TraceCalculation } from './state';
import {
  evalExpr,
  expressionScope,
  type Facts,
  type FactsPart,
  type StageOutput,
  type StageTrace,
  type StageView,
} from './state';

export async function runFacts(view: StageView): Promise<StageOutput<FactsPart>> {
  const { definition: def, given, asOf, explain } = view;
  const trace: Required<StageTrace> = { rules: [], calculations: [], parameters: [] };
  const missing: string[] = [];
  const answers = given.inputs ? {} : activeAnswers(def, given.answers ?? {});
  const inputs = computeInputs({
    definition: def,
    answers,
    asOf,
    ...(given.inputs ? { given: given.inputs } : {}),
    trace: trace.rules,
    onMissing: (name) => missing.push(name),
    parameterTrace: trace.parameters,
  });
  // the first stage: its new facts are all the facts there are, so it works on them directly.
  // Object.assign, not spread: V8 makes a spread copy slow to grow
  const facts: Facts = Object.assign({}, inputs);
  facts.asOf = asOf;
  const resolved = resolveParameters({
    refs: def.parameters ?? [],
    parameterSets: def.parameterSets,
    facts,
    asOf,
  });
  trace.parameters.push(...resolved.trace);
  const params = resolved.values;
  for (const name in params) facts[name] = params[name];

  const scope = expressionScope(facts, params, missing);
  for (const calc of def.calculations ?? []) {
    const value = evalExpr(scope, calc.expr);
    facts[calc.id] = value;
    const entry: TraceCalculation | undefined = explain.calculation(calc, value, facts, 'facts');
    if (entry) trace.calculations.push(entry);
  }
  const lists = await evaluateLists(view, facts, trace);
  return { facts, result: { answers, inputs, params, lists }, trace, missing };
}

async function evaluateLists(
  view: StageView,
  facts: Facts,
  trace: Required<StageTrace>,
): Promise<Record<string, string[]>> {
  const listSpecs = view.definition.lists ?? [];
  const lists: Record<string, string[]> = {};
  for (const list of listSpecs) lists[list.id] = [];
  const { rules, map } = view.engines.lists;
  const outcomes = await rules.run(facts);
  for (const outcome of outcomes) {
    const ref = map[outcome.index];
    const list = ref ? listSpecs[ref.list] : undefined;
    const rule = ref ? list?.rules[ref.rule] : undefined;
    if (!ref || !list || !rule) continue;
    if (outcome.matched) lists[list.id]?.push(rule.item);
    trace.rules.push({
      stage: 'list',
      id: rule.id,
      description: rule.description,
      text: view.explain.text(rule.description, facts),
      matched: outcome.matched,
      facts: outcome.facts,
      value: rule.item,
      counted: outcome.matched,
    });
  }
  for (const list of listSpecs) facts[list.id] = lists[list.id] ?? [];
  return lists;
}
