// Texts the questionnaire shows when an answer is rejected. The same texts are used by
// validateAnswer (web and API) and written into the SurveyJS JSON, so both say the same thing.
import type { Question } from '../types';

/** The spec's warning for a step without an answer (eligibility spec, section 5). */
export const REQUIRED_ANSWER_MESSAGE = 'Please complete all required fields before proceeding';
/** A date answer that is not an ISO date at all (an API client's "12/06/2025"). */
export const INVALID_DATE_MESSAGE = 'Enter a real date in the format YYYY-MM-DD';
export const DATE_PLACEHOLDER = 'YYYY-MM-DD';
// GOV.UK's date input error messages (the spec has no date texts): "[whatever it is] must …".
export const DATE_NOT_REAL_MESSAGE = 'The date must be a real date';
export const DATE_YEAR_FOUR_DIGITS_MESSAGE = 'The year must include 4 numbers';
/** A question with `notAfter: "asOf"` given a date after the assessment's date (today). */
export const DATE_IN_FUTURE_MESSAGE = 'The date must be today or in the past';
/** "The date must include a month", "… a day and year". */
export function dateMissingPartsMessage(missing: readonly ('day' | 'month' | 'year')[]): string {
  return `The date must include a ${missing.join(' and ')}`;
}
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

/** A table answer that is not a list of rows (an API client's object or text). */
export const TABLE_NOT_ROWS_MESSAGE = 'Enter your answer as rows of the table';
export function tableTooManyRowsMessage(max: number): string {
  return `Enter no more than ${formatNumber(max)} rows`;
}
export function tableTooFewRowsMessage(min: number): string {
  return min === 1 ? 'Add at least 1 row' : `Add at least ${formatNumber(min)} rows`;
}
/** "Row 3, Quantity: Enter a number of 0 or more" (the column's label, as the table shows it). */
export function tableCellMessage(row: number, column: string | undefined, message: string): string {
  return column === undefined
    ? `Row ${formatNumber(row)}: ${message}`
    : `Row ${formatNumber(row)}, ${column}: ${message}`;
}
export function tableUnknownColumnMessage(row: number, column: string): string {
  return `Row ${formatNumber(row)}: "${column}" is not a column of this table`;
}
export function textTooLongMessage(max: number): string {
  return `Enter no more than ${formatNumber(max)} characters`;
}
/** The review step's line for a table answer. */
export function tableRowsText(rows: number): string {
  return rows === 1 ? '1 row' : `${formatNumber(rows)} rows`;
}
