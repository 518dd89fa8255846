// Synchronous evaluation of the all/any/not condition grammar with the engine's operators.
// Used for questionnaire visibility, input `cases`, expression `if` and recommendation text.
import type { Condition, FactCondition } from '../../types';
import { applyOperator, isOperator, resolvePath } from '../operators';

function factValue(facts: Record<string, unknown>, name: string, path?: string): unknown {
  const value = Object.prototype.hasOwnProperty.call(facts, name) ? facts[name] : undefined;
  if (path === undefined || path === '') return value;
  // as json-rules-engine's almanac: a path applies to object facts; other values are used as they are
  return value !== null && typeof value === 'object' ? resolvePath(value, path) : value;
}

function compareValue(facts: Record<string, unknown>, condition: FactCondition): unknown {
  const { value } = condition;
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && 'fact' in value) {
    return factValue(facts, value.fact);
  }
  return value;
}

export function evaluateCondition(condition: Condition, facts: Record<string, unknown>): boolean {
  // loops, not every/some with a closure: this runs for every visibility check, input case,
  // expression `if` and text `when` of an evaluation
  if ('all' in condition) {
    for (const c of condition.all) if (!evaluateCondition(c, facts)) return false;
    return true;
  }
  if ('any' in condition) {
    for (const c of condition.any) if (evaluateCondition(c, facts)) return true;
    return false;
  }
  if ('not' in condition) return !evaluateCondition(condition.not, facts);
  if (!isOperator(condition.operator)) throw new Error(`Unknown operator "${String(condition.operator)}"`);
  return applyOperator(
    condition.operator,
    factValue(facts, condition.fact, condition.path),
    compareValue(facts, condition),
  );
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
