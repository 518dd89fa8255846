// One answer checked against its question: the error text the user sees, or null when accepted.
import type { Question, QuestionOption } from '../types';
import { isEmptyAnswer } from '../rules/operators';
import {
  CHOOSE_AN_OPTION_MESSAGE,
  CHOOSE_FROM_OPTIONS_MESSAGE,
  INVALID_DATE_MESSAGE,
  NOT_AN_AMOUNT_MESSAGE,
  NOT_A_NUMBER_MESSAGE,
  NOT_A_WHOLE_NUMBER_MESSAGE,
  NOT_TEXT_MESSAGE,
  REQUIRED_ANSWER_MESSAGE,
  rangeMessage,
} from './messages';
import { isRealIsoDate } from './real-date';

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

export function validateAnswer(question: Question, value: unknown): string | null {
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
      return typeof value === 'string' && isRealIsoDate(value) ? null : INVALID_DATE_MESSAGE;
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
  }
}
