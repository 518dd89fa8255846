import { describe, expect, it } from 'vitest';
import { evaluateCondition, conditionFacts } from './evaluate-condition';
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
