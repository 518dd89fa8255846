// Business rates appeals v1 against the eligibility spec section 9 read with D2–D3.
import { describe, expect, it } from 'vitest';
import { evaluateAssessment } from '@reclaim/engine';
import json from '../assessments/business_rates_appeals/v1.json';
import { asOf, definitionUnderTest, describeEmbeddedTests } from './helpers';

const { definition, byInputs, byAnswers, copyOf, withPoints } = definitionUnderTest(json);

describeEmbeddedTests('business_rates_appeals v1', definition, 4);

describe('eligibility factors', () => {
  it.each([
    [{ occupationStatus: 'partial' }, 25],
    [{ occupationStatus: 'vacant' }, 20],
    [{ occupationStatus: 'full' }, 5],
    [{ lastChallenged: 'never' }, 20],
    [{ lastChallenged: 'over3years' }, 15],
    [{ lastChallenged: 'under3years' }, 5],
    [{ useChanged: true }, 20],
    [{ useChanged: false }, 0],
    [{ physicalChanges: true }, 20],
    [{ physicalChanges: false }, 0],
    [{ lowerRatedSimilar: true }, 15],
    [{ lowerRatedSimilar: false }, 0],
    [{}, 0],
  ])('%j gives %i points', async (inputs, points) => {
    expect((await byInputs(inputs)).eligibility.rawScore).toBe(points);
  });
  it('the maximum is 100', async () => {
    const r = await byInputs({
      occupationStatus: 'partial',
      lastChallenged: 'never',
      useChanged: true,
      physicalChanges: true,
      lowerRatedSimilar: true,
    });
    expect(r.eligibility).toMatchObject({
      rawScore: 100,
      maxPossibleScore: 100,
      score: 100,
      likelihood: 'Likely',
    });
  });
});

describe('likelihood bands: Likely at 70, Possible at 40', () => {
  const at70 = {
    occupationStatus: 'partial',
    lastChallenged: 'under3years',
    useChanged: true,
    physicalChanges: true,
  }; // 25+5+20+20
  it('70 is Likely', async () => {
    expect((await byInputs(at70)).eligibility).toMatchObject({ score: 70, likelihood: 'Likely' });
  });
  it('69 is Possible (a recent challenge worth 4 in a copy)', async () => {
    const r = await evaluateAssessment({
      definition: withPoints('challenged_under_3_years', 4),
      inputs: at70,
      asOf,
    });
    expect(r.eligibility).toMatchObject({ score: 69, likelihood: 'Possible' });
  });
  it('65 is Possible', async () => {
    const r = await byInputs({
      occupationStatus: 'full',
      lastChallenged: 'never',
      useChanged: true,
      physicalChanges: true,
    }); // 5+20+20+20
    expect(r.eligibility).toMatchObject({ score: 65, likelihood: 'Possible' });
  });
  const at40 = { occupationStatus: 'full', lastChallenged: 'over3years', useChanged: true }; // 5+15+20
  it('40 is Possible', async () => {
    expect((await byInputs(at40)).eligibility).toMatchObject({ score: 40, likelihood: 'Possible' });
  });
  it('39 is Unlikely (copy)', async () => {
    const r = await evaluateAssessment({ definition: withPoints('occupation_full', 4), inputs: at40, asOf });
    expect(r.eligibility).toMatchObject({ score: 39, likelihood: 'Unlikely' });
  });
  it('35 is Unlikely', async () => {
    const r = await byInputs({ ...at40, occupationStatus: undefined });
    expect(r.eligibility).toMatchObject({ score: 35, likelihood: 'Unlikely' });
  });
});

describe('confidence = answered of occupationStatus, lastChallenged, useChanged, physicalChanges, lowerRatedSimilar / 5', () => {
  it.each([
    [{}, 0],
    [{ useChanged: false }, 20],
    [{ useChanged: false, physicalChanges: false, lowerRatedSimilar: false }, 60],
    [
      {
        occupationStatus: 'full',
        lastChallenged: 'never',
        useChanged: false,
        physicalChanges: false,
        lowerRatedSimilar: false,
      },
      100,
    ],
    [{ currentRateableValue: 50_000, propertyCount: 3, multipleAuthorities: true }, 0],
  ])('%j → %i', async (inputs, confidence) => {
    expect((await byInputs(inputs)).eligibility.confidenceLevel).toBe(confidence);
  });
});

