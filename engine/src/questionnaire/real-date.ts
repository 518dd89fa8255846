// A "real date" is an ISO calendar date YYYY-MM-DD that exists (month lengths and leap years).

/**
 * The same check as a regular expression, so SurveyJS can apply it with its built-in regex
 * validator (no custom functions, nothing evaluated). Leap years: divisible by 4 and not by 100,
 * or divisible by 400.
 */
export const REAL_DATE_PATTERN =
  '^(?:\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))' +
  '|(?:\\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)$';

const FORMAT = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

export function isRealIsoDate(value: string): boolean {
  const m = FORMAT.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const monthDays = DAYS_IN_MONTH[month - 1];
  if (monthDays === undefined || day < 1) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : monthDays);
}
