import { describe, expect, it } from 'vitest';
import { clientTextProblems } from './client-text';

const problems = (text: string, factNames: string[] = []) =>
  clientTextProblems([text], { factNames }).map((p) => p.problem);

describe('client text scanner', () => {
  it('lets plain English with formatted figures through', () => {
    for (const ok of [
      'You bought on 10 May 2023, within the last 36 months: +15 points',
      'You paid £12,345. On residential rates the tax would be £4,387.50.',
      'Complexity 6.5 / 10 (Medium); 2.5% of the price; HMRC manual SDLTM00385',
      'Between £8,820 and £16,380 in the 2024-25 tax year',
      'Source: PolicyEngine UK parameters: gov/hmrc/income_tax',
    ])
      expect(problems(ok), ok).toEqual([]);
  });

  it('reports engine words a client must never read', () => {
    expect(problems('cutoff36Months = 23 November 2023')).toEqual([
      'identifier "cutoff36Months"',
      'assignment "s = 2"',
    ]);
    expect(problems('badrEligible is 1')).toEqual(['identifier "badrEligible"']);
    expect(problems('Status UNCONFIRMED')).toEqual(['capitalised word "UNCONFIRMED"']);
    expect(problems('Refund 4,387.5 (£)')).toEqual(['unformatted number "4,387.5"']);
    expect(problems('Refund £4,387.5')).toEqual(['money "£4,387.5"']);
    expect(problems('Tax 1234.5678')).toEqual(['unrounded number "1234.5678"']);
    expect(problems('Tax 12345')).toEqual(['number without separators "12345"']);
    expect(problems('Bought 2023-05-10')).toEqual(['ISO date "2023-05-10"']);
    expect(problems('Gain undefined')).toEqual(['"undefined"']);
    expect(problems('Gain {{gain|money}}')).toEqual(['unfilled placeholder "{{gain|money}}"']);
    expect(problems('Treatment residential', ['treatmentSDR', 'residential'])).toEqual([]);
    expect(problems('Because of sdlt_refund')).toEqual(['identifier "sdlt_refund"']);
  });
});
