import { describe, expect, it } from 'vitest';
import { lookupParameter, lookupParameterBy, resolveParameters } from './resolve-parameters';
import { miniParameters } from '../__fixtures__/mini-definition';

describe('dated parameters', () => {
  it('takes the value in force on a date, both ends inclusive', () => {
    expect(lookupParameter(miniParameters, 'big.threshold', '2024-10-29')?.value).toBe(500000);
    expect(lookupParameter(miniParameters, 'big.threshold', '2024-10-30')?.value).toBe(400000);
    expect(lookupParameter(miniParameters, 'big.threshold', '2015-12-31')).toBeUndefined();
    expect(lookupParameter(miniParameters, 'nope', '2024-10-30')).toBeUndefined();
  });

  it('by tax year: the value in force on 6 April of the date’s tax year', () => {
    expect(lookupParameterBy(miniParameters, 'relief.rate', 'taxYear', '2024-04-05')?.value).toBe(0.02);
    expect(lookupParameterBy(miniParameters, 'relief.rate', 'taxYear', '2024-04-06')?.value).toBe(0.03);
    expect(lookupParameterBy(miniParameters, 'relief.rate', 'taxYear', '2025-03-01')?.value).toBe(0.03);
  });

  it('returns the source for the trace, and uses asOf when the date fact is missing', () => {
    const { values, trace } = resolveParameters({
      refs: [
        { name: 'rate', set: 'mini', key: 'relief.rate', by: 'taxYear', dateFact: 'saleDate' },
        { name: 'threshold', set: 'mini', key: 'big.threshold', by: 'date', dateFact: 'missingDate' },
      ],
      parameterSets: { mini: miniParameters },
      facts: { saleDate: '2023-05-01' },
      asOf: '2025-01-01',
    });
    expect(values).toEqual({ rate: 0.02, threshold: 400000 });
    expect(trace[0]).toEqual({
      name: 'rate',
      set: 'mini',
      key: 'relief.rate',
      value: 0.02,
      from: '2020-04-06',
      to: '2024-04-05',
      source: 'S1',
      sourceTitle: 'Test source',
      sourceUrl: 'https://example.org/s1',
      description: 'Relief rate',
      unit: 'rate',
    });
  });
});
