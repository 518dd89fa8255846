import { describe, expect, it } from 'vitest';
import { Engine, Rule, type RuleResult } from 'json-rules-engine';
import { prepareRule, RuleSet, type RuleSpec } from './rule-set';
import { evaluateCondition } from '../conditions/evaluate-condition';
import { registerOperators, resolvePath } from '../operators';
import type { AllCondition } from '../../types';

const rules: RuleSpec[] = [1, 2, 3, 4, 5, 6].map((n) => ({
  id: `is-${n}`,
  description: `x is ${n}`,
  conditions: { all: [{ fact: 'x', operator: 'equal', value: n }] },
}));

/** The leaves of a condition tree (as JSON), in the order a walk of the tree meets them. */
function leavesOf(node: unknown): unknown[] {
  const n = node as Record<string, unknown>;
  if (Array.isArray(n.all)) return n.all.flatMap(leavesOf);
  if (Array.isArray(n.any)) return n.any.flatMap(leavesOf);
  if (n.not) return leavesOf(n.not);
  return [n];
}

/** A condition tree as JSON, without the priorities the RuleSet gives every leaf (1, the default). */
function withoutPriorities(conditions: unknown): unknown {
  return JSON.parse(JSON.stringify(conditions), (key, value: unknown): unknown =>
    key === 'priority' ? undefined : value,
  );
}

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

  it("overlapping runs each read their own facts (the rules' conditions are shared between runs)", async () => {
    const set = new RuleSet(rules);
    const xs = Array.from({ length: 40 }, (_, i) => (i % 6) + 1);
    const results = await Promise.all(xs.map((x) => set.run({ x })));
    results.forEach((outcomes, i) => {
      expect(outcomes.map((o) => o.facts)).toEqual(rules.map(() => ({ x: xs[i] })));
      expect(outcomes.filter((o) => o.matched).map((o) => o.index)).toEqual([(xs[i] ?? 0) - 1]);
    });
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

  it("settles each leaf as json-rules-engine's own Condition#evaluate does, read from its results", async () => {
    const conditions: AllCondition[] = [
      { all: [{ fact: 'm', operator: 'notEqual', value: 1 }] },
      {
        all: [
          { fact: 'o', path: '$.a.b', operator: 'equal', value: 2 },
          { fact: 'n', operator: 'lessThan', value: 9 },
        ],
      },
      { all: [{ fact: 's', path: '$.a', operator: 'equal', value: 'text' }] },
      { all: [{ fact: 'n', operator: 'greaterThan', value: { fact: 'k' } }] },
      { all: [{ fact: 'n', operator: 'equal', value: { fact: 'k' } }] },
      { all: [{ fact: 'd', operator: 'dateBefore', value: { fact: 'missing' } }] },
      {
        all: [
          {
            any: [
              { fact: 'arr', operator: 'containsAny', value: ['x', 'z'] },
              { not: { fact: 'k', operator: 'in', value: [1, 4] } },
            ],
          },
        ],
      },
      {
        all: [
          { fact: 'arr', operator: 'doesNotContain', value: 'q' },
          { fact: 'm', operator: 'isAnswered', value: false },
        ],
      },
    ];
    const factSets: Record<string, unknown>[] = [
      { o: { a: { b: 2 } }, s: 'text', n: 5, k: 4, d: '2024-01-01', arr: ['x', 'y'] },
      { o: { a: { b: 5 } }, s: { a: 'text' }, n: 5, k: 7, arr: [], m: 1 },
      {},
    ];
    const specs = conditions.map((c, i) => ({ id: `r${i}`, description: `r${i}`, conditions: c }));
    const set = new RuleSet(specs);
    for (const facts of factSets) {
      // json-rules-engine on its own: its Almanac, its Condition#evaluate, rules as given
      const library = new Engine([], {
        allowUndefinedFacts: true,
        pathResolver: (value: object, path: string): unknown => resolvePath(value, path),
      });
      registerOperators(library);
      specs.forEach((spec, i) =>
        library.addRule({ name: String(i), conditions: spec.conditions, event: { type: 'rule' } }),
      );
      const { results, failureResults } = await library.run(facts);
      const byRule = [...results, ...failureResults].sort((a, b) => Number(a.name) - Number(b.name));
      const own = await set.run(facts);
      expect(own.map((o) => o.matched)).toEqual(byRule.map((r) => r.result as boolean));
      // the leaves' results, fact results and compared values json-rules-engine wrote, in the
      // order a walk of each rule's conditions meets them, as the set's one prepared rule holds them
      const expected = byRule.map((r) => leavesOf(withoutPriorities(r.conditions)));
      const engine = (set as unknown as { engine: { rules: Rule[] } }).engine;
      expect(engine.rules).toHaveLength(1);
      const root = withoutPriorities(engine.rules[0]?.conditions) as { all: unknown[] };
      expect(root.all.map(leavesOf)).toEqual(expected);
    }
  });

  it('gives json-rules-engine one rule for the set, each rule a condition of it, single-child all/any left out', () => {
    const set = new RuleSet([
      { id: 'a', description: 'a', conditions: { all: [{ fact: 'x', operator: 'equal', value: 1 }] } },
      {
        id: 'b',
        description: 'b',
        conditions: {
          all: [
            { fact: 'x', operator: 'equal', value: 1 },
            {
              all: [
                { fact: 'y', operator: 'equal', value: 2 },
                { any: [{ fact: 'z', operator: 'equal', value: 3 }] },
              ],
            },
            {
              any: [
                { fact: 'y', operator: 'equal', value: 4 },
                { fact: 'z', operator: 'equal', value: 5 },
              ],
            },
          ],
        },
      },
    ]);
    const engine = (set as unknown as { engine: { rules: Rule[] } }).engine;
    expect(engine.rules).toHaveLength(1);
    const shape = (node: unknown): unknown => {
      const n = node as Record<string, unknown>;
      if (Array.isArray(n.all)) return { all: n.all.map(shape) };
      if (Array.isArray(n.any)) return { any: n.any.map(shape) };
      if (n.not) return { not: shape(n.not) };
      return `${String(n.fact)}=${String(n.value)}`;
    };
    expect(shape(JSON.parse(JSON.stringify(engine.rules[0]?.conditions)))).toEqual({
      all: ['x=1', { all: ['x=1', 'y=2', 'z=3', { any: ['y=4', 'z=5'] }] }],
    });
  });

  it('a run reads nothing left by the run before it', async () => {
    const mixed: RuleSpec[] = [
      {
        id: 'a',
        description: 'a',
        conditions: {
          any: [
            { fact: 'x', operator: 'equal', value: 1 },
            { fact: 'y', operator: 'equal', value: 2 },
          ],
        },
      },
      ...rules,
    ];
    const reused = new RuleSet(mixed, { firstMatch: true });
    for (const facts of [{ x: 6, y: 2 }, { x: 4 }, {}, { y: 2 }, { x: 5, y: 3 }]) {
      const fresh = await new RuleSet(mixed, { firstMatch: true }).run(facts);
      expect(await reused.run(facts)).toEqual(fresh);
    }
  });

  it("a prepared rule's result shares its root condition and event, and prints as before", async () => {
    const spec = {
      conditions: { all: [{ fact: 'x', operator: 'in', value: [1, 2, 3] }] },
      event: { type: 'rule' },
    };
    const printedRule = new Rule(spec);
    const printed = printedRule.toJSON();
    const rule = new Rule(spec);
    const [leaf] = prepareRule(rule);
    const engine = new Engine([rule]);
    const seen: RuleResult[] = [];
    engine.on('success', (_event, _almanac, result) => {
      seen.push(result);
    });
    await engine.run({ x: 2 });
    // json-rules-engine copied neither the root condition nor the event: the leaf holds this run's result
    expect(seen[0]?.conditions).toBe(rule.conditions);
    expect(seen[0]?.event).toBe(rule.event);
    const Condition = (printedRule.conditions as object).constructor;
    expect(rule.conditions).toBeInstanceOf(Condition);
    expect((rule.conditions as unknown as { all: unknown[] }).all[0]).toBe(leaf);
    expect(leaf).toMatchObject({ fact: 'x', factResult: 2, result: true });
    expect(JSON.parse(rule.toJSON())).toEqual({
      ...(JSON.parse(printed) as object),
      conditions: {
        priority: 1,
        all: [
          {
            fact: 'x',
            operator: 'in',
            value: [1, 2, 3],
            factResult: 2,
            valueResult: [1, 2, 3],
            result: true,
          },
        ],
      },
    });
  });
});
