// Stage 8: value. Selections (rates and factors chosen by rules), then value calculations,
// then median, low and high.
import type { ValueEstimate } from '../../types';
import { evalExpr, fillText, type EvaluationState } from './state';
import { calculationTrace } from './fill-template';

export async function runValue(state: EvaluationState): Promise<ValueEstimate> {
  const def = state.definition;
  const section = def.value;
  const selections = section.selections ?? [];
  if (selections.length > 0) {
    const { rules, map } = state.engines.selections;
    const outcomes = await rules.run(state.facts);
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
      state.trace.rules.push({
        stage: 'selection',
        id: rule.id,
        description: rule.description,
        text: fillText(state, rule.description),
        matched: outcome.matched,
        facts: outcome.facts,
        value: rule.value,
        counted: countedIndex.has(outcome.index),
      });
    }
    selections.forEach((s, i) => {
      state.facts[s.id] = values[i]?.value ?? s.default;
    });
  }
  for (const calc of section.calculations ?? []) {
    const value = evalExpr(state, calc.expr);
    state.facts[calc.id] = value;
    if (!state.outcomeOnly)
      state.trace.calculations.push(calculationTrace(calc, value, state.facts, 'value'));
  }
  const median = evalExpr(state, section.median);
  state.facts.valueMedian = median;
  const low = evalExpr(state, section.low);
  state.facts.valueLow = low;
  const high = evalExpr(state, section.high);
  state.facts.valueHigh = high;
  if (!state.outcomeOnly)
    state.trace.calculations.push(
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
    );
  const likelihood = state.eligibility?.likelihood ?? 'Unlikely';
  const estimate: ValueEstimate = {
    serviceType: state.serviceType,
    estimates: { low, median, high },
    confidenceLevel: section.confidenceByLikelihood[likelihood],
    factors: (section.factors ?? []).map((f) => ({
      label: f.label,
      value: evalExpr(state, f.value),
      ...(f.unit ? { unit: f.unit } : {}),
    })),
    valueType: section.valueType,
    ...(section.label === undefined ? {} : { label: fillText(state, section.label) }),
    ...(section.note === undefined ? {} : { note: fillText(state, section.note) }),
  };
  state.value = estimate;
  return estimate;
}
