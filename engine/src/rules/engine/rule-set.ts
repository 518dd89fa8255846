// A json-rules-engine Engine built once for one stage of one definition version, and reused.
// A run reads the evaluation's facts through an Almanac of its own (see FactsAlmanac).
import { Almanac, Engine, Rule } from 'json-rules-engine';
import type { EngineResult, TopLevelCondition } from 'json-rules-engine';
import type { AllCondition, AnyCondition, Condition, NotCondition } from '../../types';
import { registerOperators, resolvePath } from '../operators';
import { ownValue } from '../own-value';

export interface RuleSpec {
  id: string;
  description: string;
  conditions: AllCondition | AnyCondition | NotCondition;
}

/**
 * The Almanac of one run: json-rules-engine asks it for every fact a condition reads (and every
 * `{ fact }` a condition compares with), and it answers from the evaluation's facts as they are,
 * instead of a Fact object and a settled promise made per fact per run for the engine's own
 * Almanac. A missing fact is undefined, as json-rules-engine's `allowUndefinedFacts` gives it; a
 * `path` applies to object facts, as json-rules-engine's Almanac applies its pathResolver.
 */
class FactsAlmanac extends Almanac {
  constructor(private readonly facts: Record<string, unknown>) {
    super({ allowUndefinedFacts: true });
  }

  override factValue<T>(factId: string, _params?: Record<string, unknown>, path?: string): Promise<T> {
    return Promise.resolve(this.valueNow(factId, path) as T);
  }

  /** A fact's value as factValue settles with it, without the promise. */
  valueNow(factId: string, path?: string): unknown {
    const value = ownValue(this.facts, factId);
    if (path && value !== null && typeof value === 'object') return resolvePath(value, path);
    return value;
  }
}

interface LeafNode {
  fact: string;
  operator: string;
  value: unknown;
  path?: string;
  evaluate: (almanac: Almanac, operatorMap: OperatorMap) => Promise<LeafEvaluation>;
}

interface LeafEvaluation {
  result: boolean;
  leftHandSideValue: unknown;
  rightHandSideValue: unknown;
  operator: string;
}

interface OperatorMap {
  get(name: string): { evaluate: (factValue: unknown, value: unknown) => boolean } | null;
}

/**
 * json-rules-engine's Condition#evaluate asks the Almanac for the compared value and the fact
 * (a promise each), waits for both together and destructures the pair: six promises and a
 * debug record per leaf. Against a FactsAlmanac, whose values are there already, a leaf settles
 * with the same evaluation (the library's operator, looked up in the same operator map, applied
 * to the same two values) in one promise; against any other Almanac it runs as the library does.
 */
function settleAtOnce(leaf: LeafNode): void {
  const libraryEvaluate = leaf.evaluate;
  const { fact, operator, value, path } = leaf;
  const compared =
    value !== null && typeof value === 'object' && Object.prototype.hasOwnProperty.call(value, 'fact')
      ? (value as { fact: string; path?: string })
      : undefined;
  let map: OperatorMap | undefined;
  let op: ReturnType<OperatorMap['get']> = null;
  Object.defineProperty(leaf, 'evaluate', {
    value(this: LeafNode, almanac: Almanac, operatorMap: OperatorMap): Promise<LeafEvaluation> {
      if (!(almanac instanceof FactsAlmanac) || !operatorMap)
        return libraryEvaluate.call(this, almanac, operatorMap);
      if (map !== operatorMap) {
        op = operatorMap.get(operator);
        map = operatorMap;
      }
      if (!op) return libraryEvaluate.call(this, almanac, operatorMap);
      const leftHandSideValue = almanac.valueNow(fact, path);
      const rightHandSideValue = compared ? almanac.valueNow(compared.fact, compared.path) : value;
      return Promise.resolve({
        result: op.evaluate(leftHandSideValue, rightHandSideValue),
        leftHandSideValue,
        rightHandSideValue,
        operator,
      });
    },
  });
}

