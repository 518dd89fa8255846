// Stages 1–5 of the pipeline: active answers → inputs → dated parameters → calculations → lists.
import { activeAnswers } from '../../questionnaire/visible-questions';
import { computeInputs } from '../inputs/compute-inputs';
import { resolveParameters } from '../parameters/resolve-parameters';
import type { TraceCalculation } from './state';
import {
  evalExpr,
  expressionScope,
  type FactSink,
  type FactsPart,
  type StageOutput,
  type StageTrace,
  type StageView,
} from './state';

export async function runFacts(view: StageView, out: FactSink): Promise<StageOutput<FactsPart>> {
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
    // a bound method, not an arrow made per evaluation (under tsx each arrow is wrapped to keep its name)
    onMissing: missing.push.bind(missing),
    parameterTrace: trace.parameters,
  });
  const { facts } = view;
  for (const name in inputs) out.give(name, inputs[name]);
  out.give('asOf', asOf);
  const resolved = resolveParameters({
    refs: def.parameters ?? [],
    parameterSets: def.parameterSets,
    facts,
    asOf,
  });
  trace.parameters.push(...resolved.trace);
  const params = resolved.values;
  for (const name in params) out.give(name, params[name]);

  const scope = expressionScope(facts, params, missing);
  for (const calc of def.calculations ?? []) {
    const value = evalExpr(scope, calc.expr);
    out.give(calc.id, value);
    const entry: TraceCalculation | undefined = explain.calculation(calc, value, facts, 'facts');
    if (entry) trace.calculations.push(entry);
  }
  const lists = await evaluateLists(view, out, trace);
  return { result: { answers, inputs, params, lists }, trace, missing };
}

async function evaluateLists(
  view: StageView,
  out: FactSink,
  trace: Required<StageTrace>,
): Promise<Record<string, string[]>> {
  const listSpecs = view.definition.lists ?? [];
  const lists: Record<string, string[]> = {};
  for (const list of listSpecs) lists[list.id] = [];
  const { facts } = view;
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
  for (const list of listSpecs) out.give(list.id, lists[list.id] ?? []);
  return lists;
}
