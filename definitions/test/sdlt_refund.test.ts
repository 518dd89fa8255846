// SDLT refund v1 against the eligibility spec section 9 read with D2–D3: every factor threshold on
// both sides, band boundaries, confidence, every complexity flag and level, the value and potential
// formulas, every approach branch, documents, action plan and the answers → inputs mapping.
import { describe, expect, it } from 'vitest';
import { evaluateAssessment } from '@reclaim/engine';
import json from '../assessments/sdlt_refund/v1.json';
import { asOf, definitionUnderTest, describeEmbeddedTests } from './helpers';

const { definition, byInputs, byAnswers, copyOf, withPoints } = definitionUnderTest(json);

describeEmbeddedTests('sdlt_refund v1', definition, 5);

describe('eligibility factors', () => {
  it.each([
    ['2026-11-21', 30, 'bought today'],
    ['2026-12-01', 30, 'a date after asOf is within 12 months'],
    ['2025-11-21', 30, 'exactly 12 months ago'],
    ['2025-11-20', 15, '12 months and a day ago'],
    ['2023-11-21', 15, 'exactly 36 months ago'],
    ['2023-11-20', 0, '36 months and a day ago'],
    ['2019-01-01', 0, 'long ago'],
  ])('purchase date %s gives %i points (%s)', async (purchaseDate, points) => {
    expect((await byInputs({ purchaseDate })).eligibility.rawScore).toBe(points);
  });

  it('"within 12 months" clamps at month end: asOf 2024-02-29 reaches back to 2023-02-28', async () => {
    expect((await byInputs({ purchaseDate: '2023-02-28' }, '2024-02-29')).eligibility.rawScore).toBe(30);
    expect((await byInputs({ purchaseDate: '2023-02-27' }, '2024-02-29')).eligibility.rawScore).toBe(15);
  });

  it('no purchase date gives 0 points for the date', async () => {
    expect((await byInputs({})).eligibility.rawScore).toBe(0);
  });

  it.each([
    ['mixed-use', 25],
    ['residential-multiple', 25],
    ['residential-single', 10],
    ['commercial', 0],
    ['land', 0],
  ])('property type %s gives %i points', async (propertyType, points) => {
    expect((await byInputs({ propertyType })).eligibility.rawScore).toBe(points);
  });

  it.each([
    [2_500_000, 15],
    [500_001, 15],
    [500_000, 10],
    [250_001, 10],
    [250_000, 5],
    [100_000, 5],
    [0, 5],
  ])('purchase value %i gives %i points (over is strictly greater)', async (purchaseValue, points) => {
    expect((await byInputs({ purchaseValue })).eligibility.rawScore).toBe(points);
  });

  it('no purchase value (missing or empty) gives 0 points, not the "else 5"', async () => {
    expect((await byInputs({})).eligibility.rawScore).toBe(0);
    expect((await byInputs({ purchaseValue: '' })).eligibility.rawScore).toBe(0);
  });

  it.each([
    ['hasAnnexe', true, 15],
    ['hasAnnexe', false, 0],
    ['partialBusinessUse', true, 15],
    ['partialBusinessUse', false, 0],
  ])('%s %s gives %i points', async (name, value, points) => {
    expect((await byInputs({ [name]: value })).eligibility.rawScore).toBe(points);
  });

  it('the maximum is 100 and score = raw for every combination', async () => {
    const r = await byInputs({
      purchaseDate: '2026-06-01',
      propertyType: 'mixed-use',
      purchaseValue: 900_000,
      hasAnnexe: true,
      partialBusinessUse: true,
    });
    expect(r.eligibility).toMatchObject({
      rawScore: 100,
      maxPossibleScore: 100,
      score: 100,
      likelihood: 'Likely',
    });
  });

  it('reasons list the counted rule of each factor only', async () => {
    const r = await byInputs({ purchaseDate: '2026-06-01', purchaseValue: 600_000 });
    expect(r.eligibility.reasons).toEqual([
      'Your purchase completed within the last 12 months, so the SDLT return can still be amended',
      'Your purchase value is over £500,000, where rate errors cost the most',
    ]);
  });
});

