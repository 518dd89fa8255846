// HMRC's own worked examples of share and token identification, figure for figure.
import { describe, expect, it } from 'vitest';
import { matchShareTrades, type Disposal } from './share-matching';
import { gainsByTaxYear } from './gains-by-tax-year';

type Row = Record<string, unknown>;
const buy = (date: string, quantity: number, cost: number, asset = 'TOKEN', fees = 0): Row => ({
  date,
  action: 'BUY',
  asset,
  quantity,
  price: cost / quantity,
  fees,
});
/** A buy given by its price per unit (exact, as a broker states it). */
const buyAt = (date: string, quantity: number, price: number, fees = 0, asset = 'TOKEN'): Row => ({
  date,
  action: 'BUY',
  asset,
  quantity,
  price,
  fees,
});
const sellAt = (date: string, quantity: number, price: number, fees = 0, asset = 'TOKEN'): Row => ({
  date,
  action: 'SELL',
  asset,
  quantity,
  price,
  fees,
});
/** A sale for a total consideration (HMRC's crypto examples give totals, not prices). */
const sell = (date: string, quantity: number, proceeds: number, asset = 'TOKEN'): Row => ({
  date,
  action: 'SELL',
  asset,
  quantity: String(quantity),
  // price × quantity must give the total exactly: a decimal string, no float division
  price: String(proceeds / quantity),
  fees: 0,
});

const legs = (d: Disposal | undefined) => d?.legs.map((l) => [l.rule, l.quantity, l.cost]);

