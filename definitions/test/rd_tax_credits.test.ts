// R&D tax credits v1 against the eligibility spec section 9 read with D2–D3.
import { describe, expect, it } from 'vitest';
import { evaluateAssessment } from '@reclaim/engine';
import json from '../assessments/rd_tax_credits/v1.json';
import { asOf, definitionUnderTest, describeEmbeddedTests } from './helpers';

const { definition, byInputs, byAnswers, copyOf, withPoints } = definitionUnderTest(json);

const ACTIVITIES = [
  'new_product_development',
  'process_improvement',
  'software_development',
  'engineering_design',
  'scientific_research',
];

describeEmbeddedTests('rd_tax_credits v1', definition, 5);

describe('eligibility factors', () => {
  it.each(ACTIVITIES)('activity %s gives 10 points', async (activity) => {
    expect((await byInputs({ rdActivities: [activity] })).eligibility.rawScore).toBe(10);
  });
  it.each([
    [[], 0],
    [['other_thing'], 0],
    [ACTIVITIES.slice(0, 2), 20],
    [ACTIVITIES.slice(0, 3), 30],
    [ACTIVITIES.slice(0, 4), 30],
    [ACTIVITIES, 30],
  ])('activities %j give %i points (sum capped at 30)', async (rdActivities, points) => {
    expect((await byInputs({ rdActivities })).eligibility.rawScore).toBe(points);
  });
  it('reasons list every counted activity', async () => {
    const r = await byInputs({ rdActivities: ['software_development', 'scientific_research'] });
    expect(r.eligibility.reasons).toEqual([
      'Software development is a qualifying kind of R&D activity',
      'Scientific research is a qualifying kind of R&D activity',
    ]);
  });

  it.each([
    ['sme', 20],
    ['large', 15],
    ['notsure', 0],
  ])('company size %s gives %i points', async (companySize, points) => {
    expect((await byInputs({ companySize })).eligibility.rawScore).toBe(points);
  });

  it.each([
    [1_000_000, 25],
    [50_001, 25],
    [50_000, 15],
    [20_001, 15],
    [20_000, 5],
    [0, 5],
  ])('expenditure %i gives %i points', async (rdExpenditure, points) => {
    expect((await byInputs({ rdExpenditure })).eligibility.rawScore).toBe(points);
  });

  it.each([
    [6, 15],
    [5, 10],
    [0, 10],
  ])('%i R&D staff give %i points', async (rdStaffCount, points) => {
    expect((await byInputs({ rdStaffCount })).eligibility.rawScore).toBe(points);
  });

  it.each([
    [true, 10],
    [false, 0],
  ])('documentation %s gives %i points', async (hasDocumentation, points) => {
    expect((await byInputs({ hasDocumentation })).eligibility.rawScore).toBe(points);
  });

  it('missing inputs give 0 (no "else" points without a value)', async () => {
    const r = await byInputs({});
    expect(r.eligibility).toMatchObject({
      rawScore: 0,
      maxPossibleScore: 100,
      score: 0,
      likelihood: 'Unlikely',
      confidenceLevel: 0,
    });
  });
});

describe('likelihood bands: Likely at 70, Possible at 35', () => {
  const at70 = {
    rdActivities: ACTIVITIES.slice(0, 3),
    companySize: 'sme',
    rdStaffCount: 3,
    hasDocumentation: true,
  }; // 30+20+10+10
  it('70 is Likely', async () => {
    expect((await byInputs(at70)).eligibility).toMatchObject({ score: 70, likelihood: 'Likely' });
  });
  it('69 is Possible (documentation worth 9 in a copy)', async () => {
    const r = await evaluateAssessment({
      definition: withPoints('has_documentation', 9),
      inputs: at70,
      asOf,
    });
    expect(r.eligibility).toMatchObject({ score: 69, likelihood: 'Possible' });
  });
  it('65 is Possible', async () => {
    const r = await byInputs({
      rdActivities: ACTIVITIES.slice(0, 3),
      companySize: 'large',
      rdExpenditure: 10_000,
      rdStaffCount: 6,
    }); // 30+15+5+15
    expect(r.eligibility).toMatchObject({ score: 65, likelihood: 'Possible' });
  });
  const at35 = { rdActivities: ['engineering_design'], rdExpenditure: 30_000, rdStaffCount: 1 }; // 10 + 15 + 10
  it('35 is Possible', async () => {
    expect((await byInputs(at35)).eligibility).toMatchObject({ score: 35, likelihood: 'Possible' });
  });
  it('34 is Unlikely (staff worth 9 in a copy)', async () => {
    const r = await evaluateAssessment({ definition: withPoints('staff_given', 9), inputs: at35, asOf });
    expect(r.eligibility).toMatchObject({ score: 34, likelihood: 'Unlikely' });
  });
  it('30 is Unlikely', async () => {
    const r = await byInputs({
      rdActivities: ['engineering_design'],
      rdExpenditure: 10_000,
      companySize: 'large',
    }); // 10 + 5 + 15
    expect(r.eligibility).toMatchObject({ score: 30, likelihood: 'Unlikely' });
  });
});

