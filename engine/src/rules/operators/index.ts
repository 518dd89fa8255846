// The condition operators of the definition format. The same functions are registered into every
// json-rules-engine Engine (overriding its built-ins) and used by the synchronous evaluateCondition,
// so questionnaire visibility and rule evaluation can never disagree.
//
// A missing fact (undefined or null) makes every operator false, except `isAnswered` with value
// false, which is true exactly when the fact is missing or empty.
import type { Operator } from '../../types';

export type OperatorFn = (factValue: unknown, value: unknown) => boolean;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

export function isMissing(value: unknown): value is undefined | null {
  return value === undefined || value === null;
}

/** Unanswered: undefined, null, empty (or blank) string, empty array. */
export function isEmptyAnswer(value: unknown): boolean {
  if (isMissing(value)) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

// kept here too for the callers that import it from the operators (it lives in ../format)
export { scalarText } from '../format';

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** The numeric comparisons, shared by the operators and by operatorOn. */
const NUMBER_TESTS = {
  lessThan: (a: number, b: number) => a < b,
  lessThanInclusive: (a: number, b: number) => a <= b,
  greaterThan: (a: number, b: number) => a > b,
  greaterThanInclusive: (a: number, b: number) => a >= b,
} as const;

function compareNumbers(test: (a: number, b: number) => boolean): OperatorFn {
  return (factValue, value) => {
    const a = toNumber(factValue);
    const b = toNumber(value);
    return a !== undefined && b !== undefined && test(a, b);
  };
}

function isoDate(value: unknown): string | undefined {
  return typeof value === 'string' && ISO_DATE.test(value) ? value.slice(0, 10) : undefined;
}

function compareDates(test: (a: string, b: string) => boolean): OperatorFn {
  return (factValue, value) => {
    const a = isoDate(factValue);
    const b = isoDate(value);
    return a !== undefined && b !== undefined && test(a, b);
  };
}

function includes(container: unknown, item: unknown): boolean | undefined {
  if (Array.isArray(container)) return container.includes(item);
  if (typeof container === 'string' && typeof item === 'string') return container.includes(item);
  return undefined;
}

const implementations: Record<Operator, OperatorFn> = {
  equal: (a, b) => a === b,
  notEqual: (a, b) => a !== b,
  lessThan: compareNumbers(NUMBER_TESTS.lessThan),
  lessThanInclusive: compareNumbers(NUMBER_TESTS.lessThanInclusive),
  greaterThan: compareNumbers(NUMBER_TESTS.greaterThan),
  greaterThanInclusive: compareNumbers(NUMBER_TESTS.greaterThanInclusive),
  in: (a, b) => Array.isArray(b) && b.includes(a),
  notIn: (a, b) => Array.isArray(b) && !b.includes(a),
  contains: (a, b) => includes(a, b) === true,
  doesNotContain: (a, b) => includes(a, b) === false,
  // value true: the fact holds an answer; value false: it does not
  isAnswered: (a, b) => (b === false ? isEmptyAnswer(a) : !isEmptyAnswer(a)),
  // an array fact (a scalar counts as a one-element array) shares an element with the value array
  containsAny: (a, b) => {
    if (!Array.isArray(b)) return false;
    const items: unknown[] = Array.isArray(a) ? a : [a];
    return items.some((item) => b.includes(item));
  },
  dateOnOrAfter: compareDates((a, b) => a >= b),
  dateBefore: compareDates((a, b) => a < b),
};

export const OPERATOR_NAMES = Object.keys(implementations) as Operator[];

export function isOperator(name: string): name is Operator {
  return Object.prototype.hasOwnProperty.call(implementations, name);
}

/** Applies an operator with the missing-fact rule. */
export function applyOperator(operator: Operator, factValue: unknown, value: unknown): boolean {
  if (operator === 'isAnswered') return implementations.isAnswered(factValue, value);
  if (isMissing(factValue)) return false;
  return implementations[operator](factValue, value);
}

/**
 * The operator as one function with the missing-fact rule of applyOperator: a missing fact makes
 * it false, except for isAnswered. For callers that resolve the operator once (compiled conditions).
 */
export function operatorFunction(operator: Operator): OperatorFn {
  if (operator === 'isAnswered') return implementations.isAnswered;
  const test = implementations[operator];
  return (factValue, value) => (isMissing(factValue) ? false : test(factValue, value));
}

/**
 * The operator with its comparison value fixed (a condition's literal), the missing-fact rule
 * included: for every fact value the same answer as applyOperator(operator, factValue, value), with
 * what depends on the value alone (its number, whether it is an array) worked out once.
 */
export function operatorOn(operator: Operator, value: unknown): (factValue: unknown) => boolean {
  switch (operator) {
    case 'equal':
      return (a) => !isMissing(a) && a === value;
    case 'notEqual':
      return (a) => !isMissing(a) && a !== value;
    case 'in': {
      if (!Array.isArray(value)) return () => false;
      const list: readonly unknown[] = value;
      return (a) => !isMissing(a) && list.includes(a);
    }
    case 'notIn': {
      if (!Array.isArray(value)) return () => false;
      const list: readonly unknown[] = value;
      return (a) => !isMissing(a) && !list.includes(a);
    }
    case 'lessThan':
    case 'lessThanInclusive':
    case 'greaterThan':
    case 'greaterThanInclusive': {
      // a missing fact is no number: false, as the missing-fact rule has it
      const b = toNumber(value);
      if (b === undefined) return () => false;
      const compare = NUMBER_TESTS[operator];
      return (a) => {
        const n = toNumber(a);
        return n !== undefined && compare(n, b);
      };
    }
    case 'contains':
    case 'doesNotContain':
    case 'isAnswered':
    case 'containsAny':
    case 'dateOnOrAfter':
    case 'dateBefore': {
      const test = operatorFunction(operator);
      return (a) => test(a, value);
    }
  }
}

/** Anything with json-rules-engine's addOperator(name, callback). */
export interface OperatorHost {
  addOperator(name: string, callback: (factValue: unknown, value: unknown) => boolean): void;
}

/** Registers every operator (built-in names overridden) on a json-rules-engine Engine. */
export function registerOperators(engine: OperatorHost): void {
  for (const name of OPERATOR_NAMES) {
    // the function itself, resolved once: applyOperator's rule without looking the name up per call
    engine.addOperator(name, operatorFunction(name));
  }
}

/**
 * Resolves a condition `path` against an object fact: "$.a.b", "$.list[0].x", "a.b" or "$['a']".
 * Used by evaluateCondition and given to json-rules-engine as its pathResolver.
 */
export function resolvePath(value: unknown, path: string): unknown {
  return walkPath(value, pathTokens(path));
}

/** The property names and indexes of a condition `path`, in order (see resolvePath). */
export function pathTokens(path: string): string[] {
  const tokens: string[] = [];
  const re = /\.?([^.[\]]+)|\[(\d+)\]|\[['"]([^'"]+)['"]\]/g;
  const body = path.startsWith('$') ? path.slice(1) : path;
  let m: RegExpExecArray | null;
  while ((m = re.exec(body)) !== null) {
    const token = m[1] ?? m[2] ?? m[3];
    if (token !== undefined) tokens.push(token);
  }
  return tokens;
}

/** Follows `tokens` (from pathTokens) into `value`; undefined where a step is not an object. */
export function walkPath(value: unknown, tokens: readonly string[]): unknown {
  let current: unknown = value;
  for (const token of tokens) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[token];
  }
  return current;
}