describe('HMRC worked examples', () => {
  it('CRYPTO22251 example 1: a basic section 104 disposal', () => {
    const r = matchShareTrades([
      buy('2020-01-10', 100, 1000),
      buy('2020-09-18', 50, 125_000),
      sell('2020-12-01', 50, 300_000),
    ]);
    expect(r.disposals[0]).toMatchObject({ proceeds: 300_000, allowableCost: 42_000, gain: 258_000 });
    expect(r.holdings[0]).toMatchObject({ quantity: 100, cost: 84_000 });
  });

  it('CRYPTO22252 example 2: same-day disposals as one, the surplus into the holding', () => {
    const r = matchShareTrades([
      buy('2020-01-01', 5000, 500),
      sell('2020-06-23', 1000, 800),
      buy('2020-06-23', 1600, 1000),
      sell('2020-06-23', 500, 600),
    ]);
    // £1,000 × 1,500 / 1,600 = £937.50, which HMRC rounds to £938; £62 goes into the holding
    expect(r.disposals).toHaveLength(1);
    expect(r.disposals[0]).toMatchObject({ quantity: 1500, proceeds: 1400, allowableCost: 938, gain: 462 });
    expect(r.holdings[0]).toMatchObject({ quantity: 5100, cost: 562 });
  });

  it('CRYPTO22253 example 3: the 30-day rule, earliest acquisition first, across 5 April', () => {
    const r = matchShareTrades([
      buy('2020-01-01', 2000, 1000),
      sell('2021-03-31', 1000, 400),
      sell('2021-04-20', 500, 150),
      buy('2021-04-21', 700, 175),
      buy('2021-04-28', 500, 100),
      buy('2021-05-01', 500, 150),
    ]);
    const [march, april] = r.disposals;
    expect(march).toMatchObject({ taxYear: '2020-21', allowableCost: 235, gain: 165 });
    expect(legs(march)).toEqual([
      ['30-day', 700, 175],
      ['30-day', 300, 60],
    ]);
    expect(april).toMatchObject({ taxYear: '2021-22', allowableCost: 130, gain: 20 });
    expect(legs(april)).toEqual([
      ['30-day', 200, 40],
      ['30-day', 300, 90],
    ]);
    // the 200 tokens of 1 May not matched join the holding with £60
    expect(r.holdings[0]).toMatchObject({ quantity: 2200, cost: 1060 });
    expect(r.taxYears.map((y) => [y.taxYear, y.netGain])).toEqual([
      ['2020-21', 165],
      ['2021-22', 20],
    ]);
  });

  it('CRYPTO22254 example 4: same day, then the holding (£62.50 rounds to £63)', () => {
    const r = matchShareTrades([
      buy('2020-01-01', 8000, 1000),
      sell('2021-01-31', 5000, 500),
      buy('2021-01-31', 4000, 320),
      buy('2021-01-31', 1000, 75),
      buy('2021-01-31', 1000, 70),
      sell('2021-01-31', 2000, 142),
      buy('2021-01-31', 500, 35),
    ]);
    expect(r.disposals[0]).toMatchObject({ quantity: 7000, proceeds: 642, allowableCost: 563, gain: 79 });
    expect(legs(r.disposals[0])).toEqual([
      ['same-day', 6500, 500],
      ['section-104', 500, 63],
    ]);
    expect(r.holdings[0]).toMatchObject({ quantity: 7500, cost: 937 });
  });

  it('CRYPTO22255 example 5: 30 days, then the holding', () => {
    const r = matchShareTrades([
      buy('2020-01-01', 14_000, 200_000),
      sell('2020-08-30', 4000, 160_000),
      buy('2020-09-11', 500, 17_500),
    ]);
    expect(r.disposals[0]).toMatchObject({ gain: 92_500 });
    expect(legs(r.disposals[0])).toEqual([
      ['30-day', 500, 17_500],
      ['section-104', 3500, 50_000],
    ]);
    expect(r.holdings[0]).toMatchObject({ quantity: 10_500, cost: 150_000 });
  });

  it('CRYPTO22256 example 6: same day, 30 days and the holding together', () => {
    const r = matchShareTrades([
      buy('2020-01-01', 100_000, 300_000),
      buy('2020-07-31', 10_000, 45_000),
      sell('2020-07-31', 30_000, 150_000),
      sell('2020-08-05', 20_000, 100_000),
      buy('2020-08-06', 50_000, 225_000),
      sell('2020-08-07', 100_000, 150_000),
    ]);
    const [july, august5, august7] = r.disposals;
    expect(legs(july)).toEqual([
      ['same-day', 10_000, 45_000],
      ['30-day', 20_000, 90_000],
    ]);
    expect(july?.gain).toBe(15_000);
    expect(legs(august5)).toEqual([['30-day', 20_000, 90_000]]);
    expect(august5?.gain).toBe(10_000);
    // the holding: 110,000 tokens for £345,000; £345,000 × 100,000 / 110,000 = £313,636.36 → £313,636
    expect(legs(august7)).toEqual([['section-104', 100_000, 313_636]]);
    expect(august7?.gain).toBe(-163_636);
    expect(r.taxYears[0]?.netGain).toBe(-138_636);
    expect(r.holdings[0]).toMatchObject({ quantity: 10_000, cost: 31_364 });
  });

  it('HS284 Example 3: the section 104 holding with dealing costs, whole pounds each time', () => {
    // 1,000 Lobster plc for £4,000 + £150, 500 for £2,050 + £80; 700 sold at £4.80 less £100,
    // 400 at £5.20 less £105 (the disposal dates moved into one year as HS284 2020 has them)
    const r = matchShareTrades([
      buyAt('2014-04-01', 1000, 4, 150, 'Lobster'),
      buyAt('2017-09-01', 500, 4.1, 80, 'Lobster'),
      sellAt('2018-05-01', 700, 4.8, 100, 'Lobster'),
      sellAt('2019-02-01', 400, 5.2, 105, 'Lobster'),
    ]);
    expect(r.disposals.map((d) => [d.proceeds, d.allowableCost, d.gain])).toEqual([
      [3260, 2931, 329],
      [1975, 1675, 300],
    ]);
    expect(r.taxYears).toMatchObject([{ taxYear: '2018-19', netGain: 629 }]);
    expect(r.holdings[0]).toMatchObject({ asset: 'Lobster', quantity: 400, cost: 1674 });
  });
});