describe('confidence = answered of rdActivities, companySize, rdExpenditure, rdStaffCount, hasDocumentation / 5', () => {
  it.each([
    [{ rdActivities: [] }, 0],
    [{ companySize: 'notsure' }, 20],
    [{ hasDocumentation: false, rdStaffCount: 0 }, 40],
    [{ rdActivities: ['x'], companySize: 'large', rdExpenditure: 0 }, 60],
    [
      {
        rdActivities: ['x'],
        companySize: 'large',
        rdExpenditure: 0,
        rdStaffCount: 2,
        hasDocumentation: false,
      },
      100,
    ],
    [{ isProfitable: true, projectCount: 9, firstTimeClaim: false }, 0],
  ])('%j → %i', async (inputs, confidence) => {
    expect((await byInputs(inputs)).eligibility.confidenceLevel).toBe(confidence);
  });
});

describe('complexity flags (total weight 21)', () => {
  it.each([
    [{ projectCount: 4 }, 'many_projects', 3, 14],
    [{ technicalComplexity: 'high' }, 'high_technical_complexity', 4, 19],
    [{ multipleEntities: true }, 'multiple_entities', 5, 24],
    [{ internationalWork: true }, 'international_work', 4, 19],
    [{ rdExpenditure: 500_001 }, 'high_expenditure', 3, 14],
    [{ firstTimeClaim: true }, 'first_claim', 2, 10],
  ])('%j raises %s (weight %i, score %i)', async (inputs, id, weight, score) => {
    const r = await byInputs(inputs);
    expect(r.complexity.flags).toEqual([expect.objectContaining({ id, weight })]);
    expect(r.complexity.complexityScore).toBe(score);
  });
  it.each([
    [{ projectCount: 3 }],
    [{ technicalComplexity: 'medium' }],
    [{ rdExpenditure: 500_000 }],
    [{ multipleEntities: false, internationalWork: false, firstTimeClaim: false }],
  ])('%j raises no flag', async (inputs) => {
    expect((await byInputs(inputs)).complexity.flags).toEqual([]);
  });
  it.each([
    // 5 + 4 + 4 + 2 = 15 → 71
    [
      { multipleEntities: true, internationalWork: true, technicalComplexity: 'high', firstTimeClaim: true },
      71,
      'High',
    ],
    // 5 + 4 + 3 + 2 = 14 → 67
    [
      { multipleEntities: true, internationalWork: true, projectCount: 5, firstTimeClaim: true },
      67,
      'Medium',
    ],
    // 5 + 4 = 9 → 43
    [{ multipleEntities: true, internationalWork: true }, 43, 'Medium'],
    // 3 + 3 + 2 = 8 → 38
    [{ projectCount: 5, rdExpenditure: 600_000, firstTimeClaim: true }, 38, 'Low'],
  ])('%j → %i %s (High ≥ 70, Medium ≥ 40)', async (inputs, score, level) => {
    expect((await byInputs(inputs)).complexity).toMatchObject({
      complexityScore: score,
      complexityLevel: level,
    });
  });
  it('counts flags of weight 4 or more as highWeightFlagCount', async () => {
    const r = await byInputs({
      multipleEntities: true,
      technicalComplexity: 'high',
      projectCount: 9,
      firstTimeClaim: true,
    });
    expect(r.facts.highWeightFlagCount).toBe(2);
    expect(r.facts.flagCount).toBe(4);
  });
});

