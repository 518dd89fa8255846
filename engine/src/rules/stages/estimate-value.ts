// Stage 8: value. Selections (rates and factors chosen by rules), then value calculations,
// then median, low and high.
import type { TraceRule, ValueEstimate } from '../../types';
import {
  evalExpr,
  expressionScope,
  paramsOf,
  type FactSink,
  type StageOutput,
  type StageView,
  type TraceCalculation,
} from './state';

export async function runValue(view: StageView, out: FactSink): Promise<StageOutput<ValueEstimate>> {
  const def = view.definition;
  const { explain } = view;
  const section = def.value;
  const selections = section.selections ?? [];
  // value calculations read the selections and the calculations before them, given a moment ago
  const working = view.facts;
  const rules: TraceRule[] = [];
  const calculations: TraceCalculation[] = [];
  const missing: string[] = [];
  if (selections.length > 0) {
    const { rules: ruleSet, map } = view.engines.selections;
    const outcomes = await ruleSet.run(working);
    const values = selections.map((s) => ({ value: s.default, chosen: false }));
    const countedIndex = new Set<number>();
    for (const outcome of outcomes) {
      const ref = map[outcome.index];
      const selection = ref ? selections[ref.selection] : undefined;
      const rule = ref ? selection?.rules[ref.rule] : undefined;
      const slot = ref ? values[ref.selection] : undefined;
      if (!ref || !selection || !rule || !slot || !outcome.matched) continue;
      if (selection.mode === 'sum') {
        slot.value = slot.chosen ? slot.value + rule.value : rule.value;
        slot.chosen = true;
        countedIndex.add(outcome.index);
      } else if (!slot.chosen) {
        slot.value = rule.value;
        slot.chosen = true;
        countedIndex.add(outcome.index);
      }
    }
    for (const outcome of outcomes) {
      const ref = map[outcome.index];
      const rule = ref ? selections[ref.selection]?.rules[ref.rule] : undefined;
      if (!rule) continue;
      rules.push({
        stage: 'selection',
        id: rule.id,
        description: rule.description,
        text: explain.text(rule.description, working),
        matched: outcome.matched,
        facts: outcome.facts,
        value: rule.value,
        counted: countedIndex.has(outcome.index),
      });
    }
    selections.forEach((s, i) => out.give(s.id, values[i]?.value ?? s.default));
  }
  const scope = expressionScope(working, paramsOf(view), missing);
  for (const calc of section.calculations ?? []) {
    const value = evalExpr(scope, calc.expr);
    out.give(calc.id, value);
    const entry = explain.calculation(calc, value, working, 'value');
    if (entry) calculations.push(entry);
  }
  const median = evalExpr(scope, section.median);
  out.give('valueMedian', median);
  const low = evalExpr(scope, section.low);
  out.give('valueLow', low);
  const high = evalExpr(scope, section.high);
  out.give('valueHigh', high);
  calculations.push(
    ...explain.figures([
      {
        id: 'valueLow',
        description: `Estimated ${section.valueType} (low)`,
        value: low,
        unit: 'GBP',
        stage: 'value',
      },
      {
        id: 'valueMedian',
        description: `Estimated ${section.valueType} (median)`,
        value: median,
        unit: 'GBP',
        stage: 'value',
      },
      {
        id: 'valueHigh',
        description: `Estimated ${section.valueType} (high)`,
        value: high,
        unit: 'GBP',
        stage: 'value',
      },
    ]),
  );
  const likelihood = view.results.eligibility?.likelihood ?? 'Unlikely';
  const estimate: ValueEstimate = {
    serviceType: view.serviceType,
    estimates: { low, median, high },
    confidenceLevel: section.confidenceByLikelihood[likelihood],
    factors: (section.factors ?? []).map((f) => ({
      label: f.label,
      value: evalExpr(scope, f.value),
      ...(f.unit ? { unit: f.unit } : {}),
    })),
    valueType: section.valueType,
    ...(section.label === undefined ? {} : { label: explain.text(section.label, working) }),
    ...(section.note === undefined ? {} : { note: explain.text(section.note, working) }),
  };
  return { result: estimate, trace: { rules, calculations }, missing };
}
