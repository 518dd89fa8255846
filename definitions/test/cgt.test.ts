// CGT worked examples, checked by hand against HMRC's rules (tax-parameters.md "CGT computation").
// Each test states the arithmetic in its comments; the engine must reproduce the figures from the
// definition and the dated parameter files alone.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Model } from 'survey-core';
import { describe, expect, it } from 'vitest';
import {
  answerCombinations,
  evaluateAssessment,
  loadDefinition,
  toSurveyJson,
  visibleQuestions,
  type AssessmentEvaluation,
} from '@reclaim/engine';
import { runDefinitionTests } from '@reclaim/engine/testing';

const parametersDir = new URL('../parameters/', import.meta.url);
const parameterSets = readdirSync(parametersDir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(new URL(f, parametersDir), 'utf8')) as unknown);
const json = JSON.parse(
  readFileSync(new URL('../assessments/cgt_assessment/v1.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;
const definition = loadDefinition(json, { parameterSets });

type Answers = Record<string, unknown>;
const AS_OF = '2026-11-21';

// A UK-resident higher-rate taxpayer with no losses, unless a test says otherwise.
const base: Answers = { incomeTaxBandCGT: 'higher', hasPreviousLossesCGT: false, isNonResidentCGT: false };
const buyToLet: Answers = {
  ...base,
  assetTypeCGT: 'other_residential_property',
  isUkLandCGT: true,
  isMainHomeCGT: 'No',
  disposalProceedsCGT: 300000,
  acquisitionDateCGT: '2015-05-01',
  acquisitionCostCGT: 200000,
  allowableExpensesCGT: 10000,
};
const listedShares: Answers = {
  ...base,
  assetTypeCGT: 'uk_listed_shares',
  disposalProceedsCGT: 50000,
  acquisitionDateCGT: '2018-01-10',
  acquisitionCostCGT: 20000,
  allowableExpensesCGT: 0,
};
const companyShares: Answers = {
  ...base,
  assetTypeCGT: 'business_shares',
  isTradingCompanySharesCGT: true,
  shareholdingPercentageCGT: 10,
  isEmployeeOrOfficerCGT: true,
  disposalProceedsCGT: 500000,
  acquisitionDateCGT: '2015-01-01',
  acquisitionCostCGT: 100000,
  allowableExpensesCGT: 0,
};

async function run(answers: Answers, asOf = AS_OF): Promise<AssessmentEvaluation> {
  return evaluateAssessment({ definition, answers, asOf });
}
function liability(e: AssessmentEvaluation): unknown {
  return e.resultFields.cgt_estimated_liability;
}

describe('cgt_assessment loads and its embedded tests pass', () => {
  it('is the CGT definition for both service codes', () => {
    expect(definition.id).toBe('cgt_assessment');
    expect(definition.serviceType).toBe('cgt_reclaim');
    expect(definition.aliases).toEqual(['cgt_reclaim']);
  });
  it('passes every embedded test', async () => {
    const results = await runDefinitionTests(definition);
    expect(results.filter((r) => !r.passed)).toEqual([]);
    expect(results.length).toBeGreaterThanOrEqual(10);
  });
});

describe('residential property: 2023/24 at 28% vs 2024/25 at 24%', () => {
  it('2023-09-15: gain 300,000 - 200,000 - 10,000 = 90,000; less AEA 6,000 = 84,000; x 28% = 23,520', async () => {
    const e = await run({ ...buyToLet, disposalDateCGT: '2023-09-15' });
    expect(e.facts.aeaAvailable).toBe(6000);
    expect(e.facts.rateHigher).toBe(0.28);
    expect(e.resultFields.cgt_taxable_gain_estimate).toBe(84000);
    expect(liability(e)).toBe(23520);
    expect(e.resultFields.cgt_event_type).toBe('Disposal of residential property (not main home)');
  });
  it('2024-09-15: 90,000 less AEA 3,000 = 87,000; x 24% = 20,880', async () => {
    const e = await run({ ...buyToLet, disposalDateCGT: '2024-09-15' });
    expect(e.facts.aeaAvailable).toBe(3000);
    expect(e.facts.rateHigher).toBe(0.24);
    expect(e.resultFields.cgt_taxable_gain_estimate).toBe(87000);
    expect(liability(e)).toBe(20880);
  });
  it('the rate and AEA change exactly between 5 and 6 April 2024', async () => {
    // 2024-04-05 is still 2023/24: (90,000 - 6,000) x 28% = 23,520; 2024-04-06: (90,000 - 3,000) x 24% = 20,880
    expect(liability(await run({ ...buyToLet, disposalDateCGT: '2024-04-05' }))).toBe(23520);
    expect(liability(await run({ ...buyToLet, disposalDateCGT: '2024-04-06' }))).toBe(20880);
  });
  it('2021-06-01 (2021/22): AEA 12,300; (90,000 - 12,300) x 28% = 21,756', async () => {
    expect(liability(await run({ ...buyToLet, disposalDateCGT: '2021-06-01' }))).toBe(21756);
  });
});

describe('UK listed shares: 20% on 2024-10-29, 24% from 2024-10-30', () => {
  it('2024-10-29: gain 50,000 - 20,000 = 30,000; less AEA 3,000 = 27,000; x 20% = 5,400', async () => {
    const e = await run({ ...listedShares, disposalDateCGT: '2024-10-29' });
    expect(e.resultFields.cgt_taxable_gain_estimate).toBe(27000);
    expect(liability(e)).toBe(5400);
  });
  it('2024-10-30: 27,000 x 24% = 6,480', async () => {
    expect(liability(await run({ ...listedShares, disposalDateCGT: '2024-10-30' }))).toBe(6480);
  });
  it('flags that share matching rules are not applied', async () => {
    const e = await run({ ...listedShares, disposalDateCGT: '2024-10-30' });
    expect(e.complexity.flags).toContainEqual(expect.objectContaining({ id: 'assetRules', weight: 3 }));
    expect(e.trace.rules).toContainEqual(
      expect.objectContaining({ stage: 'complexity', id: 'assetRules#4', matched: true }),
    );
  });
});

describe('Business Asset Disposal Relief by disposal date', () => {
  // gain 500,000 - 100,000 = 400,000; AEA 3,000 (2024/25 onwards) → 397,000 at the BADR rate
  it('2025-03-01 at 10%: 397,000 x 10% = 39,700', async () => {
    const e = await run({ ...companyShares, disposalDateCGT: '2025-03-01' });
    expect(e.facts.badrEligible).toBe(1);
    expect(liability(e)).toBe(39700);
    expect(e.resultFields.cgt_applicable_reliefs).toContain('Business Asset Disposal Relief');
  });
  it('2025-06-01 at 14%: 397,000 x 14% = 55,580', async () => {
    expect(liability(await run({ ...companyShares, disposalDateCGT: '2025-06-01' }))).toBe(55580);
  });
  it('2026-06-01 at 18%: 397,000 x 18% = 71,460', async () => {
    expect(liability(await run({ ...companyShares, disposalDateCGT: '2026-06-01' }))).toBe(71460);
  });
  it('the BADR rate changes between 5 and 6 April 2025 (10% → 14%)', async () => {
    expect(liability(await run({ ...companyShares, disposalDateCGT: '2025-04-05' }))).toBe(39700);
    expect(liability(await run({ ...companyShares, disposalDateCGT: '2025-04-06' }))).toBe(55580);
  });
  it('a 4% holding misses BADR: 397,000 x 24% = 95,280', async () => {
    const e = await run({ ...companyShares, shareholdingPercentageCGT: 4, disposalDateCGT: '2025-06-01' });
    expect(e.facts.badrEligible).toBe(0);
    expect(liability(e)).toBe(95280);
    expect(e.resultFields.cgt_applicable_reliefs).not.toContain('Business Asset Disposal Relief');
  });
  it('exactly 5% qualifies; not an employee or officer does not', async () => {
    expect(
      (await run({ ...companyShares, shareholdingPercentageCGT: 5, disposalDateCGT: '2025-06-01' })).facts
        .badrEligible,
    ).toBe(1);
    expect(
      (await run({ ...companyShares, isEmployeeOrOfficerCGT: false, disposalDateCGT: '2025-06-01' })).facts
        .badrEligible,
    ).toBe(0);
  });
  it('shares held under 2 years miss BADR (2024-01-01 to 2025-06-01 = 17 months)', async () => {
    const e = await run({
      ...companyShares,
      acquisitionDateCGT: '2024-01-01',
      disposalDateCGT: '2025-06-01',
    });
    expect(e.facts.monthsOwned).toBe(17);
    expect(e.facts.badrEligible).toBe(0);
  });
  it('the lifetime limit: 800,000 used leaves 200,000 at 14% = 28,000, the other 197,000 at 24% = 47,280; total 75,280', async () => {
    const e = await run({ ...companyShares, badrUsedCGT: 800000, disposalDateCGT: '2025-06-01' });
    expect(e.facts.badrGain).toBe(200000);
    expect(liability(e)).toBe(75280);
    expect(e.complexity.flags.map((f) => f.id)).toContain('badrLifetimeLimit');
  });
  it('BADR gains use the basic rate band first', async () => {
    // 990,000 of the limit used → 10,000 left. Gain 60,000 - 10,000 = 50,000; less AEA 3,000 = 47,000.
    // Income 30,000: band left = 37,700 - (30,000 - 12,570) = 20,270. BADR 10,000 x 14% = 1,400 uses the
    // band first, leaving 10,270 at 18% = 1,848.60; the other 26,730 at 24% = 6,415.20. Total 9,663.80.
    const e = await run({
      ...companyShares,
      disposalProceedsCGT: 60000,
      acquisitionCostCGT: 10000,
      badrUsedCGT: 990000,
      totalIncomeCGT: 30000,
      incomeTaxBandCGT: 'basic',
      disposalDateCGT: '2025-06-01',
    });
    expect(e.facts.unusedBasicBand).toBe(20270);
    expect(e.facts.gainAtLowerRate).toBe(10270);
    expect(e.facts.gainAtHigherRate).toBe(26730);
    expect(liability(e)).toBe(9663.8);
  });
  describe('sole trader assets on cessation', () => {
    const trader: Answers = {
      ...base,
      assetTypeCGT: 'business_assets_sole_trader',
      isBusinessCeasingCGT: true,
      disposalProceedsCGT: 200000,
      acquisitionDateCGT: '2015-01-01',
      acquisitionCostCGT: 50000,
      allowableExpensesCGT: 0,
      disposalDateCGT: '2025-06-01',
    };
    it('sold 16 months after ceasing: (150,000 - 3,000) x 14% = 20,580', async () => {
      const e = await run({ ...trader, businessCeasedDateCGT: '2024-01-31' });
      expect(e.facts.monthsCessationToDisposal).toBe(16);
      expect(e.facts.badrEligible).toBe(1);
      expect(liability(e)).toBe(20580);
    });
    it('sold more than 3 years after ceasing: main rate, 147,000 x 24% = 35,280', async () => {
      const e = await run({ ...trader, businessCeasedDateCGT: '2021-01-31' });
      expect(e.facts.badrEligible).toBe(0);
      expect(liability(e)).toBe(35280);
    });
    it('a business owned under 2 years before ceasing does not qualify', async () => {
      const e = await run({
        ...trader,
        acquisitionDateCGT: '2023-06-01',
        businessCeasedDateCGT: '2024-12-31',
      });
      expect(e.facts.badrEligible).toBe(0);
    });
  });
});

describe('chattels', () => {
  const chattel: Answers = {
    ...base,
    assetTypeCGT: 'personal_possessions',
    disposalDateCGT: '2024-12-01',
    acquisitionDateCGT: '2010-01-01',
    acquisitionCostCGT: 1000,
    allowableExpensesCGT: 0,
  };
  it('proceeds 5,500 (≤ 6,000): exempt, nil gain', async () => {
    const e = await run({ ...chattel, disposalProceedsCGT: 5500 });
    expect(e.facts.gainAfterReliefs).toBe(0);
    expect(e.resultFields.cgt_taxable_gain_estimate).toBe(0);
    expect(liability(e)).toBe(0);
    expect(e.resultFields.cgt_applicable_reliefs).toEqual([
      'Chattels exemption (proceeds of £6,000 or less)',
    ]);
  });
  it('proceeds exactly 6,000 are still exempt', async () => {
    expect((await run({ ...chattel, disposalProceedsCGT: 6000 })).facts.gainAfterReliefs).toBe(0);
  });
  it('proceeds 8,000, cost 1,000: gain 7,000 capped at 5/3 x (8,000 - 6,000) = 3,333.33; (3,333.33 - 3,000) x 24% = 80.00', async () => {
    const e = await run({ ...chattel, disposalProceedsCGT: 8000 });
    expect(e.facts.gain).toBe(7000);
    expect(e.facts.gainAfterReliefs).toBe(3333.33);
    expect(e.resultFields.cgt_taxable_gain_estimate).toBe(333.33);
    expect(liability(e)).toBe(80); // 333.33 x 0.24 = 79.9992 → 80.00
    expect(e.resultFields.cgt_applicable_reliefs).toContain('Chattels marginal relief (5/3 rule)');
  });
  it('the 5/3 cap does not bind when the gain is smaller: proceeds 8,000, cost 7,000 → gain 1,000', async () => {
    const e = await run({ ...chattel, disposalProceedsCGT: 8000, acquisitionCostCGT: 7000 });
    expect(e.facts.gainAfterReliefs).toBe(1000);
    expect(e.facts.chattelsRelief).toBe(0);
  });
});

describe('main home (private residence relief)', () => {
  const home: Answers = {
    ...base,
    assetTypeCGT: 'main_residential_property',
    isUkLandCGT: true,
    disposalProceedsCGT: 400000,
    acquisitionCostCGT: 250000,
    allowableExpensesCGT: 10000,
  };
  it('main home throughout: gain 140,000 fully relieved, nil tax, no 60-day return', async () => {
    const e = await run({
      ...home,
      isMainHomeCGT: 'Yes',
      acquisitionDateCGT: '2010-01-01',
      disposalDateCGT: '2024-09-15',
    });
    expect(e.facts.prrRelief).toBe(140000);
    expect(e.resultFields.cgt_taxable_gain_estimate).toBe(0);
    expect(liability(e)).toBe(0);
    expect(e.resultFields.cgt_event_type).toBe('Disposal of main home');
    expect(e.resultFields.cgt_applicable_reliefs).toEqual(['Private residence relief (full)']);
    expect(e.lists.reportingObligations).toEqual([]);
  });
  it('partly the main home: 60 months lived in + final 9 over 120 owned = 57.5% exempt', async () => {
    // gain 140,000; PRR 140,000 x 69/120 = 80,500; left 59,500; less AEA 3,000 = 56,500; x 24% = 13,560
    const e = await run({
      ...home,
      isMainHomeCGT: 'Partially',
      monthsLivedInCGT: 60,
      acquisitionDateCGT: '2014-06-01',
      disposalDateCGT: '2024-06-01',
    });
    expect(e.facts.monthsOwned).toBe(120);
    expect(e.facts.prrShare).toBe(0.575);
    expect(e.facts.prrRelief).toBe(80500);
    expect(e.resultFields.cgt_taxable_gain_estimate).toBe(56500);
    expect(liability(e)).toBe(13560);
    expect(e.trace.rules).toContainEqual(
      expect.objectContaining({ stage: 'complexity', id: 'assetRules#3', matched: true }),
    );
  });
  it('the exempt share never exceeds the whole gain (115 + 9 months over 120)', async () => {
    const e = await run({
      ...home,
      isMainHomeCGT: 'Partially',
      monthsLivedInCGT: 115,
      acquisitionDateCGT: '2014-06-01',
      disposalDateCGT: '2024-06-01',
    });
    expect(e.facts.prrShare).toBe(1);
    expect(liability(e)).toBe(0);
  });
});

describe('capital losses', () => {
  const shares: Answers = {
    ...listedShares,
    disposalProceedsCGT: 30000,
    disposalDateCGT: '2024-12-01',
    hasPreviousLossesCGT: true,
  };
  it('brought-forward losses only bring the gain down to the AEA: gain 10,000, losses 20,000 → 7,000 used, 13,000 left, nil tax', async () => {
    const e = await run({ ...shares, broughtForwardLossesCGT: 20000 });
    expect(e.facts.broughtForwardLossesUsed).toBe(7000);
    expect(e.facts.broughtForwardLossesLeft).toBe(13000);
    expect(e.resultFields.cgt_taxable_gain_estimate).toBe(0);
    expect(liability(e)).toBe(0);
    expect(e.resultFields.cgt_applicable_reliefs).toEqual([
      'Annual exempt amount',
      'Brought-forward capital losses',
    ]);
  });
  it('losses of 5,000 are used in full: 10,000 - 3,000 - 5,000 = 2,000 x 24% = 480', async () => {
    const e = await run({ ...shares, broughtForwardLossesCGT: 5000 });
    expect(e.facts.broughtForwardLossesUsed).toBe(5000);
    expect(liability(e)).toBe(480);
  });
  it('same-year losses are set off in full before the AEA: 10,000 - 8,000 = 2,000, within the AEA', async () => {
    const e = await run({ ...shares, currentYearLossesCGT: 8000 });
    expect(e.facts.currentYearLossesUsed).toBe(8000);
    expect(e.facts.aeaUsed).toBe(2000);
    expect(liability(e)).toBe(0);
  });
  it('a loss on this disposal is flagged to claim within 4 years', async () => {
    const e = await run({ ...listedShares, disposalProceedsCGT: 15000, disposalDateCGT: '2024-12-01' });
    expect(e.facts.lossOnDisposal).toBe(5000);
    expect(liability(e)).toBe(0);
    expect(e.lists.reportingObligations).toContain(
      'Claim the capital loss within 4 years of the end of the tax year',
    );
  });
});

describe('non-residents', () => {
  it('a non-resident selling listed shares is outside UK CGT: nil', async () => {
    const e = await run({ ...listedShares, isNonResidentCGT: true, disposalDateCGT: '2024-12-01' });
    expect(e.facts.outOfScopeGain).toBe(30000);
    expect(liability(e)).toBe(0);
    expect(e.resultFields.cgt_applicable_reliefs).toEqual([
      'Non-resident: gain outside UK Capital Gains Tax',
    ]);
    expect(e.complexity.flags.map((f) => f.id)).toContain('nonResident');
  });
  it('a non-resident’s loss outside UK CGT is neither a relief nor a loss to claim', async () => {
    const e = await run({
      ...listedShares,
      disposalProceedsCGT: 15000,
      isNonResidentCGT: true,
      disposalDateCGT: '2024-12-01',
    });
    expect(e.resultFields.cgt_applicable_reliefs).toEqual([]);
    expect(e.lists.reportingObligations).toEqual([]);
    expect(e.resultFields.cgt_recommendation).not.toContain('Claim it within 4 years');
    expect(e.resultFields.cgt_recommendation).toContain('we do not recommend a paid service');
  });
  it('a non-resident selling property outside the UK: nil', async () => {
    const e = await run({
      ...buyToLet,
      isUkLandCGT: false,
      isNonResidentCGT: true,
      disposalDateCGT: '2024-09-15',
    });
    expect(liability(e)).toBe(0);
    expect(e.lists.reportingObligations).toEqual([]);
  });
  it('a non-resident selling UK property is taxed like a resident and must report within 60 days', async () => {
    const e = await run({ ...buyToLet, isNonResidentCGT: true, disposalDateCGT: '2024-09-15' });
    expect(liability(e)).toBe(20880);
    expect(e.lists.reportingObligations).toContain(
      'Non-resident UK property return within 60 days of completion, even if no tax is due',
    );
    expect(e.complexity.serviceApproach).toBe('Specialist Referral');
  });
  it('a non-resident must report UK property even at a loss', async () => {
    const e = await run({
      ...buyToLet,
      disposalProceedsCGT: 150000,
      isNonResidentCGT: true,
      disposalDateCGT: '2024-09-15',
    });
    expect(liability(e)).toBe(0);
    expect(e.lists.reportingObligations).toContain(
      'Non-resident UK property return within 60 days of completion, even if no tax is due',
    );
  });
});

describe('the basic rate band', () => {
  // Buy-to-let sold 2024-09-15 for 240,000: gain 240,000 - 200,000 - 10,000 = 30,000; less AEA 3,000 = 27,000.
  const sale: Answers = { ...buyToLet, disposalProceedsCGT: 240000, disposalDateCGT: '2024-09-15' };
  it('income 40,000: band left 37,700 - (40,000 - 12,570) = 10,270 at 18% = 1,848.60; 16,730 at 24% = 4,015.20; total 5,863.80', async () => {
    const e = await run({ ...sale, incomeTaxBandCGT: 'basic', totalIncomeCGT: 40000 });
    expect(e.facts.unusedBasicBand).toBe(10270);
    expect(e.facts.gainAtLowerRate).toBe(10270);
    expect(e.facts.gainAtHigherRate).toBe(16730);
    expect(e.value.estimates).toEqual({ low: 5863.8, median: 5863.8, high: 5863.8 });
  });
  it('the personal allowance tapers: income 110,000 → allowance 12,570 - 5,000 = 7,570, no band left', async () => {
    const e = await run({ ...sale, totalIncomeCGT: 110000 });
    expect(e.facts.personalAllowance).toBe(7570);
    expect(e.facts.unusedBasicBand).toBe(0);
    expect(liability(e)).toBe(6480); // 27,000 x 24%
  });
  it('basic band, no income given: whole band assumed (27,000 x 18% = 4,860), up to 27,000 x 24% = 6,480', async () => {
    const e = await run({ ...sale, incomeTaxBandCGT: 'basic' });
    expect(e.value.estimates).toEqual({ low: 4860, median: 4860, high: 6480 });
  });
  it('not sure, no income given: no band assumed (6,480), as low as 4,860', async () => {
    const e = await run({ ...sale, incomeTaxBandCGT: 'notsure' });
    expect(e.value.estimates).toEqual({ low: 4860, median: 6480, high: 6480 });
  });
  it('higher rate: no band, so the range is the estimate', async () => {
    const e = await run({ ...sale, incomeTaxBandCGT: 'higher' });
    expect(e.value.estimates).toEqual({ low: 6480, median: 6480, high: 6480 });
  });
});

describe('annual exempt amount answer', () => {
  const sale: Answers = { ...listedShares, disposalDateCGT: '2024-12-01' };
  it('an answer below the year’s amount is used (1,000: 29,000 x 24% = 6,960)', async () => {
    const e = await run({ ...sale, annualExemptAmountCGT: 1000 });
    expect(e.facts.aeaAvailable).toBe(1000);
    expect(liability(e)).toBe(6960);
  });
  it('an answer above the year’s amount is capped at it (3,000)', async () => {
    expect((await run({ ...sale, annualExemptAmountCGT: 12300 })).facts.aeaAvailable).toBe(3000);
  });
});

describe('reporting obligations', () => {
  it('UK residential property with tax: 60 days from 2021-10-27, 30 days before', async () => {
    expect((await run({ ...buyToLet, disposalDateCGT: '2021-10-27' })).lists.reportingObligations).toContain(
      'Report and pay on a UK property return within 60 days of completion',
    );
    expect((await run({ ...buyToLet, disposalDateCGT: '2021-10-26' })).lists.reportingObligations).toContain(
      'Report and pay on a UK property return within 30 days of completion',
    );
  });
  it('no UK property return for a UK resident before 2020-04-06', async () => {
    const e = await run({ ...buyToLet, disposalDateCGT: '2019-06-01' });
    expect(e.facts.ukPropertyReturnDays).toBe(0);
    expect(e.lists.reportingObligations).toEqual(['Report the gain on your Self Assessment tax return']);
  });
  it('proceeds over 50,000 go on the Self Assessment return even without a taxable gain; 50,000 exactly does not', async () => {
    const over = await run({
      ...listedShares,
      disposalProceedsCGT: 60000,
      acquisitionCostCGT: 58000,
      disposalDateCGT: '2024-12-01',
    });
    expect(liability(over)).toBe(0);
    expect(over.lists.reportingObligations).toEqual([
      'Report the disposal on your Self Assessment tax return (proceeds over £50,000)',
    ]);
    const at = await run({
      ...listedShares,
      disposalProceedsCGT: 50000,
      acquisitionCostCGT: 48000,
      disposalDateCGT: '2024-12-01',
    });
    expect(at.lists.reportingObligations).toEqual([]);
  });
});

describe('result fields and recommendation text', () => {
  it('complexity out of 10 with one decimal, and the recommendation sections', async () => {
    const e = await run({ ...buyToLet, disposalDateCGT: '2024-09-15' }, '2024-11-01');
    // flags: let property 1 + propertyReturn 3 + largeGain (gain 90,000 > 50,000) 1 + proceeds over 50,000 1
    // = 6 of 18 (4 + 4 + 2 + 2 + 3 + 2 + 1) → 33% → 3.3 out of 10, Medium (over 3, as the results screen bands it)
    expect(e.complexity.complexityScore).toBe(33);
    expect(e.complexity.complexityLevel).toBe('Medium');
    expect(e.resultFields.cgt_complexity_score).toBe(3.3);
    const text = e.resultFields.cgt_recommendation as string;
    const paragraphs = text.split('\n\n');
    expect(paragraphs).toContain('Key considerations');
    expect(paragraphs).toContain('Next steps');
    expect(paragraphs).toContain('Disclaimer');
    expect(paragraphs.indexOf('Key considerations')).toBeLessThan(paragraphs.indexOf('Next steps'));
    expect(paragraphs.indexOf('Next steps')).toBeLessThan(paragraphs.indexOf('Disclaimer'));
    expect(paragraphs[0]).toContain('Estimated Capital Gains Tax: £20,880');
    expect(text).toContain('within 60 days of completion');
  });
  it('complexity levels follow the results screen bands: 5 of 18 is Low, 6 Medium, 13 High', async () => {
    // listed shares (matching tier 3) + losses 2 = 5 → 28% → 2.8, Low
    const low = await run({
      ...listedShares,
      disposalProceedsCGT: 40000,
      hasPreviousLossesCGT: true,
      disposalDateCGT: '2024-12-01',
    });
    expect([low.complexity.complexityScore, low.complexity.complexityLevel]).toEqual([28, 'Low']);
    // + proceeds over 50,000 (1) = 6 → 33% → 3.3, Medium
    const medium = await run({
      ...listedShares,
      disposalProceedsCGT: 60000,
      acquisitionCostCGT: 40000,
      hasPreviousLossesCGT: true,
      disposalDateCGT: '2024-12-01',
    });
    expect([medium.complexity.complexityScore, medium.complexity.complexityLevel]).toEqual([33, 'Medium']);
    // non-resident 4 + let property 1 + property return 3 + losses 2 + gain over 250,000 2 + proceeds 1 = 13 → 72%, High
    const high = await run({
      ...buyToLet,
      disposalProceedsCGT: 600000,
      acquisitionCostCGT: 300000,
      isNonResidentCGT: true,
      hasPreviousLossesCGT: true,
      disposalDateCGT: '2024-09-15',
    });
    expect([high.complexity.complexityScore, high.complexity.complexityLevel]).toEqual([72, 'High']);
    expect(high.resultFields.cgt_complexity_score).toBe(7.2);
    expect(high.complexity.serviceApproach).toBe('Specialist Referral');
  });
  it('a likely case with large reliefs is No-Win No-Fee; a main home is Not Recommended', async () => {
    const badr = await run({ ...companyShares, disposalDateCGT: '2026-06-01' }, '2026-11-21');
    expect(badr.eligibility.likelihood).toBe('Likely');
    expect(badr.complexity.potentialSavings?.medium).toBe(23820); // 397,000 x (24% - 18%)
    expect(badr.complexity.serviceApproach).toBe('No-Win No-Fee');
    const home = await run({
      ...base,
      assetTypeCGT: 'main_residential_property',
      isUkLandCGT: true,
      isMainHomeCGT: 'Yes',
      disposalDateCGT: '2026-06-01',
      disposalProceedsCGT: 400000,
      acquisitionDateCGT: '2010-01-01',
      acquisitionCostCGT: 250000,
      allowableExpensesCGT: 0,
    });
    expect(home.eligibility.likelihood).toBe('Unlikely');
    expect(home.complexity.serviceApproach).toBe('Not Recommended');
  });
});

describe('disposals outside the parameter tables', () => {
  it('a disposal before 2018-04-06 says the estimate is incomplete', async () => {
    const e = await run({ ...buyToLet, disposalDateCGT: '2017-06-01' });
    expect(e.facts.aeaForYear).toBeUndefined();
    expect(e.resultFields.cgt_recommendation).toContain(
      'outside the tax years this estimate has rates and allowances for',
    );
  });
  it('a disposal in the covered years does not', async () => {
    const e = await run({ ...buyToLet, disposalDateCGT: '2019-04-06' });
    expect(e.facts.aeaForYear).toBe(12000);
    expect(e.resultFields.cgt_recommendation).not.toContain('outside the tax years');
  });
});

describe('editing the JSON changes the result with no code change', () => {
  it('a different annual exempt amount in a copy of cgt.json changes the liability', async () => {
    const sets = parameterSets.map(
      (raw) =>
        structuredClone(raw) as {
          id: string;
          parameters: Record<string, { values: { value: number | string }[] }>;
        },
    );
    const cgt = sets.find((s) => s.id === 'cgt');
    const aea = cgt?.parameters['aea.individual']?.values.at(-1);
    if (!aea) throw new Error('aea.individual missing');
    aea.value = 5000;
    const edited = loadDefinition(structuredClone(json), { parameterSets: sets });
    const e = await evaluateAssessment({
      definition: edited,
      answers: { ...buyToLet, disposalDateCGT: '2024-09-15' },
      asOf: AS_OF,
    });
    expect(e.resultFields.cgt_estimated_liability).toBe(20400); // (90,000 - 5,000) x 24%
  });
  it('a different chattels threshold in a copy of the definition’s parameters changes the exemption', async () => {
    const sets = parameterSets.map(
      (raw) =>
        structuredClone(raw) as {
          id: string;
          parameters: Record<string, { values: { value: number | string }[] }>;
        },
    );
    const threshold = sets.find((s) => s.id === 'cgt')?.parameters['chattels.exempt_threshold']?.values[0];
    if (!threshold) throw new Error('chattels.exempt_threshold missing');
    threshold.value = 5000;
    const edited = loadDefinition(structuredClone(json), { parameterSets: sets });
    const answers = {
      ...base,
      assetTypeCGT: 'personal_possessions',
      disposalDateCGT: '2024-12-01',
      disposalProceedsCGT: 5500,
      acquisitionDateCGT: '2010-01-01',
      acquisitionCostCGT: 1000,
      allowableExpensesCGT: 0,
    };
    const e = await evaluateAssessment({ definition: edited, answers, asOf: AS_OF });
    expect(e.facts.gainAfterReliefs).toBe(833.33); // min(4,500, 5/3 x 500)
  });
});

describe('calculator inputs given directly (--inputs)', () => {
  it('derives the residential rates and UK-land default from assetType alone', async () => {
    const e = await evaluateAssessment({
      definition,
      inputs: {
        assetType: 'other_residential_property',
        disposalDate: '2023-09-15',
        acquisitionDate: '2015-05-01',
        proceeds: 300000,
        acquisitionCost: 200000,
        allowableExpenses: 10000,
        incomeBand: 'higher',
      },
      asOf: AS_OF,
    });
    expect(e.facts.isResidential).toBe(true);
    expect(e.facts.isUkLand).toBe(true);
    expect(e.resultFields.cgt_estimated_liability).toBe(23520);
  });
});

describe('questionnaire visibility, by question', () => {
  const ids = (answers: Answers): string[] => visibleQuestions(definition, answers).map((q) => q.id);
  it('isMainHomeCGT shows for main or other residential property only', () => {
    expect(ids({ assetTypeCGT: 'main_residential_property' })).toContain('isMainHomeCGT');
    expect(ids({ assetTypeCGT: 'other_residential_property' })).toContain('isMainHomeCGT');
    expect(ids({ assetTypeCGT: 'non_residential_property' })).not.toContain('isMainHomeCGT');
  });
  it('isTradingCompanySharesCGT shows for business shares only', () => {
    expect(ids({ assetTypeCGT: 'business_shares' })).toContain('isTradingCompanySharesCGT');
    expect(ids({ assetTypeCGT: 'uk_listed_shares' })).not.toContain('isTradingCompanySharesCGT');
  });
  it('shareholdingPercentageCGT and isEmployeeOrOfficerCGT show for trading business shares only', () => {
    const yes = ids({ assetTypeCGT: 'business_shares', isTradingCompanySharesCGT: true });
    const no = ids({ assetTypeCGT: 'business_shares', isTradingCompanySharesCGT: false });
    expect(yes).toEqual(expect.arrayContaining(['shareholdingPercentageCGT', 'isEmployeeOrOfficerCGT']));
    expect(no).not.toContain('shareholdingPercentageCGT');
    expect(no).not.toContain('isEmployeeOrOfficerCGT');
  });
  it('isBusinessCeasingCGT shows for sole trader business assets only', () => {
    expect(ids({ assetTypeCGT: 'business_assets_sole_trader' })).toContain('isBusinessCeasingCGT');
    expect(ids({ assetTypeCGT: 'business_shares' })).not.toContain('isBusinessCeasingCGT');
  });
  it('monthsLivedInCGT shows only when the home was partly the main home', () => {
    expect(ids({ assetTypeCGT: 'main_residential_property', isMainHomeCGT: 'Partially' })).toContain(
      'monthsLivedInCGT',
    );
    expect(ids({ assetTypeCGT: 'main_residential_property', isMainHomeCGT: 'Yes' })).not.toContain(
      'monthsLivedInCGT',
    );
  });
  it('the loss amounts show only with losses', () => {
    expect(ids({ hasPreviousLossesCGT: true })).toEqual(
      expect.arrayContaining(['broughtForwardLossesCGT', 'currentYearLossesCGT']),
    );
    expect(ids({ hasPreviousLossesCGT: false })).not.toContain('broughtForwardLossesCGT');
  });
  it('a hidden answer is ignored: isMainHomeCGT "Yes" on shares gives no main-home relief', async () => {
    const e = await run({ ...listedShares, isMainHomeCGT: 'Yes', disposalDateCGT: '2024-12-01' });
    expect(e.facts.prrRelief).toBe(0);
    expect(liability(e)).toBe(6480);
  });
});

describe('the SurveyJS form', () => {
  const survey = toSurveyJson(definition);
  it('validates against the SurveyJS JSON Schema that survey-core ships', () => {
    // the engine's Ajv 8 (the root node_modules holds ESLint's Ajv 6)
    const engineRequire = createRequire(new URL('../../engine/package.json', import.meta.url));
    const schemaPath = join(dirname(engineRequire.resolve('survey-core')), 'surveyjs_definition.json');
    type Validate = ((data: unknown) => boolean) & { errors?: unknown };
    const { default: Ajv } = engineRequire('ajv') as {
      default: new (options: Record<string, unknown>) => { compile(schema: object): Validate };
    };
    const validate = new Ajv({ strict: false, allErrors: true }).compile(
      JSON.parse(readFileSync(schemaPath, 'utf8')) as Record<string, unknown>,
    );
    expect(validate(survey) ? [] : validate.errors).toEqual([]);
  });
  it('shows the same questions as visibleQuestions over a spread of 150 answer combinations the conditions read', () => {
    const ids = definition.questionnaire.questions.map((q) => q.id);
    const model = new Model(survey);
    // a deterministic spread of the combinations keeps this quick (each SurveyJS run takes ~10 ms)
    const combinations = answerCombinations(definition, { limit: 150 });
    expect(combinations.length).toBeGreaterThan(100);
    for (const answers of combinations) {
      model.data = answers;
      const shown = ids.filter((id) => model.getQuestionByName(id)?.isVisible === true);
      expect({ answers, shown }).toEqual({
        answers,
        shown: visibleQuestions(definition, answers).map((q) => q.id),
      });
    }
  }, 30000);
});
