import { describe, expect, it } from 'vitest';
import {
  applyOperator,
  operatorFunction,
  operatorOn,
  registerOperators,
  resolvePath,
  OPERATOR_NAMES,
} from './index';
import { Engine } from 'json-rules-engine';

describe('operators', () => {
  it('isAnswered: true for values, false for undefined/null/blank/empty array', () => {
    expect(applyOperator('isAnswered', 'x', true)).toBe(true);
    expect(applyOperator('isAnswered', 0, true)).toBe(true);
    expect(applyOperator('isAnswered', false, true)).toBe(true);
    expect(applyOperator('isAnswered', undefined, true)).toBe(false);
    expect(applyOperator('isAnswered', '  ', true)).toBe(false);
    expect(applyOperator('isAnswered', [], true)).toBe(false);
    expect(applyOperator('isAnswered', undefined, false)).toBe(true);
    expect(applyOperator('isAnswered', null, false)).toBe(true);
    expect(applyOperator('isAnswered', 'x', false)).toBe(false);
  });

  it('a missing fact makes every other operator false, even the negative ones', () => {
    for (const op of OPERATOR_NAMES.filter((o) => o !== 'isAnswered')) {
      expect(applyOperator(op, undefined, 'x')).toBe(false);
      expect(applyOperator(op, null, ['x'])).toBe(false);
    }
  });

  it('containsAny: shared element between array fact and array value', () => {
    expect(applyOperator('containsAny', ['a', 'b'], ['c', 'b'])).toBe(true);
    expect(applyOperator('containsAny', ['a'], ['c'])).toBe(false);
    expect(applyOperator('containsAny', 'a', ['a'])).toBe(true);
    expect(applyOperator('containsAny', [], ['a'])).toBe(false);
    expect(applyOperator('containsAny', ['a'], 'a')).toBe(false);
  });

  it('dateOnOrAfter / dateBefore compare ISO dates at the boundary', () => {
    expect(applyOperator('dateOnOrAfter', '2024-10-30', '2024-10-30')).toBe(true);
    expect(applyOperator('dateOnOrAfter', '2024-10-29', '2024-10-30')).toBe(false);
    expect(applyOperator('dateBefore', '2024-10-29', '2024-10-30')).toBe(true);
    expect(applyOperator('dateBefore', '2024-10-30', '2024-10-30')).toBe(false);
    expect(applyOperator('dateBefore', 'not a date', '2024-10-30')).toBe(false);
  });

  it('numeric comparisons accept numbers and numeric strings only', () => {
    expect(applyOperator('greaterThan', 5, 4)).toBe(true);
    expect(applyOperator('greaterThanInclusive', 4, 4)).toBe(true);
    expect(applyOperator('lessThan', '3', 4)).toBe(true);
    expect(applyOperator('lessThanInclusive', 'abc', 4)).toBe(false);
    expect(applyOperator('lessThan', '', 4)).toBe(false);
  });

  it('in / notIn / contains / doesNotContain', () => {
    expect(applyOperator('in', 'a', ['a', 'b'])).toBe(true);
    expect(applyOperator('notIn', 'c', ['a', 'b'])).toBe(true);
    expect(applyOperator('contains', ['a', 'b'], 'b')).toBe(true);
    expect(applyOperator('doesNotContain', ['a', 'b'], 'c')).toBe(true);
    expect(applyOperator('doesNotContain', 5, 'c')).toBe(false);
  });

  it('resolvePath reads nested values', () => {
    expect(resolvePath({ a: { b: [1, { c: 2 }] } }, '$.a.b[1].c')).toBe(2);
    expect(resolvePath({ a: 1 }, '$.x.y')).toBeUndefined();
  });

  it('registered on json-rules-engine, a missing fact fails notEqual', async () => {
    const engine = new Engine([], { allowUndefinedFacts: true });
    registerOperators(engine);
    engine.addRule({
      conditions: { all: [{ fact: 'x', operator: 'notEqual', value: 'a' }] },
      event: { type: 'hit' },
    });
    expect((await engine.run({})).events).toHaveLength(0);
    expect((await engine.run({ x: 'b' })).events).toHaveLength(1);
  });

  it('operatorFunction and operatorOn answer as applyOperator for every operator and value', () => {
    const samples: unknown[] = [
      undefined,
      null,
      '',
      '  ',
      0,
      -0,
      1,
      4,
      NaN,
      Infinity,
      '1',
      '4',
      ' 4 ',
      'a',
      'abc',
      true,
      false,
      [],
      ['a'],
      [1, 'a'],
      [null],
      { x: 1 },
      '2024-10-30',
      '2024-10-29T12:00',
    ];
    for (const op of OPERATOR_NAMES) {
      const fn = operatorFunction(op);
      for (const value of samples) {
        const on = operatorOn(op, value);
        for (const fact of samples) {
          const expected = applyOperator(op, fact, value);
          const label = `${op} ${String(fact)} ${String(value)}`;
          expect(fn(fact, value), label).toBe(expected);
          expect(on(fact), label).toBe(expected);
        }
      }
    }
  });
});
