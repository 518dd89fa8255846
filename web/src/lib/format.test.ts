import { describe, expect, it } from 'vitest';
import { formatRange } from './format';

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
