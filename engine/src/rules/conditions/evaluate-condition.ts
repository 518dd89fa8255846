// Synchronous evaluation of the all/any/not condition grammar with the engine's operators.
// Used for questionnaire visibility, input `cases`, expression `if` and recommendation text.
import type { Condition } from '../../types';
import { compileOnce, isKept } from '../compile-once';
import { isOperator, operatorFunction, operatorOn, pathTokens, walkPath } from '../operators';
import { ownValue } from '../own-value';

/** A condition compiled to a closure over the facts. */
export type CompiledCondition = (facts: Record<string, unknown>) => boolean;

// compiled once per condition object of a loaded (deeply frozen) definition; a condition with any
// object that is not frozen is compiled again on every call, as it may have changed
const compiledConditions = new WeakMap<object, CompiledCondition>();

/** Whether `condition` has a cached compiled form (it and all its parts are frozen). */
export function isCompiledCondition(condition: unknown): boolean {
  return isKept(compiledConditions, condition);
}

function read(facts: Record<string, unknown>, name: string): unknown {
  return ownValue(facts, name);
}

/**
 * The closure that evaluates `condition` as reading the all/any/not tree on each call would: the
 * operator is resolved once, an unknown operator throws when (and only when) its leaf is reached,
 * and a missing fact makes every operator but isAnswered false (applyOperator's rule).
 */
export function compileCondition(condition: Condition): CompiledCondition {
  return compileOnce(compiledConditions, condition, compileParts);
}

/** build() with each part compiled (and noted when not kept), and a literal value checked frozen. */
function compileParts(condition: Condition, notFrozen: () => void): CompiledCondition {
  const part = (c: Condition): CompiledCondition => {
    const fn = compileCondition(c);
    if (!isKept(compiledConditions, c)) notFrozen();
    return fn;
  };
  const fn = build(condition, part);
  if (!('all' in condition || 'any' in condition || 'not' in condition)) {
    const { value } = condition;
    if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) notFrozen();
  }
  return fn;
}

export function evaluateCondition(condition: Condition, facts: Record<string, unknown>): boolean {
  return compileCondition(condition)(facts);
}

function build(condition: Condition, part: (c: Condition) => CompiledCondition): CompiledCondition {
  // loops, not every/some with a closure: this runs for every visibility check, input case,
  // expression `if` and text `when` of an evaluation
  if ('all' in condition) {
    const fns = condition.all.map(part);
    return (facts) => {
      for (const f of fns) if (!f(facts)) return false;
      return true;
    };
  }
  if ('any' in condition) {
    const fns = condition.any.map(part);
    return (facts) => {
      for (const f of fns) if (f(facts)) return true;
      return false;
    };
  }
  if ('not' in condition) {
    const inner = part(condition.not);
    return (facts) => !inner(facts);
  }
  const { operator } = condition;
  if (!isOperator(operator)) {
    return () => {
      throw new Error(`Unknown operator "${String(operator)}"`);
    };
  }
  const test = operatorFunction(operator);
  const name = condition.fact;
  const { path, value } = condition;
  // as json-rules-engine's almanac: a path applies to object facts; other values are used as they are
  const tokens = path === undefined || path === '' ? undefined : pathTokens(path);
  const factOf = tokens
    ? (facts: Record<string, unknown>): unknown => {
        const v = read(facts, name);
        return v !== null && typeof v === 'object' ? walkPath(v, tokens) : v;
      }
    : undefined;
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && 'fact' in value) {
    const other = value.fact;
    if (factOf) return (facts) => test(factOf(facts), read(facts, other));
    return (facts) => test(read(facts, name), read(facts, other));
  }
  const testValue = operatorOn(operator, value);
  if (factOf) return (facts) => testValue(factOf(facts));
  return (facts) => testValue(read(facts, name));
}

/** Names of every fact a condition reads (including `{ fact }` comparison values). */
export function conditionFacts(condition: Condition, into: Set<string> = new Set()): Set<string> {
  if ('all' in condition) condition.all.forEach((c) => conditionFacts(c, into));
  else if ('any' in condition) condition.any.forEach((c) => conditionFacts(c, into));
  else if ('not' in condition) conditionFacts(condition.not, into);
  else {
    into.add(condition.fact);
    const { value } = condition;
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && 'fact' in value)
      into.add(value.fact);
  }
  return into;
}