describe('likelihood bands: Likely at 75, Possible at 40', () => {
  // 30 + 25 + 5 + 15 = 75
  const likely75 = {
    purchaseDate: '2026-06-01',
    propertyType: 'mixed-use',
    purchaseValue: 100_000,
    hasAnnexe: true,
  };
  it('75 is Likely', async () => {
    const r = await byInputs(likely75);
    expect(r.eligibility).toMatchObject({ score: 75, likelihood: 'Likely' });
  });
  it('74 is Possible (annexe worth 14 in a copy)', async () => {
    const r = await evaluateAssessment({ definition: withPoints('has_annexe', 14), inputs: likely75, asOf });
    expect(r.eligibility).toMatchObject({ score: 74, likelihood: 'Possible' });
  });
  it('70 is Possible', async () => {
    const r = await byInputs({
      purchaseDate: '2026-06-01',
      propertyType: 'mixed-use',
      partialBusinessUse: true,
    }); // 30 + 25 + 15
    expect(r.eligibility).toMatchObject({ score: 70, likelihood: 'Possible' });
  });
  it('40 is Possible', async () => {
    const r = await byInputs({ purchaseDate: '2026-06-01', propertyType: 'residential-single' }); // 30 + 10
    expect(r.eligibility).toMatchObject({ score: 40, likelihood: 'Possible' });
  });
  it('39 is Unlikely (residential-single worth 9 in a copy)', async () => {
    const def = withPoints('property_residential_single', 9);
    const r = await evaluateAssessment({
      definition: def,
      inputs: { purchaseDate: '2026-06-01', propertyType: 'residential-single' },
      asOf,
    });
    expect(r.eligibility).toMatchObject({ score: 39, likelihood: 'Unlikely' });
  });
  it('35 is Unlikely', async () => {
    const r = await byInputs({ purchaseDate: '2026-06-01', purchaseValue: 100_000 });
    expect(r.eligibility).toMatchObject({ score: 35, likelihood: 'Unlikely' });
  });
});

describe('confidence = answered of purchaseDate, propertyType, purchaseValue, hasAnnexe, partialBusinessUse / 5', () => {
  it.each([
    [{}, 0],
    [{ purchaseDate: '2020-01-01' }, 20],
    [{ hasAnnexe: false, partialBusinessUse: false }, 40],
    [{ purchaseDate: '2020-01-01', propertyType: 'land', purchaseValue: 1 }, 60],
    [{ purchaseDate: '2020-01-01', propertyType: 'land', purchaseValue: 1, hasAnnexe: false }, 80],
    [
      {
        purchaseDate: '2020-01-01',
        propertyType: 'land',
        purchaseValue: 1,
        hasAnnexe: false,
        partialBusinessUse: false,
      },
      100,
    ],
  ])('%j → %i', async (inputs, confidence) => {
    expect((await byInputs(inputs)).eligibility.confidenceLevel).toBe(confidence);
  });
  it('complexity inputs do not count', async () => {
    expect(
      (await byInputs({ linkedTransactions: true, multipleOwners: false })).eligibility.confidenceLevel,
    ).toBe(0);
  });
});

