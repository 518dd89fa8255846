import { describe, expect, it } from 'vitest';
import { computeInputs } from './compute-inputs';
import { deepFreeze } from '../../definitions/loaded-definition';
import type { InputSpec, TraceRule } from '../../types';

const specs = (): InputSpec[] => [
  { name: 'kind', kind: 'answer', from: 'q_kind' },
  { name: 'price', kind: 'number', from: 'q_price' },
  { name: 'band', kind: 'map', from: 'q_band', map: { a: 1, b: 2 }, default: 0 },
  {
    name: 'rate',
    description: 'Rate by kind',
    kind: 'cases',
    cases: [
      { when: { fact: 'kind', operator: 'equal', value: 'x' }, value: 0.1 },
      { when: { all: [{ fact: 'price', operator: 'greaterThan', value: 100 }] }, value: ['big'] },
    ],
    default: 0,
  },
  { name: 'held', kind: 'monthsSince', from: 'q_bought' },
  { name: 'later', kind: 'addMonths', from: 'q_bought', months: 12 },
  { name: 'span', kind: 'daysBetween', from: 'q_bought', to: 'later' },
  { name: 'year', kind: 'taxYear', from: 'q_bought' },
  { name: 'count', kind: 'count', from: 'q_list' },
  { name: 'gain', kind: 'expression', expr: { op: 'subtract', args: [{ fact: 'price' }, { fact: 'cost' }] } },
];

function run(inputs: InputSpec[], answers: Record<string, unknown>, given?: Record<string, unknown>) {
  const trace: TraceRule[] = [];
  const missing: string[] = [];
  const values = computeInputs({
    definition: { inputs },
    answers,
    asOf: '2025-06-01',
    trace,
    onMissing: (n) => missing.push(n),
    ...(given ? { given } : {}),
  });
  return { values, trace, missing };
}

describe('computeInputs with compiled specs', () => {
  const answers = [
    { q_kind: 'x', q_price: '£1,200', q_band: 'b', q_bought: '2024-02-29', q_list: [1, 2] },
    { q_kind: 'y', q_price: 150, q_band: 'c', q_bought: 'not a date', q_list: 'x' },
    { q_kind: null, q_band: '' },
  ];

  it('computes, traces and reports the same for frozen specs (compiled once) as for fresh ones', () => {
    const frozen = deepFreeze(specs());
    for (const a of answers) {
      const first = run(frozen, a);
      expect(run(frozen, a)).toEqual(first);
      expect(run(specs(), a)).toEqual(first);
    }
    const { values, trace, missing } = run(frozen, answers[0] as Record<string, unknown>);
    expect(values).toEqual({
      kind: 'x',
      price: 1200,
      band: 2,
      rate: 0.1,
      held: 15,
      later: '2025-02-28',
      span: 365,
      year: '2023-24',
      count: 2,
      gain: 1200,
    });
    expect(trace.map((t) => [t.id, t.description, t.matched, t.value, t.facts])).toEqual([
      ['rate#1', 'Rate by kind', true, 0.1, { kind: 'x' }],
    ]);
    expect(missing).toEqual(['cost']);
    const second = run(frozen, answers[1] as Record<string, unknown>);
    expect(second.values.rate).toEqual(['big']);
    expect(second.trace.map((t) => [t.id, t.matched, 'value' in t])).toEqual([
      ['rate#1', false, true],
      ['rate#2', true, false],
    ]);
  });

  it('follows specs that are not frozen when they change between calls', () => {
    const inputs = specs();
    expect(run(inputs, { q_band: 'a' }).values.band).toBe(1);
    (inputs[2] as { map: Record<string, number> }).map.a = 7;
    expect(run(inputs, { q_band: 'a' }).values.band).toBe(7);
  });

  it('keeps given inputs, and a malformed spec throws only when it is computed', () => {
    const inputs = deepFreeze([
      { name: 'bad', kind: 'cases', cases: null } as unknown as InputSpec,
      { name: 'double', kind: 'expression', expr: { op: 'multiply', args: [{ fact: 'bad' }, 2] } },
    ] satisfies InputSpec[]);
    expect(run(inputs, {}, { bad: 4 }).values).toEqual({ bad: 4, double: 8 });
    expect(() => run(inputs, {})).toThrow(TypeError);
  });
});