describe('value: rdExpenditure × rate, range 0.8–1.2', () => {
  it.each([
    [{ companySize: 'sme', isProfitable: true }, 0.25],
    [{ companySize: 'sme', isProfitable: false }, 0.33],
    [{ companySize: 'sme' }, 0.25],
    [{ companySize: 'large', isProfitable: false }, 0.13],
    [{ companySize: 'large', isProfitable: true }, 0.13],
    [{ companySize: 'notsure', isProfitable: false }, 0.13],
    [{}, 0.13],
  ])('%j → rate %d', async (inputs, rate) => {
    const r = await byInputs({ ...inputs, rdExpenditure: 100_000 });
    expect(r.facts.benefitRate).toBe(rate);
    expect(r.value.estimates.median).toBeCloseTo(100_000 * rate, 2);
    expect(r.value.estimates.low).toBeCloseTo(100_000 * rate * 0.8, 2);
    expect(r.value.estimates.high).toBeCloseTo(100_000 * rate * 1.2, 2);
    expect(r.value.valueType).toBe('benefit');
    // D3: the complexity potential is the value estimate
    expect(r.complexity.potentialBenefit).toEqual({
      low: r.value.estimates.low,
      medium: r.value.estimates.median,
      high: r.value.estimates.high,
    });
  });
  it('no likelihood factor applies (D3)', async () => {
    const r = await byInputs({ companySize: 'sme', isProfitable: true, rdExpenditure: 10_000 });
    expect(r.eligibility.likelihood).toBe('Unlikely');
    expect(r.value.estimates.median).toBe(2_500);
    expect(r.value.confidenceLevel).toBe('Very Low');
  });
});

describe('approach: first match wins', () => {
  const likely = { rdActivities: ACTIVITIES.slice(0, 3), rdStaffCount: 10, hasDocumentation: true }; // 30 + 15 + 10 = 55 + size + expenditure

  it('Unlikely → Not Recommended, even with a large potential', async () => {
    const r = await byInputs({ rdExpenditure: 5_000_000 }); // 25 points; potential 650,000
    expect(r.eligibility.likelihood).toBe('Unlikely');
    expect(r.complexity.potentialBenefit?.medium).toBe(650_000);
    expect(r.complexity.serviceApproach).toBe('Not Recommended');
  });
  it('Medium with potential over 50,000 → No-Win No-Fee (5 + 4 + 3 + 2 = 14 → 67)', async () => {
    const r = await byInputs({
      ...likely,
      companySize: 'sme',
      rdExpenditure: 400_000,
      multipleEntities: true,
      internationalWork: true,
      projectCount: 4,
      firstTimeClaim: true,
    });
    expect(r.complexity).toMatchObject({
      complexityScore: 67,
      complexityLevel: 'Medium',
      serviceApproach: 'No-Win No-Fee',
    });
  });
  it('High with 2 or more heavy flags → Specialist Referral, before the potential rule', async () => {
    const r = await byInputs({
      ...likely,
      companySize: 'sme',
      rdExpenditure: 400_000,
      multipleEntities: true,
      internationalWork: true,
      technicalComplexity: 'high',
      firstTimeClaim: true,
    });
    expect(r.complexity).toMatchObject({
      complexityScore: 71,
      complexityLevel: 'High',
      serviceApproach: 'Specialist Referral',
    });
    expect(r.facts.highWeightFlagCount).toBe(3);
    expect(r.complexity.potentialBenefit?.medium).toBe(100_000);
  });
  it('High with fewer than 2 heavy flags skips the specialist rule (copy counting weight ≥ 5 only)', async () => {
    const def = copyOf((d) => {
      if (!('flags' in d.complexity) || !d.complexity.counts?.[0]) throw new Error('counts expected');
      d.complexity.counts[0].minWeight = 5;
    });
    const inputs = {
      ...likely,
      companySize: 'sme',
      multipleEntities: true,
      internationalWork: true,
      technicalComplexity: 'high',
      firstTimeClaim: true,
    };
    const over = await evaluateAssessment({
      definition: def,
      inputs: { ...inputs, rdExpenditure: 400_000 },
      asOf,
    });
    expect(over.complexity).toMatchObject({ complexityLevel: 'High', serviceApproach: 'No-Win No-Fee' });
    const under = await evaluateAssessment({
      definition: def,
      inputs: { ...inputs, rdExpenditure: 100_000 },
      asOf,
    });
    expect(under.complexity).toMatchObject({ complexityLevel: 'High', serviceApproach: 'Consultancy Fee' });
  });
  it.each([
    [200_004, 'No-Win No-Fee', /over £50,000/],
    [200_000, 'No-Win No-Fee', /straightforward/],
  ])(
    'potential from expenditure %i (SME profitable, Low) → %s',
    async (rdExpenditure, approach, rationale) => {
      const r = await byInputs({ ...likely, companySize: 'sme', isProfitable: true, rdExpenditure });
      expect(r.complexity.complexityLevel).toBe('Low');
      expect(r.complexity.serviceApproach).toBe(approach);
      expect(r.complexity.approachRationale).toMatch(rationale);
    },
  );
  it.each([
    [79_996, 'Consultancy Fee', 19_999],
    [80_000, 'No-Win No-Fee', 20_000],
  ])(
    'Medium complexity with expenditure %i → %s (potential %i)',
    async (rdExpenditure, approach, potential) => {
      const r = await byInputs({
        ...likely,
        companySize: 'sme',
        isProfitable: true,
        rdExpenditure,
        multipleEntities: true,
        internationalWork: true,
      });
      expect(r.complexity.complexityLevel).toBe('Medium');
      expect(r.complexity.potentialBenefit?.medium).toBe(potential);
      expect(r.complexity.serviceApproach).toBe(approach);
    },
  );
  it('Low complexity with a small potential → No-Win No-Fee (otherwise)', async () => {
    const r = await byInputs({ ...likely, companySize: 'sme', isProfitable: true, rdExpenditure: 40_000 });
    expect(r.eligibility.likelihood).toBe('Likely');
    expect(r.complexity).toMatchObject({ complexityLevel: 'Low', serviceApproach: 'No-Win No-Fee' });
    expect(r.complexity.potentialBenefit?.medium).toBe(10_000);
  });
});