describe('complexity flags (total weight 20)', () => {
  it.each([
    [{ multipleUnits: true }, 'multiple_units', 3, 15],
    [{ propertyType: 'residential-multiple' }, 'multiple_units', 3, 15],
    [{ mixedUseProperty: true }, 'mixed_use', 4, 20],
    [{ propertyType: 'mixed-use' }, 'mixed_use', 4, 20],
    [{ purchaseValue: 2_000_001 }, 'value_over_2m', 2, 10],
    [{ linkedTransactions: true }, 'linked_transactions', 4, 20],
    [{ multipleOwners: true }, 'multiple_owners', 2, 10],
    [{ nearDeadline: true }, 'near_deadline', 5, 25],
  ])('%j raises %s (weight %i, score %i)', async (inputs, id, weight, score) => {
    const r = await byInputs(inputs);
    expect(r.complexity.flags).toEqual([expect.objectContaining({ id, weight })]);
    expect(r.complexity.complexityScore).toBe(score);
  });

  it.each([
    [{ purchaseValue: 2_000_000 }],
    [
      {
        multipleUnits: false,
        mixedUseProperty: false,
        linkedTransactions: false,
        multipleOwners: false,
        nearDeadline: false,
      },
    ],
    [{ propertyType: 'residential-single' }],
  ])('%j raises no flag', async (inputs) => {
    const r = await byInputs(inputs);
    expect(r.complexity.flags).toEqual([]);
    expect(r.complexity).toMatchObject({ complexityScore: 0, complexityLevel: 'Low' });
  });

  it.each([
    [
      { nearDeadline: true, linkedTransactions: true, mixedUseProperty: true, multipleUnits: true },
      80,
      'High',
    ],
    [
      { nearDeadline: true, linkedTransactions: true, mixedUseProperty: true, multipleOwners: true },
      75,
      'High',
    ],
    [
      { nearDeadline: true, linkedTransactions: true, multipleUnits: true, multipleOwners: true },
      70,
      'Medium',
    ],
    [{ linkedTransactions: true, mixedUseProperty: true }, 40, 'Medium'],
    [{ nearDeadline: true, multipleOwners: true }, 35, 'Low'],
  ])('%j → %i %s (High ≥ 75, Medium ≥ 40)', async (inputs, score, level) => {
    const r = await byInputs(inputs);
    expect(r.complexity).toMatchObject({ complexityScore: score, complexityLevel: level });
  });

  it('all six flags give 100', async () => {
    const r = await byInputs({
      multipleUnits: true,
      mixedUseProperty: true,
      purchaseValue: 3_000_000,
      linkedTransactions: true,
      multipleOwners: true,
      nearDeadline: true,
    });
    expect(r.complexity.complexityScore).toBe(100);
    expect(r.complexity.flags.map((f) => f.id)).toEqual([
      'multiple_units',
      'mixed_use',
      'value_over_2m',
      'linked_transactions',
      'multiple_owners',
      'near_deadline',
    ]);
  });
});

describe('nearDeadline is derived from the purchase date (a claim window closes within 3 months)', () => {
  it.each([
    ['2026-02-21', true, 'exactly 9 months ago: the 12-month amendment window closes in 3 months'],
    ['2026-02-22', false, 'less than 9 months ago'],
    ['2025-11-21', true, 'exactly 12 months ago: the window closes today'],
    ['2025-11-20', false, 'the amendment window has closed'],
    ['2023-02-21', true, '45 months ago: the 4-year overpayment relief window closes in 3 months'],
    ['2023-02-22', false, 'under 45 months ago'],
    ['2022-11-21', true, 'exactly 4 years ago'],
    ['2022-11-20', false, 'over 4 years ago'],
  ])('purchase %s → %s (%s)', async (purchaseDate, near) => {
    const r = await byInputs({ purchaseDate });
    expect(r.inputs.nearDeadline).toBe(near);
    expect(r.complexity.flags.some((f) => f.id === 'near_deadline')).toBe(near);
  });
  it('a given nearDeadline input is kept as given', async () => {
    const r = await byInputs({ purchaseDate: '2026-11-01', nearDeadline: true });
    expect(r.complexity.flags.map((f) => f.id)).toEqual(['near_deadline']);
  });
});

