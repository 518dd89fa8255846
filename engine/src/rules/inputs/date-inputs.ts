// Date input kinds for deadlines counted in days or as the later (or earlier) of several dates:
// `addDays` (a date fact + a number of days, given or read from a fact: a filing date 14 days after
// completion) and `latestDate` / `earliestDate` (of the dates among the facts named that have one:
// "the later of 12 months after the sale and 12 months after the filing date") and `taxYearEnd`
// (5 April ending the UK tax year of a date: claims "within 4 years of the end of the tax year").
// ISO dates in UTC.
import type { AddDaysInputSpec, ExtremeDateInputSpec, TaxYearEndInputSpec } from '../../types';
import { formatIsoDate, isIsoDate, parseIsoDate, taxYearStart } from './dates';
import { ownValue } from '../own-value';

const DAY_MS = 86_400_000;

/** An ISO date moved by whole days (negative: back); undefined for a date that is not one. */
export function addDays(iso: string, days: number): string | undefined {
  const ymd = parseIsoDate(iso);
  if (!ymd || !Number.isSafeInteger(days) || Math.abs(days) > 3_660_000) return undefined;
  const start = new Date(0);
  start.setUTCFullYear(ymd.y, ymd.m - 1, ymd.d); // setUTCFullYear keeps years below 100 as they are
  const moved = new Date(start.getTime() + days * DAY_MS);
  const y = moved.getUTCFullYear();
  if (y < 1 || y > 9999) return undefined;
  return formatIsoDate({ y, m: moved.getUTCMonth() + 1, d: moved.getUTCDate() });
}

function dateOf(scope: Record<string, unknown>, name: string): string | undefined {
  const v = ownValue(scope, name);
  return isIsoDate(v) ? v.slice(0, 10) : undefined;
}

export function compileAddDays(spec: AddDaysInputSpec) {
  const { from, days } = spec;
  // a dated parameter (`{ "param": … }`) is read by compute-inputs, which has the parameter sets
  const fact = typeof days === 'object' && 'fact' in days ? days.fact : undefined;
  return (scope: Record<string, unknown>): string | undefined => {
    const date = dateOf(scope, from);
    const n = typeof days === 'number' ? days : fact === undefined ? undefined : ownValue(scope, fact);
    if (date === undefined || typeof n !== 'number') return undefined;
    return addDays(date, n);
  };
}

export function compileExtremeDate(spec: ExtremeDateInputSpec) {
  const { from } = spec;
  const later = spec.kind === 'latestDate';
  return (scope: Record<string, unknown>): string | undefined => {
    let best: string | undefined;
    for (const name of from) {
      const date = dateOf(scope, name);
      // ISO dates compare as text
      if (date !== undefined && (best === undefined || (later ? date > best : date < best))) best = date;
    }
    return best;
  };
}

/** 5 April ending the UK tax year (6 April – 5 April) that contains the date. */
export function taxYearEndDate(iso: string): string | undefined {
  const start = taxYearStart(iso);
  return start === undefined || start + 1 > 9999 ? undefined : formatIsoDate({ y: start + 1, m: 4, d: 5 });
}

export function compileTaxYearEnd(spec: TaxYearEndInputSpec) {
  const { from } = spec;
  return (scope: Record<string, unknown>): string | undefined => {
    const date = dateOf(scope, from);
    return date === undefined ? undefined : taxYearEndDate(date);
  };
}
