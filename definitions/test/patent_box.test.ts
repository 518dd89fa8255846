// Patent box v1: scored eligibility (section 9, confidence over 4) with the fixed complexity and value.
import { describe, expect, it } from 'vitest';
import { evaluateAssessment } from '@reclaim/engine';
import json from '../assessments/patent_box/v1.json';
import { asOf, definitionUnderTest, describeEmbeddedTests } from './helpers';

const { definition, byInputs, byAnswers, withPoints } = definitionUnderTest(json);

describeEmbeddedTests('patent_box v1', definition, 3);

describe('eligibility factors', () => {
  it.each([
    [{ hasPatents: true }, 40],
    [{ hasPatents: false }, 0],
    [{ patentJurisdiction: 'uk' }, 20],
    [{ patentJurisdiction: 'epo' }, 20],
    [{ patentJurisdiction: 'eu' }, 20],
    [{ patentJurisdiction: 'usa' }, 5],
    [{ patentJurisdiction: 'china' }, 5],
    [{ patentJurisdiction: 'other' }, 5],
    [{ patentIncome: 1_000_000 }, 25],
    [{ patentIncome: 100_001 }, 25],
    [{ patentIncome: 100_000 }, 15],
    [{ patentIncome: 20_001 }, 15],
    [{ patentIncome: 20_000 }, 5],
    [{ patentIncome: 0 }, 5],
    [{ involvedInDevelopment: true }, 15],
    [{ involvedInDevelopment: false }, 0],
    [{}, 0],
  ])('%j gives %i points', async (inputs, points) => {
    expect((await byInputs(inputs)).eligibility.rawScore).toBe(points);
  });
  it('the maximum is 100', async () => {
    const r = await byInputs({
      hasPatents: true,
      patentJurisdiction: 'epo',
      patentIncome: 200_000,
      involvedInDevelopment: true,
    });
    expect(r.eligibility).toMatchObject({ rawScore: 100, maxPossibleScore: 100, score: 100 });
  });
  it('isGroupMember and patentAcquired do not score', async () => {
    expect((await byInputs({ isGroupMember: true, patentAcquired: true })).eligibility.rawScore).toBe(0);
  });
});

describe('likelihood bands: Likely at 70, Possible at 40', () => {
  const at70 = { hasPatents: true, patentIncome: 30_000, involvedInDevelopment: true }; // 40 + 15 + 15
  it('70 is Likely', async () => {
    expect((await byInputs(at70)).eligibility).toMatchObject({ score: 70, likelihood: 'Likely' });
  });
  it('69 is Possible (copy)', async () => {
    const r = await evaluateAssessment({
      definition: withPoints('involved_in_development', 14),
      inputs: at70,
      asOf,
    });
    expect(r.eligibility).toMatchObject({ score: 69, likelihood: 'Possible' });
  });
  it('65 is Possible', async () => {
    const r = await byInputs({
      hasPatents: true,
      patentJurisdiction: 'china',
      patentIncome: 1_000,
      involvedInDevelopment: true,
    }); // 40+5+5+15
    expect(r.eligibility).toMatchObject({ score: 65, likelihood: 'Possible' });
  });
  it('40 is Possible', async () => {
    expect((await byInputs({ hasPatents: true })).eligibility).toMatchObject({
      score: 40,
      likelihood: 'Possible',
    });
  });
  it('39 is Unlikely (copy)', async () => {
    const r = await evaluateAssessment({
      definition: withPoints('has_patents', 39),
      inputs: { hasPatents: true },
      asOf,
    });
    expect(r.eligibility).toMatchObject({ score: 39, likelihood: 'Unlikely' });
  });
  it('35 is Unlikely', async () => {
    const r = await byInputs({ patentJurisdiction: 'uk', involvedInDevelopment: true }); // 20 + 15
    expect(r.eligibility).toMatchObject({ score: 35, likelihood: 'Unlikely' });
  });
});

describe('confidence = answered of hasPatents, patentJurisdiction, patentIncome, involvedInDevelopment / 4', () => {
  it.each([
    [{}, 0],
    [{ hasPatents: false }, 25],
    [{ hasPatents: false, involvedInDevelopment: false }, 50],
    [{ hasPatents: true, patentIncome: 0, involvedInDevelopment: false }, 75],
    [{ hasPatents: true, patentJurisdiction: 'other', patentIncome: 0, involvedInDevelopment: false }, 100],
    [{ isGroupMember: true, patentAcquired: false }, 0],
  ])('%j → %i', async (inputs, confidence) => {
    expect((await byInputs(inputs)).eligibility.confidenceLevel).toBe(confidence);
  });
});