describe('value: purchaseValue × rate × likelihood factor, range 0.7–1.3', () => {
  it.each([
    // rate 4% mixed-use, Likely (30+25+15+15 = 85)
    [
      {
        purchaseDate: '2026-06-01',
        propertyType: 'mixed-use',
        purchaseValue: 600_000,
        partialBusinessUse: true,
      },
      0.04,
      1,
      24_000,
      'Medium',
    ],
    // rate 2% annexe, Possible (30 + 10 + 10 + 15 = 65)
    [
      {
        purchaseDate: '2026-06-01',
        propertyType: 'residential-single',
        purchaseValue: 400_000,
        hasAnnexe: true,
      },
      0.02,
      0.7,
      5_600,
      'Low',
    ],
    // rate 2% multiple dwellings, Possible (15 + 25 + 10 = 50)
    [
      { purchaseDate: '2024-06-01', propertyType: 'residential-multiple', purchaseValue: 300_000 },
      0.02,
      0.7,
      4_200,
      'Low',
    ],
    // rate 2% for multipleUnits too
    [
      { purchaseDate: '2024-06-01', propertyType: 'commercial', multipleUnits: true, purchaseValue: 300_000 },
      0.02,
      0.3,
      1_800,
      'Very Low',
    ],
    // rate 1% otherwise, Unlikely (5)
    [{ propertyType: 'commercial', purchaseValue: 200_000 }, 0.01, 0.3, 600, 'Very Low'],
  ])('%j → rate %d, factor %d, median %d (%s)', async (inputs, rate, factor, median, words) => {
    const r = await byInputs(inputs);
    expect(r.facts.sdltRate).toBe(rate);
    expect(r.facts.likelihoodFactor).toBe(factor);
    expect(r.value.estimates.median).toBeCloseTo(median, 2);
    expect(r.value.estimates.low).toBeCloseTo(median * 0.7, 2);
    expect(r.value.estimates.high).toBeCloseTo(median * 1.3, 2);
    expect(r.value.confidenceLevel).toBe(words);
    expect(r.value.valueType).toBe('refund');
  });
  it('mixed-use with an annexe still uses 4% (first match)', async () => {
    const r = await byInputs({ propertyType: 'mixed-use', hasAnnexe: true, purchaseValue: 100_000 });
    expect(r.facts.sdltRate).toBe(0.04);
  });
  it('no purchase value gives a zero estimate', async () => {
    const r = await byInputs({ propertyType: 'mixed-use' });
    expect(r.value.estimates).toEqual({ low: 0, median: 0, high: 0 });
  });
  it('lists the factors used', async () => {
    const r = await byInputs({ propertyType: 'mixed-use', purchaseValue: 100_000 });
    expect(r.value.factors).toEqual([
      { label: 'Purchase value', value: 100_000, unit: 'GBP' },
      { label: 'Refund rate', value: 0.04, unit: 'ratio' },
      { label: 'Likelihood factor', value: 0.3, unit: 'ratio' },
    ]);
  });
});

describe('complexity potential (D3): purchaseValue × 1.5% / 2.5% / 4% × score / 100', () => {
  it('600,000 at score 85', async () => {
    const r = await byInputs({
      purchaseDate: '2026-06-01',
      propertyType: 'mixed-use',
      purchaseValue: 600_000,
      partialBusinessUse: true,
    });
    expect(r.complexity.potentialRefund).toEqual({ low: 7_650, medium: 12_750, high: 20_400 });
    expect(r.complexity.potentialBenefit).toBeUndefined();
  });
  it('is independent of the value estimate’s likelihood factor', async () => {
    const r = await byInputs({ propertyType: 'commercial', purchaseValue: 200_000 }); // score 5, Unlikely
    expect(r.complexity.potentialRefund).toEqual({ low: 150, medium: 250, high: 400 });
  });
});

