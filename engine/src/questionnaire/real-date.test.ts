import { describe, expect, it } from 'vitest';
import { isRealIsoDate, REAL_DATE_PATTERN } from './real-date';

const pattern = new RegExp(REAL_DATE_PATTERN);

describe('real dates', () => {
  const real = [
    '2024-02-29',
    '2000-02-29',
    '2023-02-28',
    '2024-01-31',
    '2024-04-30',
    '2024-12-31',
    '1999-06-01',
  ];
  const unreal = [
    '2023-02-29',
    '1900-02-29',
    '2100-02-29',
    '2024-02-30',
    '2024-04-31',
    '2024-13-01',
    '2024-00-10',
    '2024-01-00',
    '2024-1-01',
    '24-01-01',
    '2024/01/01',
    '2024-01-01T00:00',
    ' 2024-01-01',
    'abc',
    '',
  ];

  it.each(real)('%s is a real date', (d) => {
    expect(isRealIsoDate(d)).toBe(true);
    expect(pattern.test(d)).toBe(true);
  });
  it.each(unreal)('%s is not', (d) => {
    expect(isRealIsoDate(d)).toBe(false);
    expect(pattern.test(d)).toBe(false);
  });

  it('the SurveyJS regex agrees with isRealIsoDate on every day of 1896–2104', () => {
    const mismatches: string[] = [];
    for (let year = 1896; year <= 2104; year += 1) {
      for (let month = 1; month <= 12; month += 1) {
        for (let day = 0; day <= 32; day += 1) {
          const d = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          if (isRealIsoDate(d) !== pattern.test(d)) mismatches.push(d);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
