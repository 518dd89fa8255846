// Capital allowances v1: scored eligibility (section 9) with the fixed complexity and value results.
import { describe, expect, it } from 'vitest';
import { evaluateAssessment } from '@reclaim/engine';
import json from '../assessments/capital_allowances/v1.json';
import { asOf, definitionUnderTest, describeEmbeddedTests } from './helpers';

const { definition, byInputs, byAnswers, withPoints } = definitionUnderTest(json);

describeEmbeddedTests('capital_allowances v1', definition, 3);

describe('eligibility factors', () => {
  it.each([
    ['commercial', 20],
    ['mixed-use', 20],
    ['residential', 5],
    ['other', 5],
  ])('property type %s gives %i points', async (propertyType, points) => {
    expect((await byInputs({ propertyType })).eligibility.rawScore).toBe(points);
  });
  it.each([
    [5_000_000, 20],
    [1_000_001, 20],
    [1_000_000, 15],
    [200_001, 15],
    [200_000, 5],
    [0, 5],
  ])('purchase value %i gives %i points', async (purchaseValue, points) => {
    expect((await byInputs({ purchaseValue })).eligibility.rawScore).toBe(points);
  });
  it.each([
    ['2026-11-21', 15, 'today'],
    ['2024-11-21', 15, 'exactly 2 years ago'],
    ['2024-11-20', 10, '2 years and a day ago'],
    ['2016-11-21', 10, 'exactly 10 years ago'],
    ['2016-11-20', 5, '10 years and a day ago'],
    ['1990-01-01', 5, 'long ago'],
  ])('purchase date %s gives %i points (%s)', async (purchaseDate, points) => {
    expect((await byInputs({ purchaseDate })).eligibility.rawScore).toBe(points);
  });
  it('purchase age clamps at month end: asOf 2028-02-29 reaches back to 2026-02-28', async () => {
    expect((await byInputs({ purchaseDate: '2026-02-28' }, '2028-02-29')).eligibility.rawScore).toBe(15);
    expect((await byInputs({ purchaseDate: '2026-02-27' }, '2028-02-29')).eligibility.rawScore).toBe(10);
  });
  it.each([
    [false, 25],
    [true, 5],
  ])('previousClaimed %s gives %i points', async (previousClaimed, points) => {
    expect((await byInputs({ previousClaimed })).eligibility.rawScore).toBe(points);
  });
  it.each([
    [true, 20],
    [false, 0],
  ])('hasRefurbishment %s gives %i points', async (hasRefurbishment, points) => {
    expect((await byInputs({ hasRefurbishment })).eligibility.rawScore).toBe(points);
  });
  it('missing inputs give 0 points: no "else" without a value', async () => {
    expect((await byInputs({})).eligibility).toMatchObject({
      rawScore: 0,
      maxPossibleScore: 100,
      likelihood: 'Unlikely',
    });
    expect((await byInputs({ purchaseDate: 'not a date', propertyType: '' })).eligibility.rawScore).toBe(0);
  });
});

describe('likelihood bands: Likely at 65, Possible at 35', () => {
  const at65 = {
    propertyType: 'commercial',
    purchaseValue: 300_000,
    purchaseDate: '2020-01-01',
    previousClaimed: true,
    hasRefurbishment: true,
  }; // 20+15+10+5+20 = 70
  it('70 and 65 are Likely', async () => {
    expect((await byInputs(at65)).eligibility).toMatchObject({ score: 70, likelihood: 'Likely' });
    expect((await byInputs({ ...at65, purchaseDate: '2000-01-01' })).eligibility).toMatchObject({
      score: 65,
      likelihood: 'Likely',
    });
  });
  it('64 is Possible (copy)', async () => {
    const r = await evaluateAssessment({
      definition: withPoints('bought_earlier', 4),
      inputs: { ...at65, purchaseDate: '2000-01-01' },
      asOf,
    });
    expect(r.eligibility).toMatchObject({ score: 64, likelihood: 'Possible' });
  });
  it('60 is Possible', async () => {
    expect(
      (await byInputs({ ...at65, propertyType: 'residential', purchaseDate: '2026-01-01' })).eligibility,
    ).toMatchObject({
      score: 60,
      likelihood: 'Possible',
    });
  });
  it('35 is Possible, 34 (copy) and 30 are Unlikely', async () => {
    const at35 = { propertyType: 'commercial', purchaseValue: 100_000, purchaseDate: '2020-01-01' }; // 20+5+10
    expect((await byInputs(at35)).eligibility).toMatchObject({ score: 35, likelihood: 'Possible' });
    const r34 = await evaluateAssessment({ definition: withPoints('value_given', 4), inputs: at35, asOf });
    expect(r34.eligibility).toMatchObject({ score: 34, likelihood: 'Unlikely' });
    expect(
      (await byInputs({ ...at35, purchaseDate: undefined, purchaseValue: 300_000 })).eligibility,
    ).toMatchObject({
      score: 35,
      likelihood: 'Possible',
    });
    expect(
      (await byInputs({ propertyType: 'commercial', purchaseDate: '2020-01-01' })).eligibility,
    ).toMatchObject({
      score: 30,
      likelihood: 'Unlikely',
    });
  });
});

