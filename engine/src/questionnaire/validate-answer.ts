// One answer checked against its question: the error text the user sees, or null when accepted.
import type { Question, QuestionOption } from '../types';
import { isEmptyAnswer } from '../rules/operators';
import {
  CHOOSE_AN_OPTION_MESSAGE,
  CHOOSE_FROM_OPTIONS_MESSAGE,
  DATE_IN_FUTURE_MESSAGE,
  DATE_NOT_REAL_MESSAGE,
  INVALID_DATE_MESSAGE,
  NOT_AN_AMOUNT_MESSAGE,
  NOT_A_NUMBER_MESSAGE,
  NOT_A_WHOLE_NUMBER_MESSAGE,
  NOT_TEXT_MESSAGE,
  REQUIRED_ANSWER_MESSAGE,
  rangeMessage,
} from './messages';
import { isRealIsoDate } from './real-date';
import { datePartsOf, isDraftDateValue, parseDateParts } from './date-parts';
import { tableMaxRows, tableProblems, type TableProblem } from './table-answer';

export interface ValidateAnswerOptions {
  /**
   * The assessment's date (ISO). Date questions with `notAfter: "asOf"` refuse a later date; without
   * it that limit is not checked (the questionnaire passes today, the API its business date).
   */
  asOf?: string;
}

/** A number answer: a finite number, or a string holding one (form inputs give strings). */
export function parseNumberAnswer(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

function isOption(options: QuestionOption[] | undefined, value: unknown): boolean {
  return (options ?? []).some((option) => option.value === value);
}

function dateProblem(question: Question, value: unknown, asOf: string | undefined): string | null {
  if (typeof value !== 'string') return INVALID_DATE_MESSAGE;
  if (isRealIsoDate(value)) {
    return question.notAfter === 'asOf' && asOf !== undefined && value > asOf ? DATE_IN_FUTURE_MESSAGE : null;
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return DATE_NOT_REAL_MESSAGE;
  // The questionnaire's three fields not yet making a date: GOV.UK's message for what is wrong.
  if (isDraftDateValue(value)) {
    const parsed = parseDateParts(datePartsOf(value));
    if (parsed.kind === 'error') return parsed.message;
  }
  return INVALID_DATE_MESSAGE;
}

export function validateAnswer(
  question: Question,
  value: unknown,
  options: ValidateAnswerOptions = {},
): string | null {
  if (isEmptyAnswer(value)) return question.optional === true ? null : REQUIRED_ANSWER_MESSAGE;

  switch (question.type) {
    case 'number':
    case 'currency': {
      const n = parseNumberAnswer(value);
      if (n === undefined) return question.type === 'currency' ? NOT_AN_AMOUNT_MESSAGE : NOT_A_NUMBER_MESSAGE;
      if (question.integer === true && !Number.isInteger(n)) return NOT_A_WHOLE_NUMBER_MESSAGE;
      if (
        (question.min !== undefined && n < question.min) ||
        (question.max !== undefined && n > question.max)
      ) {
        return rangeMessage(question);
      }
      return null;
    }
    case 'date':
      return dateProblem(question, value, options.asOf);
    case 'radio':
    case 'select':
      return isOption(question.options, value) ? null : CHOOSE_AN_OPTION_MESSAGE;
    case 'checkbox':
      if (!Array.isArray(value)) return CHOOSE_FROM_OPTIONS_MESSAGE;
      return value.every((item) => isOption(question.options, item)) && new Set(value).size === value.length
        ? null
        : CHOOSE_FROM_OPTIONS_MESSAGE;
    case 'text':
      return typeof value === 'string' ? null : NOT_TEXT_MESSAGE;
    case 'table': {
      const [first] = tableProblems(question, value, (cell, v) => validateAnswer(cell, v, options));
      return first?.message ?? null;
    }
  }
}

/**
 * The rows of a table answer that are complete and valid, in order (at most the table's rows):
 * what is saved and evaluated while a row is still being typed.
 */
export function validTableRows(
  question: Question,
  value: unknown,
  options: ValidateAnswerOptions = {},
): Record<string, unknown>[] {
  if (!Array.isArray(value)) return [];
  const one = { ...question, minRows: 1, maxRows: 1 };
  return value
    .slice(0, tableMaxRows(question))
    .filter(
      (row): row is Record<string, unknown> =>
        validateTableAnswer(one, [row], { ...options, limit: 1 }).length === 0,
    );
}

/**
 * Every problem of a table answer, each naming its row and column, at most `limit` (a CSV import
 * lists them all; validateAnswer gives the first).
 */
export function validateTableAnswer(
  question: Question,
  value: unknown,
  options: ValidateAnswerOptions & { limit?: number } = {},
): TableProblem[] {
  return tableProblems(question, value, (cell, v) => validateAnswer(cell, v, options), options.limit ?? 100);
}
