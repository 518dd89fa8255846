import { describe, expect, it } from 'vitest';
import { evaluateExpression, roundHalfAwayFromZero } from './evaluate-expression';
import type { Expression } from '../../types';

const run = (
  expr: Expression,
  facts: Record<string, unknown> = {},
  params: Record<string, number | string> = {},
): number => evaluateExpression(expr, { facts, params });

describe('expressions', () => {
  it('does arithmetic over facts and parameters', () => {
    expect(run({ op: 'add', args: [1, 2, { fact: 'x' }] }, { x: 3 })).toBe(6);
    expect(run({ op: 'subtract', args: [10, 2, 3] })).toBe(5);
    expect(
      run({ op: 'multiply', args: [{ fact: 'v' }, { param: 'rate' }] }, { v: 1000 }, { rate: 0.24 }),
    ).toBe(240);
    expect(run({ op: 'min', args: [3, 1, 2] })).toBe(1);
    expect(run({ op: 'max', args: [3, 1, 2] })).toBe(3);
    expect(run({ op: 'floor', args: [2.7] })).toBe(2);
    expect(run({ op: 'ceil', args: [2.1] })).toBe(3);
    expect(run({ op: 'abs', args: [-4] })).toBe(4);
    expect(run({ op: 'clamp', args: [15, 0, 10] })).toBe(10);
    expect(run({ op: 'clamp', args: [-5, 0, 10] })).toBe(0);
  });

  it('divides by zero as 0', () => {
    expect(run({ op: 'divide', args: [10, 0] })).toBe(0);
    expect(run({ op: 'divide', args: [10, { fact: 'missing', default: 0 }] })).toBe(0);
    expect(run({ op: 'divide', args: [10, 4] })).toBe(2.5);
  });

  it('rounds half away from zero', () => {
    expect(roundHalfAwayFromZero(2.5)).toBe(3);
    expect(roundHalfAwayFromZero(-2.5)).toBe(-3);
    expect(roundHalfAwayFromZero(1.005, 2)).toBe(1.01);
    expect(roundHalfAwayFromZero(2.4)).toBe(2);
    expect(run({ op: 'round', args: [{ op: 'divide', args: [1, 3] }, 2] })).toBe(0.33);
    expect(run({ op: 'round', args: [-0.5] })).toBe(-1);
  });

  it('chooses with if over a condition and looks values up in a table', () => {
    const expr: Expression = {
      op: 'if',
      cond: { all: [{ fact: 'band', operator: 'equal', value: 'higher' }] },
      then: 0.24,
      else: 0.18,
    };
    expect(run(expr, { band: 'higher' })).toBe(0.24);
    expect(run(expr, {})).toBe(0.18);
    const lookup: Expression = { op: 'lookup', fact: 'size', table: { sme: 0.25, large: 0.13 }, default: 0 };
    expect(run(lookup, { size: 'large' })).toBe(0.13);
    expect(run(lookup, { size: 'other' })).toBe(0);
  });

  it('reads a missing fact as its default, else 0, and reports it', () => {
    const missing: string[] = [];
    const value = evaluateExpression(
      { op: 'add', args: [{ fact: 'a' }, { fact: 'b', default: 5 }, { param: 'p' }] },
      { facts: {}, params: {}, onMissing: (n) => missing.push(n) },
    );
    expect(value).toBe(5);
    expect(missing).toEqual(['a', 'param:p']);
  });

  it('accepts numeric strings and booleans as numbers', () => {
    expect(run({ fact: 'x' }, { x: '12.5' })).toBe(12.5);
    expect(run({ fact: 'x' }, { x: true })).toBe(1);
    expect(run({ fact: 'x', default: 7 }, { x: 'abc' })).toBe(7);
  });
});