describe('the rules at their edges', () => {
  it('matches a purchase 30 days after a sale, not 31', () => {
    const day30 = matchShareTrades([
      buy('2024-01-01', 10, 100),
      sell('2024-06-01', 10, 200),
      buy('2024-07-01', 10, 150),
    ]);
    expect(legs(day30.disposals[0])).toEqual([['30-day', 10, 150]]);
    const day31 = matchShareTrades([
      buy('2024-01-01', 10, 100),
      sell('2024-06-01', 10, 200),
      buy('2024-07-02', 10, 150),
    ]);
    expect(legs(day31.disposals[0])).toEqual([['section-104', 10, 100]]);
  });

  it('puts a split before a sale on the new basis, and matches across a split unit for unit', () => {
    const r = matchShareTrades([
      buy('2019-01-01', 20, 200, 'FOO'),
      { date: '2019-02-01', action: 'SPLIT', asset: 'FOO', ratio: 2 },
      sell('2019-04-01', 40, 240, 'FOO'),
    ]);
    expect(r.disposals[0]).toMatchObject({ quantity: 40, allowableCost: 200, gain: 40 });
    // a sale before a 2-for-1 split matched with a purchase after it: 10 old shares = 20 new
    const bb = matchShareTrades([
      buy('2019-01-01', 20, 200, 'FOO'),
      sell('2019-02-01', 10, 120, 'FOO'),
      { date: '2019-02-15', action: 'SPLIT', asset: 'FOO', ratio: 2 },
      buy('2019-02-20', 20, 100, 'FOO'),
    ]);
    expect(legs(bb.disposals[0])).toEqual([['30-day', 10, 100]]);
    // the 20 bought before the split are 40 after it, and stay in the holding at their cost
    expect(bb.holdings[0]).toMatchObject({ quantity: 40, cost: 200 });
  });

  it('handles a consolidation (ratio below 1)', () => {
    const r = matchShareTrades([
      buy('2020-01-01', 100, 1000, 'BAR'),
      { date: '2020-06-01', action: 'SPLIT', asset: 'BAR', ratio: 0.1 },
      sell('2020-07-01', 5, 800, 'BAR'),
    ]);
    expect(r.disposals[0]).toMatchObject({ quantity: 5, allowableCost: 500, gain: 300 });
    expect(r.holdings[0]).toMatchObject({ quantity: 5, cost: 500 });
  });

  it('adds reported income to the holding cost and takes equalisation off it', () => {
    const r = matchShareTrades([
      buy('2020-01-01', 100, 1000, 'FUND'),
      { date: '2020-12-31', action: 'ADJUST_COST', asset: 'FUND', amount: 50 },
      { date: '2021-01-31', action: 'ADJUST_COST', asset: 'FUND', amount: '-10' },
      sell('2021-03-01', 100, 1500, 'FUND'),
    ]);
    expect(r.disposals[0]).toMatchObject({ allowableCost: 1040, gain: 460 });
  });

  it('reports a sale of more than the trades show held, with the rest at no cost', () => {
    const r = matchShareTrades([buy('2020-01-01', 10, 100), sell('2020-02-01', 15, 300)], {
      messages: { oversold: '{{quantity}} {{asset}} sold on {{date|date}} were not bought in these trades' },
      fill: (t, f) =>
        t
          .replace('{{quantity}}', String(f.quantity))
          .replace('{{asset}}', String(f.asset))
          .replace('{{date|date}}', String(f.date)),
    });
    expect(legs(r.disposals[0])).toEqual([
      ['section-104', 10, 100],
      ['unmatched', 5, 0],
    ]);
    expect(r.problems[0]?.text).toBe('5 TOKEN sold on 2020-02-01 were not bought in these trades');
  });

  it('rounds a gain with pence down and a loss up, to the pound', () => {
    const gain = matchShareTrades([
      buyAt('2020-01-01', 10, 4.1565, 12.5, 'X'),
      sellAt('2020-02-01', 10, 6.6702, 12.5, 'X'),
    ]);
    // proceeds 66.702 − 12.5 = 54.202; cost 41.565 + 12.5 = 54.065 → the whole holding: exact
    expect(gain.disposals[0]).toMatchObject({ proceeds: 54.2, gain: 0 });
    const loss = matchShareTrades([
      sellAt('2018-08-28', 10, 4.6702, 12.5, 'X'),
      buyAt('2018-08-28', 10, 4.1565, 12.5, 'X'),
    ]);
    expect(loss.disposals[0]?.gain).toBe(-20);
  });

  it('keeps assets apart, and ignores case and spaces in their names', () => {
    const r = matchShareTrades([
      buy('2020-01-01', 10, 100, 'abc'),
      buy('2020-01-01', 10, 500, 'XYZ'),
      sell('2020-02-01', 10, 200, ' ABC '),
    ]);
    expect(r.disposals[0]).toMatchObject({ asset: 'abc', gain: 100 });
    expect(r.holdings.map((h) => [h.asset, h.quantity])).toEqual([
      ['abc', 0],
      ['XYZ', 10],
    ]);
  });
});