describe('scheme type (rd_scheme_type)', () => {
  it.each([
    [{ companySize: 'sme', isProfitable: false, rdIntensive: true }, 'ERIS (enhanced R&D intensive support)'],
    [{ companySize: 'sme', isProfitable: false, rdIntensive: false }, 'Merged R&D scheme (RDEC)'],
    [{ companySize: 'sme', isProfitable: true }, 'Merged R&D scheme (RDEC)'],
    [{ companySize: 'large', isProfitable: false, rdIntensive: true }, 'Merged R&D scheme (RDEC)'],
    [{}, 'Merged R&D scheme (RDEC)'],
  ])('%j → %s', async (inputs, scheme) => {
    expect((await byInputs(inputs)).resultFields.rd_scheme_type).toBe(scheme);
  });
});

describe('result fields and recommendation', () => {
  it('status, complexity out of 10, benefit and multi-line recommendation', async () => {
    const r = await byAnswers({
      projectGoalRDC: 'advancement',
      technicalUncertaintyRDC: 'no',
      rdActivitiesRDC: ['software_development'],
      companySizeRDC: 'large',
      isProfitableRDC: true,
      expenditureTypesRDC: ['staff'],
      totalExpenditureRDC: 30_000,
      rdStaffCountRDC: 2,
      receivedFundingRDC: true,
      hasDocumentationRDC: false,
      firstTimeClaimRDC: true,
    });
    // 10 + 15 + 15 + 10 = 50 → Possible; first claim 2/21 → 10
    expect(r.resultFields).toMatchObject({
      rd_eligibility_status: 'Possible',
      rd_scheme_type: 'Merged R&D scheme (RDEC)',
      rd_claim_complexity_score: 1,
      rd_potential_benefit_estimate: 3_900,
    });
    const text = r.resultFields.rd_recommendation as string;
    expect(text).toBe(r.recommendation.text);
    expect(text.split('\n').length).toBeGreaterThan(5);
    expect(text).toContain('R&D eligibility: Possible (score 50 out of 100, confidence 100%).');
    expect(text).toContain('Scheme: Merged R&D scheme (RDEC).');
    expect(text).toContain('About £3,900 (between £3,120 and £4,680) on R&D expenditure of £30,000.');
    expect(text).toContain(
      'HMRC expects qualifying R&D to resolve a scientific or technological uncertainty.',
    );
    expect(text).toContain('Grant-funded or subsidised expenditure');
    expect(text).not.toContain('Routine development');
  });
  it('out-of-10 complexity keeps one decimal', async () => {
    const r = await byInputs({ multipleEntities: true, internationalWork: true }); // 9/21 → 43
    expect(r.resultFields.rd_claim_complexity_score).toBe(4.3);
  });
  it('documents: three required; Consultancy Fee and Specialist Referral add technical reports and timeline', async () => {
    const base = await byInputs({ companySize: 'sme' });
    expect(base.complexity.serviceApproach).toBe('Not Recommended');
    expect(base.recommendation.documentRequirements.map((d) => [d.name, d.required])).toEqual([
      ['Project documentation', true],
      ['Staff cost records', true],
      ['Financial statements', true],
    ]);
    const specialist = await byInputs({
      rdActivities: ACTIVITIES,
      companySize: 'sme',
      rdExpenditure: 400_000,
      multipleEntities: true,
      internationalWork: true,
      technicalComplexity: 'high',
      firstTimeClaim: true,
    });
    expect(specialist.complexity.serviceApproach).toBe('Specialist Referral');
    expect(specialist.recommendation.documentRequirements.map((d) => [d.name, d.required]).slice(3)).toEqual([
      ['Technical reports', false],
      ['Project timeline', false],
    ]);
  });
});

