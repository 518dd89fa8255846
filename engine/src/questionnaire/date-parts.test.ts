import { describe, expect, it } from 'vitest';
import {
  datePartsOf,
  draftDateValue,
  isDraftDateValue,
  parseDateParts,
  parseMonth,
  splitTypedDate,
} from './date-parts';

const parts = (day: string, month: string, year: string) => ({ day, month, year });

describe('parseDateParts', () => {
  it('turns what people type into the ISO answer', () => {
    expect(parseDateParts(parts('12', '6', '2025'))).toEqual({ kind: 'date', iso: '2025-06-12' });
    expect(parseDateParts(parts(' 03 ', '06', '2025'))).toEqual({ kind: 'date', iso: '2025-06-03' });
    expect(parseDateParts(parts('12', 'June', '2025'))).toEqual({ kind: 'date', iso: '2025-06-12' });
    expect(parseDateParts(parts('12', 'jun', '2025'))).toEqual({ kind: 'date', iso: '2025-06-12' });
    expect(parseDateParts(parts('29', '2', '2024'))).toEqual({ kind: 'date', iso: '2024-02-29' });
    expect(parseDateParts(parts('', '', ''))).toEqual({ kind: 'empty' });
  });

  it('refuses impossible dates, naming the field at fault', () => {
    expect(parseDateParts(parts('31', '2', '2025'))).toEqual({
      kind: 'error',
      message: 'The date must be a real date',
      fields: ['day'],
    });
    expect(parseDateParts(parts('29', '2', '2023'))).toMatchObject({
      message: 'The date must be a real date',
    });
    expect(parseDateParts(parts('12', '13', '2025'))).toMatchObject({
      message: 'The date must be a real date',
      fields: ['month'],
    });
    expect(parseDateParts(parts('0', '6', '2025'))).toMatchObject({ fields: ['day'] });
    expect(parseDateParts(parts('1x', 'Junk', '2025'))).toMatchObject({
      message: 'The date must be a real date',
      fields: ['day', 'month'],
    });
  });

  it('says which field is missing, and that a year has 4 numbers', () => {
    expect(parseDateParts(parts('12', '', '2025'))).toEqual({
      kind: 'error',
      message: 'The date must include a month',
      fields: ['month'],
    });
    expect(parseDateParts(parts('', '6', ''))).toMatchObject({
      message: 'The date must include a day and year',
      fields: ['day', 'year'],
    });
    expect(parseDateParts(parts('12', '6', '25'))).toEqual({
      kind: 'error',
      message: 'The year must include 4 numbers',
      fields: ['year'],
    });
  });

  it('with notAfter, refuses a later date', () => {
    expect(parseDateParts(parts('12', '6', '2031'), { notAfter: '2026-11-26' })).toMatchObject({
      message: 'The date must be today or in the past',
    });
    expect(parseDateParts(parts('26', '11', '2026'), { notAfter: '2026-11-26' })).toEqual({
      kind: 'date',
      iso: '2026-11-26',
    });
  });
});

describe('month names', () => {
  it('full names and 3-letter abbreviations, any case, and numbers', () => {
    expect(parseMonth('January')).toBe(1);
    expect(parseMonth('sep')).toBe(9);
    expect(parseMonth('Sept.')).toBe(9);
    expect(parseMonth('DEC')).toBe(12);
    expect(parseMonth('06')).toBe(6);
    expect(parseMonth('ju')).toBeUndefined();
    expect(parseMonth('junes')).toBeUndefined();
  });
});

describe('draft values and reading answers back into the fields', () => {
  it('round-trips the fields while they are not a date', () => {
    const draft = draftDateValue(parts('31', '2', '2025'));
    expect(draft).toBe('31/2/2025');
    expect(isDraftDateValue(draft)).toBe(true);
    expect(isDraftDateValue('2025-02-28')).toBe(false);
    expect(datePartsOf(draft)).toEqual(parts('31', '2', '2025'));
    expect(datePartsOf(draftDateValue(parts('1/2', '', '')))).toEqual(parts('1 2', '', ''));
  });
  it('shows an ISO answer as people write it', () => {
    expect(datePartsOf('2025-06-12')).toEqual(parts('12', '6', '2025'));
    expect(datePartsOf(undefined)).toEqual(parts('', '', ''));
  });
  it('splits a whole date typed into one field', () => {
    expect(splitTypedDate('12/06/2025')).toEqual(parts('12', '06', '2025'));
    expect(splitTypedDate('12 June 2025')).toEqual(parts('12', 'June', '2025'));
    expect(splitTypedDate('2025-06-12')).toEqual(parts('12', '06', '2025'));
    expect(splitTypedDate('12')).toBeNull();
    // Typed a character at a time: not split until the year has 4 numbers.
    expect(splitTypedDate('12/06/2')).toBeNull();
    expect(splitTypedDate('12/06/202')).toBeNull();
  });
});