describe('approach: first match wins', () => {
  const highFlags = { linkedTransactions: true, multipleOwners: true }; // + mixed-use 4 + near deadline 5 = 15 → 75 High
  const nearDate = '2026-01-15'; // 10 months ago: within 12 months and near the amendment deadline

  it('Unlikely → Not Recommended, even when complex', async () => {
    const r = await byInputs({
      propertyType: 'mixed-use',
      nearDeadline: true,
      ...highFlags,
      purchaseValue: 100_000,
    });
    expect(r.eligibility.likelihood).toBe('Unlikely');
    expect(r.complexity.complexityLevel).toBe('High');
    expect(r.complexity.serviceApproach).toBe('Not Recommended');
    expect(r.complexity.approachRationale).toMatch(/unlikely/);
  });
  it('High with potential below 10,000 → Consultancy Fee, before the 4-flag rule', async () => {
    const r = await byInputs({
      purchaseDate: nearDate,
      propertyType: 'mixed-use',
      purchaseValue: 300_000,
      hasAnnexe: true,
      ...highFlags,
    });
    expect(r.complexity.flags).toHaveLength(4);
    expect(r.complexity.potentialRefund?.medium).toBe(6_000);
    expect(r.complexity.serviceApproach).toBe('Consultancy Fee');
    expect(r.complexity.approachRationale).toMatch(/below £10,000/);
  });
  it('High, 4 flags, potential exactly 10,000 → Specialist Referral', async () => {
    const r = await byInputs({
      purchaseDate: nearDate,
      propertyType: 'mixed-use',
      purchaseValue: 500_000,
      hasAnnexe: true,
      ...highFlags,
    });
    expect(r.complexity.potentialRefund?.medium).toBe(10_000);
    expect(r.complexity.serviceApproach).toBe('Specialist Referral');
  });
  it('High with 3 flags and potential ≥ 10,000 falls through to Consultancy Fee', async () => {
    // SDLT's weights need 4 flags to reach High; in a copy where near_deadline weighs 20 three flags do
    const copy = copyOf((d) => {
      if (!('flags' in d.complexity)) throw new Error('scored complexity expected');
      const near = d.complexity.flags.find((f) => f.id === 'near_deadline');
      if (!near) throw new Error('near_deadline flag expected');
      near.weight = 20; // total 35; 20 + 4 + 4 = 28 → 80 High with 3 flags
    });
    const r = await evaluateAssessment({
      definition: copy,
      inputs: {
        purchaseDate: nearDate,
        propertyType: 'mixed-use',
        purchaseValue: 800_000,
        hasAnnexe: true,
        linkedTransactions: true,
      },
      asOf,
    });
    expect(r.complexity).toMatchObject({ complexityLevel: 'High', serviceApproach: 'Consultancy Fee' });
    expect(r.complexity.flags).toHaveLength(3);
    expect(r.complexity.approachRationale).toMatch(/paid consultation/);
  });
  it('Likely and Medium → No-Win No-Fee', async () => {
    const r = await byInputs({
      purchaseDate: nearDate,
      propertyType: 'mixed-use',
      purchaseValue: 600_000,
      partialBusinessUse: true,
      linkedTransactions: true,
    });
    expect(r.eligibility.likelihood).toBe('Likely');
    expect(r.complexity.complexityLevel).toBe('Medium');
    expect(r.complexity.serviceApproach).toBe('No-Win No-Fee');
  });
  it('Likely and Low → No-Win No-Fee', async () => {
    const r = await byInputs({
      purchaseDate: '2026-06-01',
      propertyType: 'residential-multiple',
      purchaseValue: 600_000,
      hasAnnexe: true,
    });
    expect(r.complexity.complexityLevel).toBe('Low');
    expect(r.complexity.serviceApproach).toBe('No-Win No-Fee');
  });
  it('Possible and not High → Consultancy Fee (otherwise)', async () => {
    const r = await byInputs({
      purchaseDate: '2026-06-01',
      propertyType: 'residential-single',
      purchaseValue: 400_000,
    });
    expect(r.eligibility.likelihood).toBe('Possible');
    expect(r.complexity.serviceApproach).toBe('Consultancy Fee');
    expect(r.complexity.approachRationale).toMatch(/paid consultation/);
  });
});