export interface RuleOutcome {
  /** Index of the rule in the list given to the RuleSet. */
  index: number;
  matched: boolean;
  /** Facts the rule read (json-rules-engine's factResult of every evaluated leaf condition). */
  facts: Record<string, unknown>;
}

export interface RuleSetOptions {
  /**
   * Order matters and the first rule that holds wins: the outcomes end at the first rule that
   * holds. (Every rule is still evaluated, in one round: the rules are cheaper to evaluate than
   * json-rules-engine's rounds, one per priority, and evaluating one changes nothing.)
   */
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
  else readLeaf(node, into);
}

/** A leaf the run evaluated: the fact it read, and the fact it compared with, if any. */
function readLeaf(node: ConditionResultNode, into: Record<string, unknown>): void {
  if (typeof node.fact !== 'string' || node.result === undefined) return;
  into[node.fact] = node.factResult === undefined ? null : node.factResult;
  const v = node.value;
  if (v !== null && typeof v === 'object' && !Array.isArray(v) && 'fact' in v) {
    const name = v.fact;
    if (typeof name === 'string') into[name] = node.valueResult === undefined ? null : node.valueResult;
  }
}

/**
 * json-rules-engine's RuleResult deep-copies a rule's condition tree and its event on every
 * evaluation (the `clone` package: a fifth of an assessment's time), so that a caller may change
 * its results. `clone` returns anything whose type is not "object" as it is, functions included.
 * A prepared rule's root condition and event are therefore function objects holding the
 * original's fields and prototype (a Condition stays an instanceof Condition; toJSON prints the
 * original): every evaluation's RuleResult shares them, and json-rules-engine writes each run's
 * results into the sub-conditions below the root, which are the Rule's own. The runs of a RuleSet
 * are serialised; each clears those results first and reads them before the next one starts.
 * (Should json-rules-engine copy differently one day, the tree is copied as before and the
 * results read from the copy: slower, equally right.)
 */
function uncopied<T extends object>(original: T & { toJSON?: (stringify?: boolean) => unknown }): T {
  const source = original as Record<string, unknown>;
  // an arrow function: no `prototype` of its own; its `name` and `length` are removed
  const view = (): undefined => undefined;
  delete (view as { name?: string }).name;
  delete (view as { length?: number }).length;
  Object.setPrototypeOf(view, Object.getPrototypeOf(original) as object | null);
  Object.assign(view, source);
  const print = original.toJSON;
  Object.defineProperty(view, 'toJSON', {
    value: print ? (stringify?: boolean) => print.call(original, stringify) : () => ({ ...source }),
  });
  return view as unknown as T;
}

export function prepareRule(rule: Rule): ConditionResultNode[] {
  const root = rule.conditions;
  rule.conditions = uncopied(root);
  rule.ruleEvent = uncopied(rule.ruleEvent);
  rule.event = rule.ruleEvent;
  const below: ConditionResultNode[] = [];
  const walk = (node: ConditionResultNode): void => {
    below.push(node);
    node.all?.forEach(walk);
    node.any?.forEach(walk);
    if (node.not) walk(node.not);
  };
  const top = root as unknown as ConditionResultNode;
  top.all?.forEach(walk);
  top.any?.forEach(walk);
  if (top.not) walk(top.not);
  return below;
}

/**
 * A condition as json-rules-engine is given it: every leaf with the same keys in the same order
 * (and the results a run writes already present), so the library's code reading conditions sees
 * one shape of leaf, not one per way a definition happens to write it. `priority: 1` is what a
 * leaf's priority is anyway (json-rules-engine otherwise asks the engine for the fact's).
 *
 * Boolean nodes that decide nothing are left out: an `all` or `any` of one condition is that
 * condition, and an `all` inside an `all` (an `any` inside an `any`) adds its conditions to its
 * parent's. Every condition of a rule is evaluated either way (one priority, no short cut: see
 * QuietRule), so the rule holds exactly when it did and its leaves read the same facts, in the
 * same order; json-rules-engine just settles fewer promises on the way.
 */
