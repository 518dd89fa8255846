import { describe, expect, it } from 'vitest';
import { formatDay, formatRange } from './format';

describe('formatRange', () => {
  it('writes a range with its ends', () => {
    expect(formatRange({ low: 7000, median: 10000, high: 13000 })).toBe('£7,000 – £13,000');
  });
  it('writes one number when the estimate is exact (low = high), not "£4,250 – £4,250"', () => {
    expect(formatRange({ low: 4250, median: 4250, high: 4250 })).toBe('£4,250');
  });
  it('says when there is no estimate', () => {
    expect(formatRange(null)).toBe('Not estimated');
  });
});

describe('formatDay', () => {
  it('writes a calendar day in words, the same day in every time zone', () => {
    expect(formatDay('2026-12-12')).toBe('12 December 2026');
    expect(formatDay('2027-01-31T00:00:00.000Z')).toBe('31 January 2027');
    expect(formatDay(null)).toBe('—');
    expect(formatDay('not a day')).toBe('not a day');
  });
});
