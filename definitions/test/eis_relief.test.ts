// EIS and SEIS v2 (issue 27 §3): the cases the issue names, each against v1's answer to show what
// changed. Every rule's boundaries are embedded tests in v2.json.
import { describe, expect, it } from 'vitest';
import v1json from '../assessments/eis_relief/v1.json';
import v2json from '../assessments/eis_relief/v2.json';
import { describeEmbeddedTests, version } from './helpers';

const on = '2026-11-29';
const v1 = version(v1json, on);
const v2 = version(v2json, on);

describeEmbeddedTests('eis_relief v2', v2.definition, 20);

const oneEis = {
  schemeEIS: 'eis',
  investmentDateEIS: '2025-01-15',
  amountInvestedEIS: 100000,
  knowledgeIntensiveEIS: false,
  incomeTaxEIS: 60000,
  connectedEIS: false,
  certificateEIS: true,
  sharesHeldEIS: 'held',
  claimedEIS: false,
  hasGainEIS: false,
};
const answers = {
  taxYearEIS: '2024-25',
  incomeTaxEIS: 60000,
  carryBackEIS: false,
  certificateEIS: true,
  claimedEIS: false,
  hasGainEIS: false,
};
const row = (extra: Record<string, unknown> = {}) => ({
  date: '2025-01-15',
  scheme: 'eis',
  amount: 100000,
  connected: 'no',
  disposal: 'held',
  ...extra,
});

describe('issue 27 §3 cases', () => {
  it('a connected investor: £0 due where v1 still worked out £30,000', async () => {
    expect((await v1.byAnswers({ ...oneEis, connectedEIS: true })).facts.totalRelief).toBe(30000);
    const after = await v2.byAnswers({ ...answers, investmentsEIS: [row({ connected: 'yes' })] });
    expect(after.facts.totalRelief).toBe(0);
    expect(after.eligibility.override?.id).toBe('connected_investor');
  });

  it('a claim out of time: £0 due where v1 showed £30,000', async () => {
    const old = { ...oneEis, investmentDateEIS: '2019-06-01' };
    expect((await v1.byAnswers(old)).value.estimates.median).toBe(30000);
    const after = await v2.byAnswers({
      ...answers,
      taxYearEIS: '2019-20',
      investmentsEIS: [row({ date: '2019-06-01' })],
    });
    expect(after.value.estimates.median).toBe(0);
    expect(after.eligibility.override?.id).toBe('claim_out_of_time');
  });

  it('an arm’s-length sale within 3 years withdraws 30% of the proceeds, not all the relief', async () => {
    const after = await v2.byAnswers({
      ...answers,
      investmentsEIS: [row({ disposal: 'sold', disposalDate: '2026-06-01', proceeds: 40000 })],
    });
    expect(after.facts.incomeTaxRelief).toBe(18000);
  });

  it('SEIS reinvestment relief on the amount within the limit: £24,000 where v1 gave £30,000', async () => {
    const seis = {
      ...oneEis,
      schemeEIS: 'seis',
      investmentDateEIS: '2024-11-15',
      amountInvestedEIS: 250000,
      incomeTaxEIS: 200000,
      hasGainEIS: true,
      gainAmountEIS: 300000,
    };
    expect((await v1.byAnswers(seis)).facts.cgtRelief).toBe(30000);
    const after = await v2.byAnswers({
      ...answers,
      incomeTaxEIS: 200000,
      hasGainEIS: true,
      gainAmountEIS: 300000,
      gainDateEIS: '2024-11-01',
      gainKindEIS: 'other',
      investmentsEIS: [row({ date: '2024-11-15', scheme: 'seis', amount: 250000 })],
    });
    expect(after.facts.cgtRelief).toBe(24000);
  });

  it('deferral at the rate of the gain’s date: 20% for a gain before 30 October 2024 where v1 took 24% from the share issue date', async () => {
    const gain = { hasGainEIS: true, gainAmountEIS: 40000 };
    expect((await v1.byAnswers({ ...oneEis, ...gain, amountInvestedEIS: 50000 })).facts.cgtRelief).toBe(9600);
    const after = await v2.byAnswers({
      ...answers,
      ...gain,
      gainDateEIS: '2024-10-29',
      gainKindEIS: 'other',
      investmentsEIS: [row({ amount: 50000 })],
    });
    expect(after.facts.cgtRelief).toBe(8000);
  });
});
