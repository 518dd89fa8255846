import { describe, expect, it } from 'vitest';
import { addMonths, daysBetween, monthsBetween, parseIsoDate, taxYearLabel, taxYearStartDate } from './dates';

describe('calendar dates', () => {
  it('rejects dates that do not exist', () => {
    expect(parseIsoDate('2023-02-29')).toBeUndefined();
    expect(parseIsoDate('2024-02-29')).toEqual({ y: 2024, m: 2, d: 29 });
    expect(parseIsoDate('2024-13-01')).toBeUndefined();
    expect(parseIsoDate('2024/01/01')).toBeUndefined();
    expect(parseIsoDate('2024-01-01T10:00:00Z')).toEqual({ y: 2024, m: 1, d: 1 });
  });

  it('adds calendar months, clamping to the end of the month', () => {
    expect(addMonths('2025-06-01', -12)).toBe('2024-06-01');
    expect(addMonths('2024-02-29', -12)).toBe('2023-02-28');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2024-02-29', 48)).toBe('2028-02-29');
    expect(addMonths('2025-03-31', -1)).toBe('2025-02-28');
    expect(addMonths('2025-01-15', -13)).toBe('2023-12-15');
    expect(addMonths('not a date', 1)).toBeUndefined();
  });

  it('"within 12 months" edge: asOf minus 12 calendar months is inside, the day before is not', () => {
    const cutoff = addMonths('2025-06-01', -12) ?? '';
    expect('2024-06-01' >= cutoff).toBe(true);
    expect('2024-05-31' >= cutoff).toBe(false);
  });

  it('counts whole calendar months', () => {
    expect(monthsBetween('2024-06-01', '2025-06-01')).toBe(12);
    expect(monthsBetween('2024-06-02', '2025-06-01')).toBe(11);
    expect(monthsBetween('2024-01-31', '2024-02-29')).toBe(1);
    expect(monthsBetween('2024-01-31', '2024-02-28')).toBe(0);
    expect(monthsBetween('2024-02-29', '2025-02-28')).toBe(12);
    expect(monthsBetween('2025-06-01', '2024-06-01')).toBe(-12);
    expect(monthsBetween('2025-06-01', '2025-06-01')).toBe(0);
  });

  it('counts days across a leap day', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2023-02-28', '2023-03-01')).toBe(1);
    expect(daysBetween('2024-03-01', '2024-02-28')).toBe(-2);
  });

  it('labels the UK tax year at the 5/6 April boundary', () => {
    expect(taxYearLabel('2024-04-05')).toBe('2023-24');
    expect(taxYearLabel('2024-04-06')).toBe('2024-25');
    expect(taxYearLabel('2025-04-05')).toBe('2024-25');
    expect(taxYearLabel('1999-12-31')).toBe('1999-00');
    expect(taxYearStartDate('2024-01-01')).toBe('2023-04-06');
    expect(taxYearLabel('')).toBeUndefined();
  });

  it("a parsed date given out is the caller's own: changing it changes nothing parsed later", () => {
    expect(monthsBetween('2024-01-31', '2024-03-01')).toBe(1);
    const date = parseIsoDate('2024-01-31');
    if (date) date.m = 5;
    expect(parseIsoDate('2024-01-31')).toEqual({ y: 2024, m: 1, d: 31 });
    expect(monthsBetween('2024-01-31', '2024-03-01')).toBe(1);
    expect(daysBetween('2023-02-29', '2023-03-01')).toBeUndefined();
    expect(daysBetween('2023-02-29', '2023-03-01')).toBeUndefined();
  });
});