describe('recommendation', () => {
  it('No-Win No-Fee: four steps with the spec time estimates, base documents, next steps', async () => {
    const r = await byInputs({
      purchaseDate: '2026-06-01',
      propertyType: 'mixed-use',
      purchaseValue: 600_000,
      partialBusinessUse: true,
    });
    expect(r.recommendation.actionPlan.map((s) => s.estimatedTime)).toEqual([
      '15-30 minutes',
      '30-60 minutes',
      '30 minutes',
      '10 minutes',
    ]);
    expect(r.recommendation.documentRequirements).toEqual([
      expect.objectContaining({ id: 'property_deed', name: 'Property deed', required: true }),
      expect.objectContaining({ id: 'sdlt1_return', name: 'Original SDLT1 return', required: true }),
      expect.objectContaining({ id: 'purchase_contract', name: 'Purchase contract', required: true }),
    ]);
    expect(r.recommendation.nextSteps).toEqual(r.complexity.nextSteps);
    expect(r.recommendation.summary).toBe(
      'You are likely to be due an SDLT refund (eligibility score 85 out of 100). We estimate a refund of about £24,000, between £16,800 and £31,200. Recommended approach: No-Win No-Fee.',
    );
  });
  it('Consultancy Fee adds detailed property plans and planning permission (optional)', async () => {
    const r = await byInputs({
      purchaseDate: '2026-06-01',
      propertyType: 'residential-single',
      purchaseValue: 400_000,
    });
    expect(r.recommendation.actionPlan.map((s) => s.estimatedTime)).toEqual([
      '15-30 minutes',
      '30-45 minutes',
      'Within 2 business days',
      '10 minutes',
    ]);
    expect(r.recommendation.documentRequirements.map((d) => [d.name, d.required])).toEqual([
      ['Property deed', true],
      ['Original SDLT1 return', true],
      ['Purchase contract', true],
      ['Detailed property plans', false],
      ['Planning permission', false],
    ]);
  });
  it('Specialist Referral: introduction, consultation and custom approach times, with the extras', async () => {
    const r = await byInputs({
      purchaseDate: '2026-01-15',
      propertyType: 'mixed-use',
      purchaseValue: 600_000,
      hasAnnexe: true,
      linkedTransactions: true,
      multipleOwners: true,
    });
    expect(r.complexity.serviceApproach).toBe('Specialist Referral');
    expect(r.recommendation.actionPlan.map((s) => s.estimatedTime)).toEqual([
      '1-2 business days',
      '45-60 minutes',
      '3-5 business days',
    ]);
    expect(r.recommendation.documentRequirements).toHaveLength(5);
  });
  it('Not Recommended: alternatives and a free consultation, base documents only', async () => {
    const r = await byInputs({ propertyType: 'commercial', purchaseValue: 200_000 });
    expect(r.recommendation.actionPlan.map((s) => s.estimatedTime)).toEqual(['15 minutes', '20-30 minutes']);
    expect(r.recommendation.documentRequirements).toHaveLength(3);
    expect(r.recommendation.summary).toBe(
      'An SDLT refund looks unlikely on your answers (eligibility score 5 out of 100). Recommended approach: Not Recommended.',
    );
  });
});

describe('recommendation text', () => {
  it('eligibility, refund and approach sections, blank-line separated', async () => {
    const r = await byInputs({
      purchaseDate: '2026-06-01',
      propertyType: 'mixed-use',
      purchaseValue: 600_000,
      partialBusinessUse: true,
    });
    expect(r.recommendation.text).toBe(
      [
        'Eligibility',
        'SDLT refund: Likely (score 85 out of 100, confidence 80%).',
        'Estimated refund',
        'About £24,000 (between £16,800 and £31,200) on a purchase price of £600,000.',
        'Recommended approach',
        'No-Win No-Fee. Claim complexity: Low (20 out of 100).',
      ].join('\n\n'),
    );
  });
  it.each([
    [{ nearDeadline: true }, 'A claim window for this purchase closes within the next 3 months'],
    [{ propertyUninhabitable: true }, 'uninhabitable when you bought it'],
    [{ multipleUnits: true, purchaseDate: '2024-06-01' }, 'Multiple dwellings relief was abolished'],
  ])('%j adds "%s"', async (inputs, text) => {
    expect((await byInputs(inputs)).recommendation.text).toContain(text);
  });
  it.each([
    [{ nearDeadline: false, propertyUninhabitable: false, multipleUnits: false }],
    [{ multipleUnits: true, purchaseDate: '2024-05-31' }],
  ])('%j adds no point to check', async (inputs) => {
    const { text } = (await byInputs(inputs)).recommendation;
    expect(text).not.toContain('Points to check');
    expect(text).not.toContain('Deadline');
  });
});

