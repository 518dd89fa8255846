// A json-rules-engine Engine built once for one stage of one definition version, and reused.
// Facts are passed to engine.run as constant runtime facts (only the ones the rules read).
import { Engine, Fact } from 'json-rules-engine';
import type { RuleResult } from 'json-rules-engine';
import type { AllCondition, AnyCondition, NotCondition } from '../../types';
import { conditionFacts } from '../conditions/evaluate-condition';
import { registerOperators, resolvePath } from '../operators';

export interface RuleSpec {
  id: string;
  description: string;
  conditions: AllCondition | AnyCondition | NotCondition;
}

const NO_CACHE = { cache: false };

export interface RuleOutcome {
  /** Index of the rule in the list given to the RuleSet. */
  index: number;
  matched: boolean;
  /** Facts the rule read (json-rules-engine's factResult of every evaluated leaf condition). */
  facts: Record<string, unknown>;
}

export interface RuleSetOptions {
  /** Order matters and the first rule that holds wins: descending priorities, stop at first success. */
  firstMatch?: boolean;
}

interface ConditionResultNode {
  fact?: string;
  factResult?: unknown;
  value?: unknown;
  valueResult?: unknown;
  result?: unknown;
  all?: ConditionResultNode[];
  any?: ConditionResultNode[];
  not?: ConditionResultNode;
}

function collectFactResults(node: ConditionResultNode | undefined, into: Record<string, unknown>): void {
  if (!node) return;
  if (node.all) node.all.forEach((c) => collectFactResults(c, into));
  else if (node.any) node.any.forEach((c) => collectFactResults(c, into));
  else if (node.not) collectFactResults(node.not, into);
  else if (typeof node.fact === 'string' && node.result !== undefined) {
    into[node.fact] = node.factResult === undefined ? null : node.factResult;
    const v = node.value;
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && 'fact' in v) {
      const name = v.fact;
      if (typeof name === 'string') into[name] = node.valueResult === undefined ? null : node.valueResult;
    }
  }
}

export class RuleSet {
  readonly size: number;
  private readonly engine: Engine;
  private readonly factNames: readonly string[];
  // json-rules-engine keeps its run status on the Engine, so two overlapping runs of one Engine
  // can cut each other short: runs of one RuleSet are queued.
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  constructor(rules: readonly RuleSpec[], options: RuleSetOptions = {}) {
    this.size = rules.length;
    const engine = new Engine([], {
      allowUndefinedFacts: true,
      pathResolver: (value: object, path: string): unknown => resolvePath(value, path),
    });
    registerOperators(engine);
    const names = new Set<string>();
    rules.forEach((rule, index) => {
      conditionFacts(rule.conditions, names);
      engine.addRule({
        name: String(index),
        // json-rules-engine priorities are ≥ 1; higher runs sooner
        priority: options.firstMatch ? rules.length - index : 1,
        conditions: rule.conditions,
        event: { type: 'rule' },
        ...(options.firstMatch
          ? {
              onSuccess: () => {
                engine.stop();
              },
            }
          : {}),
      });
    });
    this.engine = engine;
    this.factNames = [...names];
  }

  async run(facts: Record<string, unknown>): Promise<RuleOutcome[]> {
    if (this.size === 0) return [];
    // constant facts without json-rules-engine's per-fact cache key (a hash of each fact per run)
    const runtime: Record<string, Fact> = {};
    for (const name of this.factNames) {
      const v = Object.prototype.hasOwnProperty.call(facts, name) ? facts[name] : undefined;
      if (v !== undefined) runtime[name] = new Fact(name, v, NO_CACHE);
    }
    // idle Engine: run now; busy: queue behind the run in flight
    const result =
      this.pending === 0 ? this.engine.run(runtime) : this.tail.then(() => this.engine.run(runtime));
    this.pending += 1;
    this.tail = result.then(
      () => {
        this.pending -= 1;
      },
      () => {
        this.pending -= 1;
      },
    );
    const { results, failureResults } = await result;
    const outcomes: RuleOutcome[] = [];
    const add = (r: RuleResult, matched: boolean): void => {
      const read: Record<string, unknown> = {};
      collectFactResults(r.conditions as unknown as ConditionResultNode, read);
      outcomes.push({ index: Number(r.name), matched, facts: read });
    };
    results.forEach((r) => add(r, true));
    failureResults.forEach((r) => add(r, false));
    outcomes.sort((a, b) => a.index - b.index);
    return outcomes;
  }
}
