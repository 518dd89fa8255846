// A date typed as GOV.UK's three fields (Day, Month, Year), as people write it: "12", "6" or
// "June" or "Jun", "2025". A real date becomes the ISO answer (YYYY-MM-DD) the engine and saved
// answers use; anything else gets GOV.UK's error wording and the fields at fault.
// While the fields do not yet make a real date, the questionnaire holds them as "day/month/year"
// (a draft answer): never saved or evaluated, but read back into the fields.
import { isRealIsoDate } from './real-date';
import {
  DATE_IN_FUTURE_MESSAGE,
  DATE_NOT_REAL_MESSAGE,
  DATE_YEAR_FOUR_DIGITS_MESSAGE,
  dateMissingPartsMessage,
} from './messages';

export interface DateParts {
  day: string;
  month: string;
  year: string;
}
export type DatePart = keyof DateParts;

export type DatePartsResult =
  { kind: 'empty' } | { kind: 'date'; iso: string } | { kind: 'error'; message: string; fields: DatePart[] };

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** "6", "06", "June", "jun", "Sept." → 6; anything else → undefined. */
export function parseMonth(text: string): number | undefined {
  const t = text.trim().toLowerCase().replace(/\.$/, '');
  if (/^\d{1,2}$/.test(t)) return Number(t);
  if (t.length < 3 || !/^[a-z]+$/.test(t)) return undefined;
  if (t === 'sept') return 9;
  const index = MONTH_NAMES.findIndex((name) => name === t || (t.length === 3 && name.startsWith(t)));
  return index === -1 ? undefined : index + 1;
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/**
 * The fields as an answer: the ISO date when they make a real date (and, with `notAfter`, one not
 * after it), else an error naming the fields at fault, in GOV.UK's order of checks: missing
 * fields, then a year of 4 numbers, then a real date, then the date limit.
 */
export function parseDateParts(parts: DateParts, options: { notAfter?: string } = {}): DatePartsResult {
  const day = parts.day.trim();
  const month = parts.month.trim();
  const year = parts.year.trim();
  if (day === '' && month === '' && year === '') return { kind: 'empty' };

  const missing = (['day', 'month', 'year'] as const).filter((p) => ({ day, month, year })[p] === '');
  if (missing.length > 0)
    return { kind: 'error', message: dateMissingPartsMessage(missing), fields: missing };

  const monthNumber = parseMonth(month);
  const notReal: DatePart[] = [];
  if (!/^\d{1,2}$/.test(day)) notReal.push('day');
  if (monthNumber === undefined) notReal.push('month');
  if (/^\d+$/.test(year) && year.length !== 4 && notReal.length === 0) {
    return { kind: 'error', message: DATE_YEAR_FOUR_DIGITS_MESSAGE, fields: ['year'] };
  }
  if (!/^\d{4}$/.test(year)) notReal.push('year');
  if (notReal.length > 0 || monthNumber === undefined) {
    return { kind: 'error', message: DATE_NOT_REAL_MESSAGE, fields: notReal };
  }

  const iso = `${year}-${pad(monthNumber, 2)}-${pad(Number(day), 2)}`;
  if (!isRealIsoDate(iso)) {
    const fields: DatePart[] = monthNumber < 1 || monthNumber > 12 ? ['month'] : ['day'];
    return { kind: 'error', message: DATE_NOT_REAL_MESSAGE, fields };
  }
  if (options.notAfter !== undefined && iso > options.notAfter) {
    return { kind: 'error', message: DATE_IN_FUTURE_MESSAGE, fields: ['day', 'month', 'year'] };
  }
  return { kind: 'date', iso };
}

const DRAFT = /^([^/]*)\/([^/]*)\/([^/]*)$/;

/** The fields as the questionnaire holds them while they are not a real date: "31/2/2025". */
export function draftDateValue(parts: DateParts): string {
  const clean = (s: string): string => s.replace(/\//g, ' ').trim();
  return `${clean(parts.day)}/${clean(parts.month)}/${clean(parts.year)}`;
}

/** Whether an answer is a draft (fields typed that are not yet a date), not an answer to keep. */
export function isDraftDateValue(value: unknown): value is string {
  return typeof value === 'string' && DRAFT.test(value);
}

/** An answer read back into the three fields: an ISO date ("2025-06-12" → 12, 6, 2025) or a draft. */
export function datePartsOf(value: unknown): DateParts {
  if (typeof value !== 'string') return { day: '', month: '', year: '' };
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (iso) return { day: String(Number(iso[3])), month: String(Number(iso[2])), year: iso[1] ?? '' };
  const draft = DRAFT.exec(value);
  if (draft) return { day: draft[1] ?? '', month: draft[2] ?? '', year: draft[3] ?? '' };
  return { day: '', month: '', year: value };
}

/**
 * One field's text, split when someone types or pastes a whole date into it ("12/06/2025",
 * "12 June 2025", "12.6.2025", "2025-06-12"): the three fields once the year has its 4 numbers
 * (so typing it character by character is not split early), or null when it is just that field's text.
 */
export function splitTypedDate(text: string): DateParts | null {
  const pieces = text.trim().split(/[\s/.\-,]+/);
  if (pieces.length !== 3 || pieces.some((p) => p === '')) return null;
  const [a = '', b = '', c = ''] = pieces;
  if (/^\d{4}$/.test(c)) return { day: a, month: b, year: c };
  // ISO order when the first piece is the year.
  if (/^\d{4}$/.test(a) && /^\d{1,2}$/.test(c)) return { day: c, month: b, year: a };
  return null;
}