describe('complexity flags (total weight 16; the property-count flag counts 4)', () => {
  it.each([
    [0, undefined, 0],
    [1, undefined, 0],
    [2, 2, 13],
    [5, 2, 13],
    [6, 3, 19],
    [10, 3, 19],
    [11, 4, 25],
    [250, 4, 25],
  ])('%i properties → weight %s, score %i', async (propertyCount, weight, score) => {
    const r = await byInputs({ propertyCount });
    expect(r.complexity.flags).toEqual(
      weight === undefined ? [] : [expect.objectContaining({ id: 'multiple_properties', weight })],
    );
    expect(r.complexity.complexityScore).toBe(score);
  });
  it.each([
    [{ multipleAuthorities: true }, 'multiple_authorities', 3, 19],
    [{ specializedType: true }, 'specialized_type', 4, 25],
    [{ previousChallenges: true }, 'previous_challenges', 2, 13],
    [{ lastChallenged: 'under3years' }, 'previous_challenges', 2, 13],
    [{ lastChallenged: 'over3years' }, 'previous_challenges', 2, 13],
    [{ partialOccupation: true }, 'partial_occupation', 3, 19],
    [{ occupationStatus: 'partial' }, 'partial_occupation', 3, 19],
  ])('%j raises %s (weight %i, score %i)', async (inputs, id, weight, score) => {
    const r = await byInputs(inputs);
    expect(r.complexity.flags).toEqual([expect.objectContaining({ id, weight })]);
    expect(r.complexity.complexityScore).toBe(score);
  });
  it.each([
    [{ lastChallenged: 'never' }],
    [{ occupationStatus: 'vacant' }],
    [
      {
        multipleAuthorities: false,
        specializedType: false,
        previousChallenges: false,
        partialOccupation: false,
      },
    ],
  ])('%j raises no flag', async (inputs) => {
    expect((await byInputs(inputs)).complexity.flags).toEqual([]);
  });
  it.each([
    [{ propertyCount: 11, specializedType: true, previousChallenges: true }, 63, 'Medium'],
    [{ propertyCount: 11, specializedType: true, multipleAuthorities: true }, 69, 'Medium'],
    [
      { propertyCount: 11, specializedType: true, multipleAuthorities: true, previousChallenges: true },
      81,
      'High',
    ],
    [
      { propertyCount: 6, specializedType: true, multipleAuthorities: true, previousChallenges: true },
      75,
      'High',
    ],
    [{ specializedType: true, multipleAuthorities: true }, 44, 'Medium'],
    [{ specializedType: true, previousChallenges: true }, 38, 'Low'],
  ])('%j → %i %s (High ≥ 70, Medium ≥ 40)', async (inputs, score, level) => {
    expect((await byInputs(inputs)).complexity).toMatchObject({
      complexityScore: score,
      complexityLevel: level,
    });
  });
});

describe('value: rateable value × 0.49 × factor, range 0.7–1.3', () => {
  it.each([
    [{ occupationStatus: 'full' }, 0.1, 4_900],
    [{}, 0.1, 4_900],
    [{ occupationStatus: 'partial' }, 0.2, 9_800],
    [{ occupationStatus: 'vacant' }, 0.5, 24_500],
    [{ occupationStatus: 'full', useChanged: true }, 0.15, 7_350],
    [{ occupationStatus: 'full', physicalChanges: true }, 0.15, 7_350],
    [{ occupationStatus: 'partial', useChanged: true, physicalChanges: true }, 0.3, 14_700],
    [{ occupationStatus: 'vacant', useChanged: true, physicalChanges: true }, 0.6, 29_400],
  ])('%j → factor %d, saving on £100,000 = %i', async (inputs, factor, median) => {
    const r = await byInputs({ ...inputs, currentRateableValue: 100_000 });
    expect(r.facts.savingFactor).toBeCloseTo(factor, 10);
    expect(r.value.estimates.median).toBeCloseTo(median, 2);
    expect(r.value.estimates.low).toBeCloseTo(median * 0.7, 2);
    expect(r.value.estimates.high).toBeCloseTo(median * 1.3, 2);
    expect(r.value.valueType).toBe('savings');
    // D3: the complexity potential is the value estimate
    expect(r.complexity.potentialSavings).toEqual({
      low: r.value.estimates.low,
      medium: r.value.estimates.median,
      high: r.value.estimates.high,
    });
  });
  it('no rateable value gives a zero estimate', async () => {
    expect((await byInputs({ occupationStatus: 'vacant' })).value.estimates).toEqual({
      low: 0,
      median: 0,
      high: 0,
    });
  });
});