describe('fixed results: complexity 80 High, Specialist Referral, benefit 15,000 / 25,000 / 40,000', () => {
  it.each([
    [
      { hasPatents: true, patentJurisdiction: 'uk', patentIncome: 150_000, involvedInDevelopment: true },
      'Likely',
    ],
    [{ hasPatents: true, patentJurisdiction: 'usa' }, 'Possible'],
  ])('%j (%s) → Specialist Referral', async (inputs, likelihood) => {
    const r = await byInputs(inputs);
    expect(r.eligibility.likelihood).toBe(likelihood);
    expect(r.complexity).toMatchObject({
      complexityScore: 80,
      complexityLevel: 'High',
      flags: [],
      serviceApproach: 'Specialist Referral',
      potentialBenefit: { low: 15_000, medium: 25_000, high: 40_000 },
    });
    expect(r.value.estimates).toEqual({ low: 15_000, median: 25_000, high: 40_000 });
    expect(r.recommendation.actionPlan.map((s) => s.estimatedTime)).toEqual([
      '1-2 business days',
      '45-60 minutes',
      '3-5 business days',
    ]);
    expect(r.recommendation.documentRequirements.map((d) => [d.id, d.required])).toEqual([
      ['patent_certificates', true],
      ['patent_income_records', true],
      ['financial_statements', true],
      ['development_records', false],
      ['group_structure', false],
    ]);
    expect(r.resultFields).toEqual({
      patent_box_eligibility: true,
      patent_box_complexity_score: 8,
      patent_box_value_score: 25_000,
      patent_box_recommendation: r.recommendation.summary,
    });
  });
  it('Unlikely always gives Not Recommended (D3)', async () => {
    const r = await byInputs({ hasPatents: false, patentIncome: 500_000 });
    expect(r.eligibility.likelihood).toBe('Unlikely');
    expect(r.complexity).toMatchObject({
      complexityScore: 80,
      complexityLevel: 'High',
      serviceApproach: 'Not Recommended',
    });
    expect(r.resultFields.patent_box_eligibility).toBe(false);
    expect(r.resultFields.patent_box_recommendation).toBe(
      'The Patent Box looks unlikely to apply on your answers (eligibility score 25 out of 100). Recommended approach: Not Recommended.',
    );
  });
});

describe('questionnaire and answers → inputs', () => {
  it('keeps the spec ids, jurisdictions and conditions', () => {
    const ids = definition.questionnaire.questions.map((q) => q.id);
    expect(ids).toEqual([
      'hasPatents',
      'patentJurisdiction',
      'patentAcquired',
      'patentIncome',
      'involvedInDevelopment',
      'isGroupMember',
    ]);
    const jurisdiction = definition.questionnaire.questions.find((q) => q.id === 'patentJurisdiction');
    expect(jurisdiction?.options?.map((o) => o.label)).toEqual([
      'UK',
      'European Patent Office (EPO)',
      'Other EU',
      'USA',
      'China',
      'Other',
    ]);
    const onlyWithPatents = { all: [{ fact: 'hasPatents', operator: 'equal', value: true }] };
    expect(jurisdiction?.condition).toEqual(onlyWithPatents);
    expect(definition.questionnaire.questions.find((q) => q.id === 'patentAcquired')?.condition).toEqual(
      onlyWithPatents,
    );
  });
  it.each([
    ['uk', 20],
    ['epo', 20],
    ['eu', 20],
    ['usa', 5],
    ['china', 5],
    ['other', 5],
  ])('answer %s for the jurisdiction gives %i points with patents', async (patentJurisdiction, points) => {
    const r = await byAnswers({ hasPatents: true, patentJurisdiction });
    expect(r.eligibility.rawScore).toBe(40 + points);
  });
  it('without patents the jurisdiction and acquisition answers are dropped', async () => {
    const r = await byAnswers({
      hasPatents: false,
      patentJurisdiction: 'uk',
      patentAcquired: true,
      patentIncome: 50_000,
      involvedInDevelopment: true,
      isGroupMember: true,
    });
    expect(r.inputs).toEqual({
      hasPatents: false,
      patentIncome: 50_000,
      involvedInDevelopment: true,
      isGroupMember: true,
    });
    expect(r.eligibility).toMatchObject({ score: 30, confidenceLevel: 75 });
  });
});
