import { describe, expect, it } from 'vitest';
import { RuleSet, type RuleSpec } from './rule-set';
import { evaluateCondition } from '../conditions/evaluate-condition';
import type { AllCondition } from '../../types';

const rules: RuleSpec[] = [1, 2, 3, 4, 5, 6].map((n) => ({
  id: `is-${n}`,
  description: `x is ${n}`,
  conditions: { all: [{ fact: 'x', operator: 'equal', value: n }] },
}));

describe('RuleSet', () => {
  it('first match: stops at the first rule that holds, in order', async () => {
    const set = new RuleSet(rules, { firstMatch: true });
    const outcomes = await set.run({ x: 2 });
    expect(outcomes.map((o) => [o.index, o.matched])).toEqual([
      [0, false],
      [1, true],
    ]);
    expect(outcomes[1]?.facts).toEqual({ x: 2 });
  });

  it('order-independent rules all run at one priority', async () => {
    const set = new RuleSet(rules);
    const outcomes = await set.run({ x: 6 });
    expect(outcomes.filter((o) => o.matched).map((o) => o.index)).toEqual([5]);
    expect(outcomes).toHaveLength(6);
  });

  it('overlapping runs of one Engine do not cut each other short', async () => {
    const set = new RuleSet(rules, { firstMatch: true });
    const xs = Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? 1 : 6));
    const results = await Promise.all(xs.map((x) => set.run({ x })));
    expect(results.map((outcomes) => outcomes.find((o) => o.matched)?.index)).toEqual(xs.map((x) => x - 1));
  });

  it('passes only the facts its rules read and reads a missing fact as null in the trace', async () => {
    const set = new RuleSet([
      { id: 'a', description: 'a', conditions: { all: [{ fact: 'y', operator: 'notEqual', value: 1 }] } },
    ]);
    const [outcome] = await set.run({ x: 1 });
    expect(outcome).toEqual({ index: 0, matched: false, facts: { y: null } });
  });

  it('agrees with the synchronous evaluateCondition on missing facts, paths and fact comparisons', async () => {
    const conditions: AllCondition[] = [
      { all: [{ fact: 'm', operator: 'notEqual', value: 1 }] },
      { all: [{ fact: 'm', operator: 'isAnswered', value: false }] },
      { all: [{ fact: 'o', path: '$.a.b', operator: 'equal', value: 2 }] },
      { all: [{ fact: 's', path: '$.a', operator: 'equal', value: 'text' }] },
      { all: [{ fact: 'n', operator: 'greaterThan', value: { fact: 'k' } }] },
      { all: [{ fact: 'd', operator: 'dateBefore', value: { fact: 'missing' } }] },
      { all: [{ fact: 'arr', operator: 'containsAny', value: ['x', 'z'] }] },
      { all: [{ fact: 'arr', operator: 'doesNotContain', value: 'q' }] },
    ];
    const facts = { o: { a: { b: 2 } }, s: 'text', n: 5, k: 4, d: '2024-01-01', arr: ['x', 'y'] };
    const set = new RuleSet(conditions.map((c, i) => ({ id: `r${i}`, description: `r${i}`, conditions: c })));
    const outcomes = await set.run(facts);
    expect(outcomes.map((o) => o.matched)).toEqual(conditions.map((c) => evaluateCondition(c, facts)));
    expect(outcomes.map((o) => o.matched)).toEqual([false, true, true, true, true, false, true, true]);
  });
});