describe('approach: first match wins', () => {
  const likely = {
    occupationStatus: 'full',
    lastChallenged: 'never',
    useChanged: true,
    physicalChanges: true,
    lowerRatedSimilar: true,
  }; // 80
  it('Unlikely → Not Recommended, even with a large saving', async () => {
    const r = await byInputs({ occupationStatus: 'vacant', currentRateableValue: 1_000_000 });
    expect(r.eligibility.likelihood).toBe('Unlikely');
    expect(r.complexity.serviceApproach).toBe('Not Recommended');
  });
  it('High with 3 or more flags → Specialist Referral, before the potential rule', async () => {
    const r = await byInputs({
      ...likely,
      currentRateableValue: 1_000_000,
      propertyCount: 6,
      specializedType: true,
      multipleAuthorities: true,
      previousChallenges: true,
    });
    expect(r.complexity).toMatchObject({ complexityLevel: 'High', serviceApproach: 'Specialist Referral' });
    expect(r.complexity.flags).toHaveLength(4);
  });
  it('High with only 2 flags skips the specialist rule (copy with High at 30, Medium at 10)', async () => {
    const levels = copyOf((d) => {
      if (!('flags' in d.complexity)) throw new Error('scored complexity expected');
      d.complexity.levels = [
        { level: 'High', min: 30 },
        { level: 'Medium', min: 10 },
      ];
    });
    const inputs = { ...likely, specializedType: true, propertyCount: 11 }; // 8 of 16 → 50: High in the copy, 2 flags
    const big = await evaluateAssessment({
      definition: levels,
      inputs: { ...inputs, currentRateableValue: 300_000 },
      asOf,
    });
    expect(big.complexity.potentialSavings?.medium).toBe(29_400); // 300,000 × 0.49 × 0.2
    expect(big.complexity).toMatchObject({ complexityLevel: 'High', serviceApproach: 'No-Win No-Fee' });
    const mid = await evaluateAssessment({
      definition: levels,
      inputs: { ...inputs, currentRateableValue: 80_000 },
      asOf,
    });
    expect(mid.complexity.potentialSavings?.medium).toBe(7_840); // not below 5,000: Consultancy because High
    expect(mid.complexity).toMatchObject({ complexityLevel: 'High', serviceApproach: 'Consultancy Fee' });
  });
  it.each([
    [102_041, 10_000.02, 'No-Win No-Fee', /over £10,000/],
    [102_040.82, 10_000, 'No-Win No-Fee', /straightforward/],
    [51_020.5, 5_000.01, 'No-Win No-Fee', /straightforward/],
    [51_020.41, 5_000, 'No-Win No-Fee', /straightforward/],
    [51_020, 4_999.96, 'Consultancy Fee', /small/],
  ])(
    'rateable value %d, partly occupied (factor 0.2) → potential %d → %s',
    async (currentRateableValue, potential, approach, rationale) => {
      // 25 + 20 + 15 = 60 Possible; partial occupation 3 of 16 → Low
      const r = await byInputs({
        occupationStatus: 'partial',
        lastChallenged: 'never',
        lowerRatedSimilar: true,
        currentRateableValue,
      });
      expect(r.eligibility.likelihood).toBe('Possible');
      expect(r.complexity.complexityLevel).toBe('Low');
      expect(r.complexity.potentialSavings?.medium).toBeCloseTo(potential, 2);
      expect(r.complexity.serviceApproach).toBe(approach);
      expect(r.complexity.approachRationale).toMatch(rationale);
    },
  );
});