function engineCondition(condition: Condition): object {
  if ('all' in condition || 'any' in condition) {
    const kind = 'all' in condition ? 'all' : 'any';
    const children = 'all' in condition ? condition.all : condition.any;
    if (children.length === 1) return engineCondition(children[0] as Condition);
    const flat: object[] = [];
    for (const child of children) {
      const node = engineCondition(child) as Record<string, unknown>;
      const same = node[kind];
      if (Array.isArray(same)) flat.push(...(same as object[]));
      else flat.push(node);
    }
    return { [kind]: flat, result: undefined };
  }
  if ('not' in condition) return { not: engineCondition(condition.not), result: undefined };
  return {
    fact: condition.fact,
    operator: condition.operator,
    value: condition.value,
    path: condition.path,
    priority: 1,
    factResult: undefined,
    valueResult: undefined,
    result: undefined,
  };
}

function clearResults(nodes: readonly ConditionResultNode[]): void {
  for (const node of nodes) {
    if (node.result !== undefined) node.result = undefined;
    if (node.factResult !== undefined) node.factResult = undefined;
    if (node.valueResult !== undefined) node.valueResult = undefined;
  }
}

// json-rules-engine's Engine and Rule are EventEmitter2 emitters; its types leave that out
declare module 'json-rules-engine' {
  interface Engine {
    hasListeners(type?: string): boolean;
    emitAsync(type: string, ...args: unknown[]): Promise<unknown>;
  }
  interface Rule {
    prioritizeConditions(conditions: readonly object[]): (readonly object[])[];
    hasListeners(type?: string): boolean;
    emitAsync(type: string, ...args: unknown[]): Promise<unknown>;
  }
}

const NOTHING_TO_WAIT_FOR: Promise<unknown> = Promise.resolve([]);

/*
 * json-rules-engine emits three events per rule evaluation (the rule's success or failure, then
 * the engine's, then the event's type), each a promise of all its listeners. A RuleSet reads the
 * results from the run's return and listens to none: an event nobody listens to is the settled
 * promise json-rules-engine would wait on anyway, without the emitter's work to find that out.
 */
class QuietEngine extends Engine {
  override emitAsync(type: string, ...args: unknown[]): Promise<unknown> {
    return this.hasListeners(type) ? super.emitAsync(type, ...args) : NOTHING_TO_WAIT_FOR;
  }
}

class QuietRule extends Rule {
  override emitAsync(type: string, ...args: unknown[]): Promise<unknown> {
    return this.hasListeners(type) ? super.emitAsync(type, ...args) : NOTHING_TO_WAIT_FOR;
  }

  /**
   * json-rules-engine groups an all/any's conditions by priority, on every evaluation, to
   * evaluate the groups in turn. Every condition of a RuleSet has priority 1 (engineCondition),
   * so there is one group: the conditions as they are.
   */
  override prioritizeConditions(conditions: readonly object[]): (readonly object[])[] {
    return [conditions];
  }
}

/**
 * The rules of one stage of one definition version, evaluated by json-rules-engine as one Engine
 * holding one Rule: an `all` whose conditions are the set's rules, each rule's condition tree as
 * the definition gives it (engineCondition). json-rules-engine evaluates those conditions as it
 * evaluates any rule's (every condition of an `all` at one priority, together, each result written
 * into its condition), and a rule of the set holds when its condition's result is true.
 *
 * One Rule rather than one per rule of the set: json-rules-engine's per-rule work (a RuleResult,
 * its copies, the success and failure events and about a dozen promises for each rule) is done
 * once per run instead of once per rule, and what a rule decides is still its conditions'
 * results as json-rules-engine wrote them. The trace keeps every rule, matched or not, with the
 * facts its leaves read.
 */
