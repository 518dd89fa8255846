// Calendar arithmetic on ISO YYYY-MM-DD strings, in UTC, with no time zone or clock involved.

export interface YMD {
  y: number;
  m: number; // 1-12
  d: number;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

export function daysInMonth(y: number, m: number): number {
  return m === 2 && isLeapYear(y) ? 29 : (DAYS[m - 1] ?? 31);
}

/** Parses a real calendar date (rejects 2023-02-29, 2024-13-01); accepts a longer ISO timestamp. */
export function parseIsoDate(value: unknown): YMD | undefined {
  if (typeof value !== 'string') return undefined;
  const match = ISO.exec(value.length > 10 && value[10] === 'T' ? value.slice(0, 10) : value);
  if (!match) return undefined;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return undefined;
  return { y, m, d };
}

// the few dates of an evaluation are checked and parsed again and again (inputs, parameter dates,
// result fields): each short string is parsed once (null: not a date)
const parsedDates = new Map<string, Readonly<YMD> | null>();

/** parseIsoDate, remembered: the same (frozen) result for the same string. */
function parsed(value: unknown): Readonly<YMD> | undefined {
  if (typeof value !== 'string') return undefined;
  if (value.length > 40) return parseIsoDate(value);
  const known = parsedDates.get(value);
  if (known !== undefined) return known ?? undefined;
  const date = parseIsoDate(value);
  if (parsedDates.size >= 10_000) parsedDates.clear();
  parsedDates.set(value, date ? Object.freeze(date) : null);
  return date;
}

export function isIsoDate(value: unknown): value is string {
  return parsed(value) !== undefined;
}

export function formatIsoDate({ y, m, d }: YMD): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function compareYmd(a: Readonly<YMD>, b: Readonly<YMD>): number {
  return a.y - b.y || a.m - b.m || a.d - b.d;
}

/** Adds calendar months; the day is clamped to the end of the target month (29 Feb − 12 months → 28 Feb). */
export function addMonthsYmd(date: Readonly<YMD>, months: number): YMD {
  const index = date.y * 12 + (date.m - 1) + Math.trunc(months);
  const y = Math.floor(index / 12);
  const m = index - y * 12 + 1;
  return { y, m, d: Math.min(date.d, daysInMonth(y, m)) };
}

export function addMonths(iso: string, months: number): string | undefined {
  const date = parsed(iso);
  return date ? formatIsoDate(addMonthsYmd(date, months)) : undefined;
}

/**
 * Whole calendar months from `from` to `to`: the largest n with from + n months ≤ to
 * (negative when `to` is earlier, symmetrically).
 */
export function monthsBetween(fromIso: string, toIso: string): number | undefined {
  const from = parsed(fromIso);
  const to = parsed(toIso);
  if (!from || !to) return undefined;
  if (compareYmd(from, to) > 0) {
    const back = monthsBetween(toIso, fromIso);
    return back === undefined ? undefined : -back;
  }
  let n = (to.y - from.y) * 12 + (to.m - from.m);
  if (n > 0 && compareYmd(addMonthsYmd(from, n), to) > 0) n -= 1;
  return n;
}

function dayNumber({ y, m, d }: Readonly<YMD>): number {
  return Date.UTC(y, m - 1, d) / 86_400_000;
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(fromIso: string, toIso: string): number | undefined {
  const from = parsed(fromIso);
  const to = parsed(toIso);
  if (!from || !to) return undefined;
  return dayNumber(to) - dayNumber(from);
}

/** Start year of the UK tax year (6 April – 5 April) containing the date. */
export function taxYearStart(iso: string): number | undefined {
  const date = parsed(iso);
  if (!date) return undefined;
  return date.m > 4 || (date.m === 4 && date.d >= 6) ? date.y : date.y - 1;
}

/** UK tax year label such as "2024-25" for any date from 2024-04-06 to 2025-04-05. */
export function taxYearLabel(iso: string): string | undefined {
  const start = taxYearStart(iso);
  return start === undefined ? undefined : `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** First day (6 April) of the tax year containing the date, as ISO. */
export function taxYearStartDate(iso: string): string | undefined {
  const start = taxYearStart(iso);
  return start === undefined ? undefined : formatIsoDate({ y: start, m: 4, d: 6 });
}
