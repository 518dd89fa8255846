// Turns a definition Condition into a SurveyJS expression (the `visibleIf` language) that gives
// the same answer as evaluateCondition over the answers of the questions visible so far.
//
// evaluateCondition reads a question that is hidden, unanswered or not yet asked as a missing
// fact, and a missing fact makes every operator false except `isAnswered: false`. SurveyJS keeps
// stale values of hidden questions and has its own rules for empty values, so every fact an
// operator reads is guarded by "present": the question comes earlier, its own visibleIf holds and
// it has a value. Expressions use only SurveyJS built-ins: no custom functions, nothing evaluated
// as code.
import type { Condition, FactCondition, Primitive, Question } from '../types';

export class SurveyExpressionError extends Error {
  override readonly name = 'SurveyExpressionError';
}

/** A question asked before the one whose condition is converted, with its own visibleIf. */
export interface EarlierQuestion {
  question: Question;
  visibleIf?: string;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

/** `{name}`: a question's value in a SurveyJS expression. */
export function surveyVariable(name: string): string {
  if (!NAME.test(name)) {
    throw new SurveyExpressionError(`Question id "${name}" cannot be used in a SurveyJS expression`);
  }
  return `{${name}}`;
}

/** A SurveyJS literal: single-quoted strings (\' escapes a quote), numbers, true/false, null. */
export function surveyLiteral(value: Primitive): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value))
      throw new SurveyExpressionError(`Cannot write ${value} in a SurveyJS expression`);
    return String(value);
  }
  if (value.includes('\\'))
    throw new SurveyExpressionError(`Cannot write a backslash in a SurveyJS string: "${value}"`);
  return `'${value.replace(/'/g, "\\'")}'`;
}

function and(parts: string[]): string {
  return parts.length === 1 ? (parts[0] ?? 'true') : `(${parts.join(' and ')})`;
}
function or(parts: string[]): string {
  return parts.length === 1 ? (parts[0] ?? 'false') : `(${parts.join(' or ')})`;
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

function isFactRef(value: FactCondition['value']): value is { fact: string } {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function conditionToSurveyExpression(
  condition: Condition,
  earlier: ReadonlyMap<string, EarlierQuestion>,
): string {
  /** "The fact has an answer evaluateCondition would see", or null when it never can. */
  function present(fact: string): string | null {
    const entry = earlier.get(fact);
    if (entry === undefined) return null;
    const answered = `${surveyVariable(fact)} notempty`;
    return entry.visibleIf === undefined ? answered : `(${answered} and ${entry.visibleIf})`;
  }

  function convert(c: Condition): string {
    if ('all' in c) return c.all.length === 0 ? 'true' : and(c.all.map(convert));
    if ('any' in c) return c.any.length === 0 ? 'false' : or(c.any.map(convert));
    if ('not' in c) return `!(${convert(c.not)})`;
    return atom(c);
  }

  function atom(c: FactCondition): string {
    if (c.path !== undefined) {
      throw new SurveyExpressionError(
        `Condition on "${c.fact}" uses a path, which questionnaire conditions cannot`,
      );
    }
    const factPresent = present(c.fact);
    if (c.operator === 'isAnswered') {
      if (isFactRef(c.value))
        throw new SurveyExpressionError(`isAnswered on "${c.fact}" needs true or false, not a fact`);
      if (c.value === false) return factPresent === null ? 'true' : `!(${factPresent})`;
      return factPresent ?? 'false';
    }
    // Every other operator is false on a missing fact.
    if (factPresent === null) return 'false';
    const f = surveyVariable(c.fact);
    return isFactRef(c.value)
      ? compareFacts(c, factPresent, f, c.value.fact)
      : compareLiteral(c, factPresent, f);
  }

  function compareFacts(c: FactCondition, factPresent: string, f: string, other: string): string {
    const otherPresent = present(other);
    const g = surveyVariable(other);
    // A missing right-hand side: only notEqual holds (a value differs from nothing).
    switch (c.operator) {
      case 'equal':
        return otherPresent === null ? 'false' : and([factPresent, otherPresent, `${f} = ${g}`]);
      case 'notEqual':
        return otherPresent === null
          ? factPresent
          : and([factPresent, or([`!(${otherPresent})`, `${f} != ${g}`])]);
      case 'lessThan':
      case 'dateBefore':
        return otherPresent === null ? 'false' : and([factPresent, otherPresent, `${f} < ${g}`]);
      case 'lessThanInclusive':
        return otherPresent === null ? 'false' : and([factPresent, otherPresent, `${f} <= ${g}`]);
      case 'greaterThan':
        return otherPresent === null ? 'false' : and([factPresent, otherPresent, `${f} > ${g}`]);
      case 'greaterThanInclusive':
      case 'dateOnOrAfter':
        return otherPresent === null ? 'false' : and([factPresent, otherPresent, `${f} >= ${g}`]);
      case 'in':
      case 'notIn':
      case 'contains':
      case 'doesNotContain':
      case 'containsAny':
      case 'isAnswered':
        throw new SurveyExpressionError(
          `Operator "${c.operator}" on "${c.fact}" cannot compare with another answer in a questionnaire condition`,
        );
    }
  }

  function compareLiteral(c: FactCondition, factPresent: string, f: string): string {
    const { value } = c;
    const numeric = (op: string): string => {
      const n = toNumber(value);
      return n === undefined ? 'false' : and([factPresent, `${f} ${op} ${n}`]);
    };
    const date = (op: string): string =>
      typeof value === 'string' && ISO_DATE.test(value)
        ? and([factPresent, `${f} ${op} ${surveyLiteral(value.slice(0, 10))}`])
        : 'false';
    const scalar = (): Primitive => {
      if (Array.isArray(value) || isFactRef(value)) {
        throw new SurveyExpressionError(`Operator "${c.operator}" on "${c.fact}" needs a single value`);
      }
      return value;
    };
    switch (c.operator) {
      case 'equal': {
        const v = scalar();
        // An answer is never null, so equal null never holds and notEqual null always does.
        return v === null ? 'false' : and([factPresent, `${f} = ${surveyLiteral(v)}`]);
      }
      case 'notEqual': {
        const v = scalar();
        return v === null ? factPresent : and([factPresent, `${f} != ${surveyLiteral(v)}`]);
      }
      case 'lessThan':
        return numeric('<');
      case 'lessThanInclusive':
        return numeric('<=');
      case 'greaterThan':
        return numeric('>');
      case 'greaterThanInclusive':
        return numeric('>=');
      case 'in':
        if (!Array.isArray(value) || value.length === 0) return 'false';
        return and([factPresent, or(value.map((v) => `${f} = ${surveyLiteral(v)}`))]);
      case 'notIn':
        if (!Array.isArray(value)) return 'false';
        return and([factPresent, ...value.map((v) => `${f} != ${surveyLiteral(v)}`)]);
      case 'contains':
        return and([factPresent, `${f} contains ${surveyLiteral(scalar())}`]);
      case 'doesNotContain':
        return and([factPresent, `${f} notcontains ${surveyLiteral(scalar())}`]);
      case 'containsAny':
        if (!Array.isArray(value) || value.length === 0) return 'false';
        return and([factPresent, `${f} anyof [${value.map(surveyLiteral).join(', ')}]`]);
      case 'dateOnOrAfter':
        return date('>=');
      case 'dateBefore':
        return date('<');
      case 'isAnswered':
        return factPresent;
    }
  }

  return convert(condition);
}