describe('result fields', () => {
  it.each([
    [
      {
        purchaseDate: '2026-06-01',
        propertyType: 'mixed-use',
        purchaseValue: 600_000,
        partialBusinessUse: true,
      },
      true,
    ],
    [{ purchaseDate: '2026-06-01', propertyType: 'residential-single' }, true],
    [{ purchaseDate: '2026-06-01', purchaseValue: 100_000 }, false],
  ])('sdlt_eligibility_for_refund for %j is %s', async (inputs, eligible) => {
    expect((await byInputs(inputs)).resultFields.sdlt_eligibility_for_refund).toBe(eligible);
  });
  it('complexity out of 10 with one decimal, the refund median and the summary', async () => {
    const r = await byInputs({
      purchaseDate: '2026-06-01',
      propertyType: 'residential-multiple',
      purchaseValue: 333_333,
      multipleOwners: true,
    });
    // flags: multiple units 3 + owners 2 = 5 of 20 → 25 → 2.5
    expect(r.resultFields).toEqual({
      sdlt_eligibility_for_refund: true,
      sdlt_claim_complexity_score: 2.5,
      sdlt_potential_refund_amount_estimate: 4_666.66, // 333,333 × 2% × 0.7 = 4,666.662
      sdlt_recommendation: r.recommendation.summary,
    });
  });
});

describe('answers → inputs (D4)', () => {
  it.each([
    ['Mixed-Use', false, 'mixed-use', true],
    ['Mixed-Use', true, 'mixed-use', true],
    ['Residential', true, 'residential-multiple', false],
    ['Residential', false, 'residential-single', false],
    ['Commercial', false, 'commercial', false],
    ['Land Only', false, 'land', false],
  ])(
    'propertyTypeSDR %s with multiple dwellings %s → %s',
    async (propertyTypeSDR, multipleDwellingsSDR, propertyType, mixedUse) => {
      const r = await byAnswers({ propertyTypeSDR, multipleDwellingsSDR });
      expect(r.inputs.propertyType).toBe(propertyType);
      expect(r.inputs.mixedUseProperty).toBe(mixedUse);
      expect(r.inputs.multipleUnits).toBe(multipleDwellingsSDR);
    },
  );

  it('maps every question to its calculator input', async () => {
    const r = await byAnswers({
      propertyTypeSDR: 'Residential',
      purchaseDateSDR: '2026-03-01',
      purchasePriceSDR: '£450,000',
      sdltPaidSDR: 12_500,
      firstTimeBuyerSDR: false,
      multipleDwellingsSDR: false,
      propertyUninhabitableSDR: false,
      hasAnnexeSDR: true,
      partialBusinessUseSDR: false,
      linkedTransactionsSDR: true,
      multipleOwnersSDR: false,
      reasonForRefundSDR: 'Granny annexe',
    });
    expect(r.inputs).toMatchObject({
      purchaseDate: '2026-03-01',
      propertyType: 'residential-single',
      purchaseValue: 450_000,
      sdltPaid: 12_500,
      hasAnnexe: true,
      partialBusinessUse: false,
      firstTimeBuyer: false,
      propertyUninhabitable: false,
      multipleUnits: false,
      mixedUseProperty: false,
      linkedTransactions: true,
      multipleOwners: false,
      nearDeadline: false,
    });
    // 30 + 10 + 10 + 15 + 0 = 65
    expect(r.eligibility).toMatchObject({ score: 65, likelihood: 'Possible', confidenceLevel: 100 });
    expect(r.complexity.flags.map((f) => f.id)).toEqual(['linked_transactions']);
  });

  it('the questionnaire keeps the spec ids, options and optional reason', () => {
    const ids = definition.questionnaire.questions.map((q) => q.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'propertyTypeSDR',
        'purchaseDateSDR',
        'purchasePriceSDR',
        'sdltPaidSDR',
        'firstTimeBuyerSDR',
        'multipleDwellingsSDR',
        'propertyUninhabitableSDR',
        'reasonForRefundSDR',
      ]),
    );
    const type = definition.questionnaire.questions.find((q) => q.id === 'propertyTypeSDR');
    expect(type?.options?.map((o) => o.value)).toEqual([
      'Residential',
      'Commercial',
      'Mixed-Use',
      'Land Only',
    ]);
    expect(definition.questionnaire.questions.find((q) => q.id === 'reasonForRefundSDR')?.optional).toBe(
      true,
    );
    for (const q of definition.questionnaire.questions.filter((q) => q.options?.length === 2)) {
      expect(q.options?.map((o) => o.value)).toEqual([true, false]);
    }
  });
});
