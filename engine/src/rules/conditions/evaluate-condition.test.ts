import { describe, expect, it } from 'vitest';
import { compileCondition, evaluateCondition, conditionFacts } from './evaluate-condition';
import { deepFreeze } from '../../definitions/loaded-definition';
import { OPERATOR_NAMES } from '../operators';
import type { Condition } from '../../types';

describe('evaluateCondition', () => {
  const cond: Condition = {
    all: [
      { fact: 'a', operator: 'equal', value: true },
      {
        any: [
          { fact: 'b', operator: 'greaterThan', value: 10 },
          { not: { fact: 'c', operator: 'isAnswered', value: true } },
        ],
      },
    ],
  };
  it('evaluates all / any / not', () => {
    expect(evaluateCondition(cond, { a: true, b: 11, c: 'x' })).toBe(true);
    expect(evaluateCondition(cond, { a: true, b: 9, c: 'x' })).toBe(false);
    expect(evaluateCondition(cond, { a: true, b: 9 })).toBe(true);
    expect(evaluateCondition(cond, { a: false, b: 11 })).toBe(false);
  });
  it('a missing fact is false; isAnswered false is true', () => {
    expect(evaluateCondition({ fact: 'x', operator: 'notEqual', value: 1 }, {})).toBe(false);
    expect(evaluateCondition({ fact: 'x', operator: 'isAnswered', value: false }, {})).toBe(true);
  });
  it('compares with another fact and follows a path', () => {
    expect(
      evaluateCondition({ fact: 'a', operator: 'greaterThan', value: { fact: 'b' } }, { a: 2, b: 1 }),
    ).toBe(true);
    expect(evaluateCondition({ fact: 'o', path: '$.n', operator: 'equal', value: 3 }, { o: { n: 3 } })).toBe(
      true,
    );
  });
  it('does not read inherited properties as facts', () => {
    expect(evaluateCondition({ fact: 'toString', operator: 'isAnswered', value: true }, {})).toBe(false);
  });
  it('lists the facts a condition reads', () => {
    expect([...conditionFacts(cond)].sort()).toEqual(['a', 'b', 'c']);
  });
});

describe('compiled conditions', () => {
  it('throw for an unknown operator each time its leaf is reached, and only then', () => {
    const cond = deepFreeze({
      all: [
        { fact: 'x', operator: 'equal', value: 1 },
        { fact: 'y', operator: 'bogus', value: 1 },
      ],
    }) as unknown as Condition;
    expect(evaluateCondition(cond, { x: 2 })).toBe(false);
    expect(() => evaluateCondition(cond, { x: 1 })).toThrow('Unknown operator "bogus"');
    expect(() => evaluateCondition(cond, { x: 1 })).toThrow('Unknown operator "bogus"');
  });

  it('a missing or null fact is false for every operator but isAnswered', () => {
    for (const operator of OPERATOR_NAMES) {
      for (const value of [1, 'a', null, ['a', null], true, false, '2024-01-01', { fact: 'other' }]) {
        const leaf = deepFreeze({ fact: 'x', operator, value }) as Condition;
        for (const facts of [{}, { x: null }, { x: undefined }, { other: null }]) {
          const expected = operator === 'isAnswered' ? value === false : false;
          expect(evaluateCondition(leaf, facts), `${operator} ${JSON.stringify(value)}`).toBe(expected);
        }
      }
    }
  });

  it('compare with another fact as it is when the condition is evaluated', () => {
    const cond = deepFreeze<Condition>({ fact: 'a', operator: 'notEqual', value: { fact: 'b' } });
    expect(evaluateCondition(cond, { a: 1 })).toBe(true); // 1 !== undefined
    expect(evaluateCondition(cond, { a: 1, b: 1 })).toBe(false);
    expect(evaluateCondition(cond, { a: 1, b: 2 })).toBe(true);
  });

  it('follow paths into object facts only', () => {
    const at = (path: string, facts: Record<string, unknown>) =>
      evaluateCondition(deepFreeze<Condition>({ fact: 'o', path, operator: 'equal', value: 3 }), facts);
    expect(at('$.list[1].x', { o: { list: [{}, { x: 3 }] } })).toBe(true);
    expect(at("$['a b']", { o: { 'a b': 3 } })).toBe(true);
    expect(at('$.n', { o: 3 })).toBe(true); // not an object: the value as it is
    expect(at('$.n.m', { o: { n: 3 } })).toBe(false);
    expect(at('', { o: 3 })).toBe(true);
  });

  it('compile a frozen condition once and one that is not frozen on every call', () => {
    const frozen = deepFreeze<Condition>({ any: [{ fact: 'x', operator: 'in', value: [1, 2] }] });
    expect(compileCondition(frozen)).toBe(compileCondition(frozen));
    const list: number[] = [1, 2];
    const leaf = Object.freeze({ fact: 'x', operator: 'in' as const, value: list });
    const parent: Condition = { all: Object.freeze([leaf]) as Condition[] };
    Object.freeze(parent);
    expect(evaluateCondition(parent, { x: 3 })).toBe(false);
    list.push(3);
    expect(evaluateCondition(parent, { x: 3 })).toBe(true);
    const loose: Condition = { fact: 'x', operator: 'equal', value: 1 };
    expect(evaluateCondition(loose, { x: 2 })).toBe(false);
    loose.value = 2;
    expect(evaluateCondition(loose, { x: 2 })).toBe(true);
    loose.operator = 'lessThan';
    expect(evaluateCondition(loose, { x: 1 })).toBe(true);
  });
});
