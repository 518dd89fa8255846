// Property: for any condition and facts, json-rules-engine (with the engine's operators) and the
// synchronous evaluateCondition agree, so questionnaire visibility and rules can never disagree.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AllCondition, Condition, FactCondition, Operator } from '../../types';
import { OPERATOR_NAMES } from '../operators';
import { RuleSet } from '../engine/rule-set';
import { evaluateCondition } from './evaluate-condition';

const factNames = ['a', 'b', 'c', 'd'] as const;
const scalar = fc.oneof(
  fc.constantFrom('x', 'y', '', '2024-04-05', '2024-04-06', '10'),
  fc.integer({ min: -2, max: 12 }),
  fc.boolean(),
  fc.constant(null),
);
const factValue = fc.oneof(scalar, fc.array(fc.constantFrom('x', 'y', 'z'), { maxLength: 3 }));
const leaf: fc.Arbitrary<FactCondition> = fc.record({
  fact: fc.constantFrom(...factNames),
  operator: fc.constantFrom<Operator>(...OPERATOR_NAMES),
  value: fc.oneof(
    scalar,
    fc.array(fc.constantFrom('x', 'y', 'z', 1, true), { maxLength: 3 }),
    fc.record({ fact: fc.constantFrom(...factNames) }),
  ),
});
const condition: fc.Arbitrary<Condition> = fc.letrec<{ c: Condition }>((tie) => ({
  c: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.record({ all: fc.array(tie('c'), { maxLength: 3 }) }),
    fc.record({ any: fc.array(tie('c'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ not: tie('c') }),
  ),
})).c;
const facts = fc.record({ a: factValue, b: factValue, c: factValue, d: factValue }, { requiredKeys: [] });

describe('condition parity', () => {
  it('json-rules-engine and evaluateCondition agree', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(condition, { minLength: 1, maxLength: 4 }), facts, async (conditions, f) => {
        const top: AllCondition[] = conditions.map((c) => ({ all: [c] }));
        const set = new RuleSet(top.map((c, i) => ({ id: `r${i}`, description: 'r', conditions: c })));
        const outcomes = await set.run(f);
        expect(outcomes.map((o) => o.matched)).toEqual(top.map((c) => evaluateCondition(c, f)));
      }),
      { numRuns: 300, seed: 20261121 },
    );
  });
});