describe('confidence = answered of propertyType, purchaseValue, purchaseDate, previousClaimed, hasRefurbishment / 5', () => {
  it.each([
    [{}, 0],
    [{ previousClaimed: false }, 20],
    [{ previousClaimed: false, hasRefurbishment: false }, 40],
    [
      {
        propertyType: 'other',
        purchaseValue: 0,
        purchaseDate: '2020-01-01',
        previousClaimed: true,
        hasRefurbishment: false,
      },
      100,
    ],
  ])('%j → %i', async (inputs, confidence) => {
    expect((await byInputs(inputs)).eligibility.confidenceLevel).toBe(confidence);
  });
});

describe('fixed results: complexity 60 Medium, Consultancy Fee, benefit 20,000 / 35,000 / 50,000', () => {
  it.each([
    [
      {
        propertyType: 'commercial',
        purchaseValue: 2_000_000,
        purchaseDate: '2026-01-01',
        previousClaimed: false,
        hasRefurbishment: true,
      },
      'Likely',
    ],
    [{ propertyType: 'commercial', purchaseValue: 100_000, purchaseDate: '2020-01-01' }, 'Possible'],
  ])('%j (%s) → Consultancy Fee', async (inputs, likelihood) => {
    const r = await byInputs(inputs);
    expect(r.eligibility.likelihood).toBe(likelihood);
    expect(r.complexity).toMatchObject({
      complexityScore: 60,
      complexityLevel: 'Medium',
      flags: [],
      serviceApproach: 'Consultancy Fee',
      potentialBenefit: { low: 20_000, medium: 35_000, high: 50_000 },
    });
    expect(r.value).toMatchObject({
      estimates: { low: 20_000, median: 35_000, high: 50_000 },
      valueType: 'benefit',
    });
    expect(r.recommendation.actionPlan.map((s) => s.estimatedTime)).toEqual([
      '15-30 minutes',
      '30-45 minutes',
      'Within 2 business days',
      '10 minutes',
    ]);
    expect(r.recommendation.documentRequirements.map((d) => [d.id, d.required])).toEqual([
      ['purchase_contract', true],
      ['tax_computations', true],
      ['refurbishment_invoices', false],
      ['building_plans', false],
      ['previous_owner_claims', false],
    ]);
  });
  it('Unlikely always gives Not Recommended (D3), with the same fixed complexity', async () => {
    const r = await byInputs({ propertyType: 'residential', purchaseValue: 100_000, previousClaimed: true });
    expect(r.eligibility.likelihood).toBe('Unlikely');
    expect(r.complexity).toMatchObject({
      complexityScore: 60,
      complexityLevel: 'Medium',
      serviceApproach: 'Not Recommended',
    });
    expect(r.recommendation.actionPlan.map((s) => s.estimatedTime)).toEqual(['15 minutes', '20-30 minutes']);
    expect(r.recommendation.documentRequirements).toHaveLength(3);
  });
  it('summary', async () => {
    const r = await byInputs({
      propertyType: 'commercial',
      purchaseValue: 100_000,
      purchaseDate: '2020-01-01',
    });
    expect(r.recommendation.summary).toBe(
      'Your property may have unclaimed capital allowances (eligibility score 35 out of 100). A typical claim is worth about £35,000, between £20,000 and £50,000. Recommended approach: Consultancy Fee.',
    );
  });
});

describe('answers → inputs (D4: questions designed from the calculator inputs)', () => {
  it('maps every question', async () => {
    const r = await byAnswers({
      propertyTypeCA: 'mixed-use',
      purchaseValueCA: '750,000',
      purchaseDateCA: '2025-03-01',
      previousClaimedCA: false,
      hasRefurbishmentCA: true,
    });
    expect(r.inputs).toMatchObject({
      propertyType: 'mixed-use',
      purchaseValue: 750_000,
      purchaseDate: '2025-03-01',
      previousClaimed: false,
      hasRefurbishment: true,
    });
    // 20 + 15 + 15 + 25 + 20 = 95
    expect(r.eligibility).toMatchObject({ score: 95, likelihood: 'Likely', confidenceLevel: 100 });
  });
});
