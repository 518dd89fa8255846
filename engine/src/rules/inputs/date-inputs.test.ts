import { describe, expect, it } from 'vitest';
import { computeInputs } from './compute-inputs';
import { addDays, taxYearEndDate } from './date-inputs';
import type { InputSpec } from '../../types';

describe('addDays', () => {
  it('moves across month, year and leap days, back and forth', () => {
    expect(addDays('2024-02-15', 14)).toBe('2024-02-29');
    expect(addDays('2023-02-15', 14)).toBe('2023-03-01');
    expect(addDays('2025-12-25', 14)).toBe('2026-01-08');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('0050-01-01', 1)).toBe('0050-01-02');
  });
  it('gives nothing for a date that is not one or days that are not whole', () => {
    expect(addDays('2024-02-30', 1)).toBeUndefined();
    expect(addDays('soon', 1)).toBeUndefined();
    expect(addDays('2024-01-01', 1.5)).toBeUndefined();
    expect(addDays('9999-12-31', 1)).toBeUndefined();
  });
});

describe('the addDays, latestDate and earliestDate input kinds', () => {
  const specs: InputSpec[] = [
    { name: 'bought', kind: 'answer', from: 'q_bought' },
    { name: 'sold', kind: 'answer', from: 'q_sold' },
    { name: 'filingDays', kind: 'number', from: 'q_days' },
    { name: 'filed', kind: 'addDays', from: 'bought', days: { fact: 'filingDays' } },
    { name: 'fortnight', kind: 'addDays', from: 'bought', days: 14 },
    { name: 'later', kind: 'latestDate', from: ['filed', 'sold'] },
    { name: 'earlier', kind: 'earliestDate', from: ['filed', 'sold'] },
  ];
  const run = (answers: Record<string, unknown>) =>
    computeInputs({ definition: { inputs: specs }, answers, asOf: '2026-11-29' });

  it('counts days from a fact, and takes the later or earlier of the dates that exist', () => {
    expect(run({ q_bought: '2019-02-28', q_days: 30, q_sold: '2019-03-01' })).toMatchObject({
      filed: '2019-03-30',
      fortnight: '2019-03-14',
      later: '2019-03-30',
      earlier: '2019-03-01',
    });
    // no sale: the filing date alone
    const v = run({ q_bought: '2024-06-01', q_days: 14 });
    expect(v).toMatchObject({ filed: '2024-06-15', later: '2024-06-15', earlier: '2024-06-15' });
  });

  it('gives nothing without a date, without the days, or from a text that is not a date', () => {
    const v = run({ q_bought: 'yesterday', q_sold: 'never' });
    expect(v).not.toHaveProperty('filed');
    expect(v).not.toHaveProperty('later');
    expect(run({ q_bought: '2024-06-01' })).not.toHaveProperty('filed');
  });
});

describe('taxYearEnd', () => {
  it('is 5 April ending the tax year: 5 April itself ends one, 6 April starts the next', () => {
    expect(taxYearEndDate('2025-04-05')).toBe('2025-04-05');
    expect(taxYearEndDate('2025-04-06')).toBe('2026-04-05');
    expect(taxYearEndDate('2024-12-31')).toBe('2025-04-05');
    expect(taxYearEndDate('not a date')).toBeUndefined();
  });
  it('as an input kind, from an answer', () => {
    const values = computeInputs({
      definition: { inputs: [{ name: 'end', kind: 'taxYearEnd', from: 'q_sold' }] },
      answers: { q_sold: '2022-11-30' },
      asOf: '2026-11-29',
    });
    expect(values).toEqual({ end: '2023-04-05' });
  });
});