export class RuleSet {
  readonly size: number;
  private readonly firstMatch: boolean;
  private readonly engine: Engine;
  /** Every sub-condition of the Rule, whose results a run clears first. */
  private readonly conditionNodes: readonly ConditionResultNode[];
  /** The Rule's root condition, as its RuleResult holds it when the library did not copy it. */
  private readonly root: unknown;
  /** Each rule's condition: the root's conditions, in the order of the rules. */
  private readonly tops: readonly ConditionResultNode[];
  /** Each rule's leaves, in the order collectFactResults visits them. */
  private readonly leaves: readonly (readonly ConditionResultNode[])[];
  // json-rules-engine keeps its run status on the Engine, so two overlapping runs of one Engine
  // can cut each other short: runs of one RuleSet are queued.
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  constructor(rules: readonly RuleSpec[], options: RuleSetOptions = {}) {
    this.size = rules.length;
    this.firstMatch = options.firstMatch === true;
    const engine = new QuietEngine([], {
      allowUndefinedFacts: true,
      pathResolver: (value: object, path: string): unknown => resolvePath(value, path),
    });
    registerOperators(engine);
    const prepared = new QuietRule({
      name: 'rules',
      priority: 1,
      conditions: { all: rules.map((rule) => engineCondition(rule.conditions)) } as TopLevelCondition,
      event: { type: 'rules' },
    });
    const tops = (prepared.conditions as unknown as ConditionResultNode).all ?? [];
    this.conditionNodes = prepareRule(prepared);
    this.root = prepared.conditions;
    this.tops = tops;
    this.leaves = tops.map((top) => {
      const own: ConditionResultNode[] = [];
      const walk = (node: ConditionResultNode): void => {
        if (node.all) node.all.forEach(walk);
        else if (node.any) node.any.forEach(walk);
        else if (node.not) walk(node.not);
        else own.push(node);
      };
      walk(top);
      for (const leaf of own) settleAtOnce(leaf as unknown as LeafNode);
      return own;
    });
    engine.addRule(prepared);
    this.engine = engine;
  }

  run(facts: Record<string, unknown>): Promise<RuleOutcome[]> {
    if (this.size === 0) return Promise.resolve([]);
    // idle Engine: run now; busy: queue behind the run in flight
    const outcomes = this.pending === 0 ? this.runNow(facts) : this.tail.then(() => this.runNow(facts));
    this.pending += 1;
    this.tail = outcomes.then(this.settled, this.settled);
    return outcomes;
  }

  private readonly settled = (): void => {
    this.pending -= 1;
  };

  /** One run: clear the last run's results, run, and read the results before the next run. */
  private runNow(facts: Record<string, unknown>): Promise<RuleOutcome[]> {
    clearResults(this.conditionNodes);
    return this.engine.run({}, { almanac: new FactsAlmanac(facts) }).then(this.read);
  }

  /**
   * The outcomes of a run, in the order of the rules (and, first match, up to the winner): each
   * rule's condition's result, and the facts its leaves read (from the copy of the tree in the
   * Rule's result, should the library have made one).
   */
  private readonly read = ({ results, failureResults }: EngineResult): RuleOutcome[] => {
    const r = results[0] ?? failureResults[0];
    const copied = r !== undefined && r.conditions !== this.root;
    const tops = copied ? ((r.conditions as unknown as ConditionResultNode).all ?? []) : this.tops;
    const outcomes: RuleOutcome[] = [];
    for (let index = 0; index < this.size; index += 1) {
      const top = tops[index];
      const holds = top?.result === true;
      const read: Record<string, unknown> = {};
      if (copied) collectFactResults(top, read);
      else for (const leaf of this.leaves[index] ?? []) readLeaf(leaf, read);
      outcomes.push({ index, matched: holds, facts: read });
      if (this.firstMatch && holds) break;
    }
    return outcomes;
  };
}