describe('recommendation', () => {
  it('documents: rates bill and lease required, floor plans optional, for every approach', async () => {
    for (const inputs of [
      {},
      {
        occupationStatus: 'vacant',
        lastChallenged: 'never',
        useChanged: true,
        currentRateableValue: 100_000,
      },
    ]) {
      const r = await byInputs(inputs);
      expect(r.recommendation.documentRequirements.map((d) => [d.name, d.required])).toEqual([
        ['Rates bill', true],
        ['Lease', true],
        ['Floor plans', false],
      ]);
    }
  });
  it('summary with the saving and the approach', async () => {
    const r = await byInputs({
      occupationStatus: 'vacant',
      lastChallenged: 'never',
      useChanged: true,
      physicalChanges: true,
      currentRateableValue: 50_000,
    });
    expect(r.recommendation.summary).toBe(
      'Your rateable value is likely to be too high (eligibility score 80 out of 100). We estimate a saving of about £14,700, between £10,290 and £19,110. Recommended approach: No-Win No-Fee.',
    );
    expect(r.recommendation.actionPlan.map((s) => s.estimatedTime)).toEqual([
      '15-30 minutes',
      '30-60 minutes',
      '30 minutes',
      '10 minutes',
    ]);
  });
});

describe('answers → inputs (D4: questions designed from the calculator inputs)', () => {
  it('maps every question; derives previousChallenges, partialOccupation and specializedType', async () => {
    const r = await byAnswers({
      propertyUseBR: 'specialised',
      currentRateableValueBR: '£85,000',
      occupationStatusBR: 'partial',
      lastChallengedBR: 'under3years',
      useChangedBR: false,
      physicalChangesBR: true,
      lowerRatedSimilarBR: false,
      propertyCountBR: 3,
      multipleAuthoritiesBR: true,
    });
    expect(r.inputs).toMatchObject({
      propertyUse: 'specialised',
      specializedType: true,
      currentRateableValue: 85_000,
      occupationStatus: 'partial',
      lastChallenged: 'under3years',
      useChanged: false,
      physicalChanges: true,
      lowerRatedSimilar: false,
      propertyCount: 3,
      multipleAuthorities: true,
      previousChallenges: true,
      partialOccupation: true,
    });
    // 2 + 3 + 4 + 2 + 3 = 14 of 16 → 88 High with 5 flags
    expect(r.complexity).toMatchObject({ complexityScore: 88, complexityLevel: 'High' });
  });
  it.each([
    ['office', false],
    ['retail', false],
    ['industrial', false],
    ['hospitality', true],
    ['specialised', true],
    ['other', false],
  ])('property use %s → specializedType %s', async (propertyUseBR, specialised) => {
    expect((await byAnswers({ propertyUseBR })).inputs.specializedType).toBe(specialised);
  });
  it('never challenged → previousChallenges false; full → partialOccupation false', async () => {
    const r = await byAnswers({ lastChallengedBR: 'never', occupationStatusBR: 'full' });
    expect(r.inputs).toMatchObject({ previousChallenges: false, partialOccupation: false });
  });
  it('multipleAuthoritiesBR is asked only with more than one property', async () => {
    const one = await byAnswers({ propertyCountBR: 1, multipleAuthoritiesBR: true });
    expect(one.inputs.multipleAuthorities).toBeUndefined();
    const two = await byAnswers({ propertyCountBR: 2, multipleAuthoritiesBR: true });
    expect(two.inputs.multipleAuthorities).toBe(true);
  });
  it('questions use the spec enumerations', () => {
    const q = (id: string) => definition.questionnaire.questions.find((x) => x.id === id);
    expect(q('occupationStatusBR')?.options?.map((o) => o.value)).toEqual(['full', 'partial', 'vacant']);
    expect(q('lastChallengedBR')?.options?.map((o) => o.value)).toEqual([
      'never',
      'over3years',
      'under3years',
    ]);
  });
});
