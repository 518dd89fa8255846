// Inheritance tax v2 (issue 27 §2): the cases the issue names, each against v1's answer to show what
// changed, and the gifts table's bounds. Every rule's boundaries are embedded tests in v2.json.
import { describe, expect, it } from 'vitest';
import v1json from '../assessments/inheritance_tax/v1.json';
import v2json from '../assessments/inheritance_tax/v2.json';
import { describeEmbeddedTests, version } from './helpers';

const on = '2026-11-29';
const v1 = version(v1json, on);
const v2 = version(v2json, on);

describeEmbeddedTests('inheritance_tax v2', v2.definition, 25);

const estate = {
  situationIHT: 'estate',
  deathDateIHT: '2025-06-01',
  spouseShareIHT: 0,
  charityGiftIHT: 0,
  homeToDescendantsIHT: false,
  giftsIHT: false,
  businessAssetsIHT: false,
};

describe('issue 27 §2 cases', () => {
  it('60% of a late spouse’s nil-rate band unused: £32,000 due on £600,000, not £110,000', async () => {
    // v1 could only say "left everything: no" (no transfer) or "yes" (doubled)
    const before = await v1.byAnswers({ ...estate, estateValueIHT: 600000, transferredBandsIHT: false }, on);
    expect(before.facts.estateTax).toBe(110000);
    const after = await v2.byAnswers(
      {
        ...estate,
        estateValueIHT: 600000,
        lateSpouseIHT: true,
        lateSpouseNrbUnusedIHT: 60,
        lateSpouseDeathDateIHT: '2019-05-01',
        lateSpouseRnrbUnusedIHT: 100,
      },
      on,
    );
    expect(after.facts.nilRateBand).toBe(520000);
    expect(after.facts.estateTax).toBe(32000);
  });

  it('a missed 50% business relief: £40,000 to reclaim, where v1 showed £0', async () => {
    const common = { ...estate, estateValueIHT: 1000000, businessAssetsIHT: true, ihtPaidIHT: 270000 };
    expect((await v1.byAnswers(common, on)).facts.overpaid).toBe(0);
    const after = await v2.byAnswers({ ...common, relief100ValueIHT: 0, relief50ValueIHT: 200000 }, on);
    expect(after.facts.overpaid).toBe(40000);
  });

  it('gifts one by one, oldest first with taper per gift: £54,000 where one total gave £56,000', async () => {
    const death = { ...estate, deathDateIHT: '2026-06-01', estateValueIHT: 0, giftsIHT: true };
    const before = await v1.byAnswers({ ...death, giftsValueIHT: 465000, giftsYearsIHT: 'under3' }, on);
    expect(before.facts.giftTax).toBe(56000);
    const after = await v2.byAnswers(
      {
        ...death,
        giftsTableIHT: [
          { date: '2025-01-10', value: 115000 },
          { date: '2022-09-01', value: 350000 },
        ],
      },
      on,
    );
    expect(after.facts.giftTax).toBe(54000);
    // the gifts table shows them oldest first with the gifts before each and its taper
    expect(after.resultFields.iht_gifts_table).toEqual([
      expect.objectContaining({ date: '2022-09-01', value: 350000, giftsBefore: 0, taperPercent: 20 }),
      expect.objectContaining({ date: '2025-01-10', value: 115000, giftsBefore: 350000, taperPercent: 0 }),
    ]);
  });

  it('the order the gifts are typed in does not change the tax', async () => {
    const rows = [
      { date: '2020-03-01', value: 200000 },
      { date: '2022-09-01', value: 150000 },
      { date: '2025-01-10', value: 115000 },
    ];
    const answers = { ...estate, deathDateIHT: '2026-06-01', estateValueIHT: 0, giftsIHT: true };
    const a = await v2.byAnswers({ ...answers, giftsTableIHT: rows }, on);
    const b = await v2.byAnswers({ ...answers, giftsTableIHT: [...rows].reverse() }, on);
    // 2020: £200,000 (NRB), 2022: £125,000 NRB + £25,000 × 40% × 80% = £8,000, 2025: £115,000 × 40% = £46,000
    expect(a.facts.giftTax).toBe(54000);
    expect(b.facts.giftTax).toBe(54000);
  });
});
