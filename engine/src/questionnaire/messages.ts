// Texts the questionnaire shows when an answer is rejected. The same texts are used by
// validateAnswer (web and API) and written into the SurveyJS JSON, so both say the same thing.
import type { Question } from '../types';

/** The spec's warning for a step without an answer (eligibility spec, section 5). */
export const REQUIRED_ANSWER_MESSAGE = 'Please complete all required fields before proceeding';
export const INVALID_DATE_MESSAGE = 'Enter a real date in the format YYYY-MM-DD';
export const DATE_PLACEHOLDER = 'YYYY-MM-DD';
export const NOT_A_NUMBER_MESSAGE = 'Enter a number, like 25000';
export const NOT_A_WHOLE_NUMBER_MESSAGE = 'Enter a whole number, like 3';
export const NOT_AN_AMOUNT_MESSAGE = 'Enter an amount in pounds, like 25000';
export const CHOOSE_AN_OPTION_MESSAGE = 'Select one of the options';
export const CHOOSE_FROM_OPTIONS_MESSAGE = 'Select only from the options given';
export const NOT_TEXT_MESSAGE = 'Enter your answer as text';
export const REVIEW_PAGE_TITLE = 'Review your answers';
export const NOT_ANSWERED_TEXT = 'Not answered';

/** 1234567.5 → "1,234,567.5" (locale-independent, so server and browser agree). */
export function formatNumber(value: number): string {
  const [whole = '', fraction] = String(Math.abs(value)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

function figure(question: Pick<Question, 'type'>, value: number): string {
  return question.type === 'currency' ? `£${formatNumber(value)}` : formatNumber(value);
}

/** The message for a number outside the question's min/max, or null when it has no bounds. */
export function rangeMessage(question: Pick<Question, 'type' | 'min' | 'max'>): string | null {
  const noun = question.type === 'currency' ? 'an amount' : 'a number';
  const { min, max } = question;
  if (min !== undefined && max !== undefined) {
    return `Enter ${noun} between ${figure(question, min)} and ${figure(question, max)}`;
  }
  if (min !== undefined) return `Enter ${noun} of ${figure(question, min)} or more`;
  if (max !== undefined) return `Enter ${noun} of ${figure(question, max)} or less`;
  return null;
}
