import { describe, expect, it } from 'vitest';
import {
  bandedTax,
  compileExpression,
  evaluateExpression,
  roundHalfAwayFromZero,
} from './evaluate-expression';
import { deepFreeze } from '../../definitions/loaded-definition';
import type { BandTable, Expression, ParameterValueType } from '../../types';

const run = (
  expr: Expression,
  facts: Record<string, unknown> = {},
  params: Record<string, ParameterValueType> = {},
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

describe('bandedTax', () => {
  // England's residential rates from 1 April 2025 (0% / 2% / 5% / 10% / 12%)
  const table: BandTable = [
    { upTo: 125000, rate: 0 },
    { upTo: 250000, rate: 0.02 },
    { upTo: 925000, rate: 0.05 },
    { upTo: 1500000, rate: 0.1 },
    { upTo: null, rate: 0.12 },
  ];
  const tax = (amount: Expression, more: Partial<Record<'surcharge' | 'surchargeFrom', Expression>> = {}) =>
    run({ op: 'bandedTax', amount, bands: 'bands', ...more }, { price: 300000 }, { bands: table });

  it('taxes each band slice at its rate and sums the slices', () => {
    expect(tax(0)).toBe(0);
    expect(tax(125000)).toBe(0);
    expect(tax({ fact: 'price' })).toBe(5000); // 2,500 + 2,500
    expect(tax(1600000)).toBe(105750); // 0 + 2,500 + 33,750 + 57,500 + 12,000
    expect(tax(-5)).toBe(0);
  });

  it('rounds each slice down to the pound, after removing binary noise', () => {
    expect(tax(125999.99)).toBe(19); // 999.99 × 2% = 19.9998
    expect(tax(126049.99)).toBe(20); // 1,049.99 × 2% = 20.9998 → 20 (not 21 from the total)
    expect(bandedTax(100, [{ upTo: null, rate: 0.57 }])).toBe(57); // 100 × 0.57 = 56.99999999999999
  });

  it('adds the surcharge to every band rate, from the threshold up', () => {
    expect(tax(300000, { surcharge: 0.05 })).toBe(20000); // 6,250 + 8,750 + 5,000
    expect(tax(39999, { surcharge: 0.03, surchargeFrom: 40000 })).toBe(0);
    expect(tax(40000, { surcharge: 0.03, surchargeFrom: 40000 })).toBe(1200);
    expect(tax(300000, { surcharge: { op: 'add', args: [0.03, 0.02] } })).toBe(20000);
  });

  it('gives 0 and reports the parameter when no table is in force or the value is not a table', () => {
    const missing: string[] = [];
    const ctx = (params: Record<string, ParameterValueType>) => ({
      facts: {},
      params,
      onMissing: (n: string) => missing.push(n),
    });
    expect(evaluateExpression({ op: 'bandedTax', amount: 500000, bands: 'bands' }, ctx({}))).toBe(0);
    expect(
      evaluateExpression({ op: 'bandedTax', amount: 500000, bands: 'bands' }, ctx({ bands: 0.05 })),
    ).toBe(0);
    expect(missing).toEqual(['param:bands', 'param:bands']);
  });
});

describe('compiled expressions', () => {
  const ctxWith = (facts: Record<string, unknown>, params: Record<string, ParameterValueType> = {}) => {
    const missing: string[] = [];
    return { ctx: { facts, params, onMissing: (n: string) => missing.push(n) }, missing };
  };

  it('report missing names in the order reading the tree reports them, on every call', () => {
    const expr = deepFreeze<Expression>({
      op: 'subtract',
      args: [
        { op: 'max', args: [{ fact: 'a' }, { param: 'p' }] },
        { op: 'bandedTax', amount: { fact: 'b' }, bands: 't' },
        { op: 'lookup', fact: 'k', table: { x: 1 } },
        {
          op: 'if',
          cond: { fact: 'c', operator: 'equal', value: 1 },
          then: { fact: 'd' },
          else: { fact: 'e' },
        },
        { op: 'divide', args: [{ fact: 'f' }, { fact: 'g' }] },
        { op: 'round', args: [{ fact: 'h' }, { fact: 'i' }] },
        { op: 'clamp', args: [{ fact: 'j' }, { fact: 'l' }, { fact: 'm' }] },
        { fact: 'n', default: 2 },
      ],
    });
    const expected = ['a', 'param:p', 'param:t', 'k', 'e', 'f', 'g', 'h', 'i', 'j', 'l', 'm'];
    for (let i = 0; i < 2; i += 1) {
      const { ctx, missing } = ctxWith({});
      expect(evaluateExpression(expr, ctx)).toBe(-2);
      expect(missing).toEqual(expected);
    }
    // with a band table the amount (and its missing fact) is read after the table
    const { ctx, missing } = ctxWith({ c: 1 }, { t: [{ upTo: null, rate: 0.1 }] });
    evaluateExpression(expr, ctx);
    expect(missing).toEqual(['a', 'param:p', 'b', 'k', 'd', 'f', 'g', 'h', 'i', 'j', 'l', 'm']);
  });

  it('compile a frozen tree once and a tree that is not frozen on every call', () => {
    const frozen = deepFreeze<Expression>({ op: 'add', args: [1, { fact: 'x' }] });
    expect(compileExpression(frozen)).toBe(compileExpression(frozen));
    const child = { op: 'add' as const, args: [1, 2] };
    const parent: Expression = { op: 'multiply', args: Object.freeze([10, child]) as Expression[] };
    Object.freeze(parent);
    expect(run(parent)).toBe(30);
    child.args[1] = 5; // a part that is not frozen may change between calls
    expect(run(parent)).toBe(60);
    const loose: Expression = { op: 'add', args: [1, 1] };
    expect(run(loose)).toBe(2);
    loose.args.push(1);
    expect(run(loose)).toBe(3);
  });

  it('throw for an unknown operator when evaluated, not in a branch never taken', () => {
    const bad = deepFreeze({ op: 'pow', args: [2, 3] }) as unknown as Expression;
    expect(() => run(bad)).toThrow('Unknown expression operator {"op":"pow","args":[2,3]}');
    expect(() => run(bad)).toThrow('Unknown expression operator');
    const guarded = deepFreeze<Expression>({
      op: 'if',
      cond: { fact: 'ok', operator: 'equal', value: true },
      then: 1,
      else: { op: 'add' } as unknown as Expression, // not the grammar: no args
    });
    expect(run(guarded, { ok: true })).toBe(1);
    expect(() => run(guarded, { ok: false })).toThrow(TypeError);
  });

  it('keep the sums, products and empty cases of the loops', () => {
    const negativeZero: Expression = { op: 'multiply', args: [-1, 0] };
    expect(Object.is(run(negativeZero), -0)).toBe(true);
    // the sum starts at 0: 0 + (−0) + (−0) is 0, not −0
    expect(Object.is(run({ op: 'add', args: [negativeZero, negativeZero] }), 0)).toBe(true);
    expect(Object.is(run({ op: 'add', args: [negativeZero] }), 0)).toBe(true);
    expect(run({ op: 'add', args: [] })).toBe(0);
    expect(run({ op: 'multiply', args: [] })).toBe(1);
    expect(run({ op: 'subtract', args: [] })).toBe(0);
    expect(run({ op: 'subtract', args: [5] })).toBe(5);
    expect(run({ op: 'min', args: [] })).toBe(0);
    expect(run({ op: 'max', args: [4] })).toBe(4);
    expect(run({ op: 'max', args: [1, 9, 4, 2] })).toBe(9);
    expect(run({ op: 'divide', args: [7] })).toBe(0);
    expect(run({ op: 'round', args: [2.345, 2] })).toBe(2.35);
    expect(run({ op: 'lookup', fact: 'k', table: { '1': 3, true: 4 } }, { k: 1 })).toBe(3);
    expect(run({ op: 'lookup', fact: 'k', table: { true: 4 }, default: 9 }, { k: 'toString' })).toBe(9);
  });
});

describe('roundHalfAwayFromZero without the string where it cannot matter', () => {
  // the rounding with toPrecision(15) on every value, as it was
  const reference = (x: number, decimals = 0): number => {
    if (!Number.isFinite(x)) return 0;
    const factor = 10 ** decimals;
    const raw = Math.abs(x) * factor;
    if (Number.isInteger(raw)) return x < 0 ? -raw / factor : raw / factor;
    const rounded = Math.round(Number(raw.toPrecision(15))) / factor;
    return x < 0 ? -rounded : rounded;
  };

  it('rounds as the reference does, next to halves and far from them', () => {
    let seed = 42;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const values = [1.005, 2.675, 1.0049999999999999, 0.5, -0.5, 2.5, 1e-20, 4.5e15, 5e13 + 0.5, 1e21];
    for (let i = 0; i < 20_000; i += 1) {
      const half = (Math.floor(random() * 1e9) + 0.5) / 10 ** (i % 4);
      values.push(half, -half, half * (1 + 1e-15), half * (1 - 1e-15), half + 1e-12);
      values.push((random() - 0.5) * 10 ** Math.floor(random() * 18 - 4));
    }
    // one assertion over the 480,000 comparisons (an expect per value takes seconds on a busy machine)
    const differ: string[] = [];
    for (const x of values) {
      for (let decimals = 0; decimals < 4; decimals += 1) {
        if (!Object.is(roundHalfAwayFromZero(x, decimals), reference(x, decimals)))
          differ.push(`${x} to ${decimals} places`);
      }
    }
    expect(differ).toEqual([]);
  });
});