describe('gains by tax year', () => {
  const params = {
    annualExemptAmount: (y: string) => ({ '2022-23': 12_300, '2023-24': 6000, '2024-25': 3000 })[y],
    rates: (date: string) =>
      date < '2024-10-30' ? { lower: 0.1, higher: 0.2 } : { lower: 0.18, higher: 0.24 },
    bands: () => ({
      basicRateBand: 37_700,
      personalAllowance: 12_570,
      taperThreshold: 100_000,
      taperRate: 0.5,
    }),
  };

  it('carries a net loss forward and uses it only down to the exempt amount', () => {
    const r = matchShareTrades([
      buy('2022-05-01', 1, 10_000),
      sell('2022-06-01', 1, 4000),
      buy('2023-05-01', 1, 1000),
      sell('2023-06-01', 1, 9000),
    ]);
    const { years, totals } = gainsByTaxYear(r.taxYears, r.disposals, params);
    expect(
      years.map((y) => [y.taxYear, y.netGain, y.lossesUsed, y.lossesCarriedForward, y.taxableGain]),
    ).toEqual([
      ['2022-23', -6000, 0, 6000, 0],
      // £8,000 gain: £2,000 of the losses bring it down to the £6,000 exempt amount
      ['2023-24', 8000, 2000, 4000, 0],
    ]);
    expect(totals.lossesCarriedForward).toBe(4000);
  });

  it('taxes 2024-25 gains at the rates of their dates, exempt amount and band where they save most', () => {
    const r = matchShareTrades([
      buy('2024-05-01', 1, 1000, 'A'),
      sell('2024-09-01', 1, 11_000, 'A'),
      buy('2024-05-01', 1, 1000, 'B'),
      sell('2024-11-01', 1, 11_000, 'B'),
    ]);
    const higher = gainsByTaxYear(r.taxYears, r.disposals, { ...params, income: 60_000 });
    // £20,000 gains, £3,000 exempt amount off the 24% gains: 10,000 × 20% + 7,000 × 24%
    expect(higher.years[0]).toMatchObject({ taxableGain: 17_000, unusedBasicRateBand: 0, tax: 3680 });
    const basic = gainsByTaxYear(r.taxYears, r.disposals, { ...params, income: 30_000 });
    // band left 37,700 − 17,430 = 20,270: all of it at the lower rates, 10,000 × 10% + 7,000 × 18%
    expect(basic.years[0]).toMatchObject({ unusedBasicRateBand: 20_270, tax: 2260 });
    expect(basic.years[0]).toMatchObject({ taxLow: 2260, taxHigh: 3680 });
  });
});