describe('answers → inputs (D4) and questionnaire', () => {
  it('maps the spec questions and the calculator questions', async () => {
    const r = await byAnswers({
      projectGoalRDC: 'routine',
      technicalUncertaintyRDC: 'yes',
      rdActivitiesRDC: ['process_improvement'],
      companySizeRDC: 'sme',
      isProfitableRDC: false,
      rdIntensiveRDC: false,
      expenditureTypesRDC: ['staff', 'data_cloud'],
      totalExpenditureRDC: '75,000',
      rdStaffCountRDC: '4',
      receivedFundingRDC: false,
      hasDocumentationRDC: true,
      projectCountRDC: 2,
      technicalComplexityRDC: 'medium',
      multipleEntitiesRDC: false,
      internationalWorkRDC: true,
      firstTimeClaimRDC: false,
    });
    // technicalUncertaintyRDC is hidden unless the goal is advancement
    expect(r.answers.technicalUncertaintyRDC).toBeUndefined();
    expect(r.inputs).toMatchObject({
      projectGoal: 'routine',
      rdActivities: ['process_improvement'],
      companySize: 'sme',
      isProfitable: false,
      rdIntensive: false,
      expenditureTypes: ['staff', 'data_cloud'],
      rdExpenditure: 75_000,
      rdStaffCount: 4,
      receivedFunding: false,
      hasDocumentation: true,
      projectCount: 2,
      technicalComplexity: 'medium',
      multipleEntities: false,
      internationalWork: true,
      firstTimeClaim: false,
    });
    expect(r.inputs.technicalUncertainty).toBeUndefined();
    expect(r.recommendation.text).toContain(
      'Routine development using known methods does not usually count as R&D',
    );
  });
  it('rdIntensiveRDC is asked only of loss-making SMEs', async () => {
    const r = await byAnswers({ companySizeRDC: 'sme', isProfitableRDC: true, rdIntensiveRDC: true });
    expect(r.inputs.rdIntensive).toBeUndefined();
    expect(r.resultFields.rd_scheme_type).toBe('Merged R&D scheme (RDEC)');
  });
  it('keeps the spec ids, options, SME wording and min 0 on total expenditure', () => {
    const q = (id: string) => definition.questionnaire.questions.find((x) => x.id === id);
    for (const id of [
      'projectGoalRDC',
      'technicalUncertaintyRDC',
      'companySizeRDC',
      'expenditureTypesRDC',
      'totalExpenditureRDC',
      'receivedFundingRDC',
    ]) {
      expect(q(id), id).toBeDefined();
    }
    expect(q('projectGoalRDC')?.options?.map((o) => o.value)).toEqual(['advancement', 'routine', 'other']);
    expect(q('technicalUncertaintyRDC')?.options?.map((o) => o.value)).toEqual(['yes', 'no', 'notsure']);
    expect(q('technicalUncertaintyRDC')?.condition).toEqual({
      all: [{ fact: 'projectGoalRDC', operator: 'equal', value: 'advancement' }],
    });
    expect(q('companySizeRDC')?.options?.map((o) => o.value)).toEqual(['sme', 'large', 'notsure']);
    expect(q('companySizeRDC')?.options?.[0]?.label).toMatch(
      /under 500 staff.*€100m turnover or €86m balance sheet/,
    );
    expect(q('expenditureTypesRDC')?.type).toBe('checkbox');
    expect(q('expenditureTypesRDC')?.options?.map((o) => o.value)).toEqual([
      'staff',
      'externally_provided_workers',
      'subcontracted_rd',
      'software',
      'consumables',
      'clinical_trials',
      'data_cloud',
    ]);
    expect(q('totalExpenditureRDC')?.min).toBe(0);
    expect(q('rdActivitiesRDC')?.options?.map((o) => o.value)).toEqual(ACTIVITIES);
  });
});
