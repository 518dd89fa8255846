import { describe, expect, it } from 'vitest';
import { evaluateAssessment } from './evaluate-assessment';
import {
  estimateValue,
  evaluateComplexity,
  evaluateEligibility,
  evaluateOutcome,
  generateRecommendation,
} from './stage-calculators';
import { loadDefinition } from '../definitions/load-definition';
import { runDefinitionTests } from '../testing';
import { miniDefinition, miniParameters } from './__fixtures__/mini-definition';
import type { AssessmentDefinition } from '../types';

const load = (json: unknown = miniDefinition) => loadDefinition(json, { parameterSets: [miniParameters] });
const definition = load();
const likelyAnswers = { propertyType: 'Mixed-Use', purchaseDateQ: '2024-09-01', priceQ: 600000 };
const asOf = '2025-06-01';

describe('evaluateAssessment: the whole pipeline on a small definition', () => {
  it('gives the spec’s result fields for a Likely mixed-use purchase', async () => {
    const r = await evaluateAssessment({ definition, answers: likelyAnswers, asOf });
    expect(r.eligibility).toEqual({
      serviceType: 'mini_refund',
      likelihood: 'Likely',
      confidenceLevel: 60,
      score: 90,
      reasons: ['Recent purchase', 'Mixed-use property', 'High value'],
      rawScore: 90,
      maxPossibleScore: 100,
    });
    expect(r.complexity).toEqual({
      serviceType: 'mini_refund',
      complexityScore: 40,
      complexityLevel: 'Medium',
      flags: [{ id: 'mixedUse', description: 'Mixed use', weight: 4 }],
      serviceApproach: 'No-Win No-Fee',
      approachRationale: 'Good case',
      nextSteps: ['Upload documents'],
      potentialRefund: { low: 5400, medium: 10800, high: 16200 },
    });
    expect(r.value).toEqual({
      serviceType: 'mini_refund',
      estimates: { low: 16800, median: 24000, high: 31200 },
      confidenceLevel: 'Medium',
      factors: [{ label: 'Refund rate', value: 0.04, unit: 'ratio' }],
      valueType: 'refund',
    });
    expect(r.recommendation.summary).toBe('Likely refund of about £24,000 (score 90).');
    expect(r.recommendation.text).toBe(
      'Summary\n\nRate 4%, notes: Big purchase.\n\nBig\n\nOver the threshold of £500,000.',
    );
    expect(r.recommendation.actionPlan[0]?.description).toBe('We start for £600,000');
    expect(r.recommendation.documentRequirements.map((d) => d.id)).toEqual(['deed']);
    expect(r.recommendation.timestamp).toBe('2025-06-01T00:00:00.000Z');
    expect(r.resultFields).toEqual({
      mini_eligible: true,
      mini_complexity_out_of_10: 4,
      mini_refund: 24000,
      mini_notes: ['Big purchase'],
      mini_relief: 18000,
    });
    expect(r.inputs).toMatchObject({
      cutoff12: '2024-06-01',
      monthsAgo: 9,
      taxYear: '2024-25',
      ownerBand: 'one',
    });
    expect(r.facts).toMatchObject({
      reliefRate: 0.03,
      heavyFlags: 1,
      flagCount: 1,
      serviceApproach: 'No-Win No-Fee',
    });
  });

  it('traces every rule with the facts it read, and each parameter with its source', async () => {
    const r = await evaluateAssessment({ definition, answers: likelyAnswers, asOf });
    const rule = (id: string) => r.trace.rules.find((t) => t.id === id);
    expect(rule('date-12')).toEqual({
      stage: 'eligibility',
      id: 'date-12',
      description: 'Bought within 12 months',
      text: 'Recent purchase',
      matched: true,
      facts: { purchaseDate: '2024-09-01', cutoff12: '2024-06-01' },
      points: 40,
      counted: true,
    });
    expect(rule('date-36')).toMatchObject({ matched: true, counted: false, points: 20 });
    expect(rule('extra-annexe')).toMatchObject({ matched: false, facts: { hasAnnexe: null } });
    expect(rule('mixedUse')).toMatchObject({ stage: 'complexity', matched: true, weight: 4, counted: true });
    expect(rule('rate-mixed')).toMatchObject({
      stage: 'selection',
      matched: true,
      value: 0.04,
      counted: true,
    });
    expect(rule('note-big')).toMatchObject({
      stage: 'list',
      matched: true,
      facts: { purchaseValue: 600000, bigThreshold: 500000 },
    });
    expect(rule('ownerBand#1')).toMatchObject({ stage: 'inputs', matched: false });
    // approach: first match wins, rules after the winner are not evaluated
    const approach = r.trace.rules.filter((t) => t.stage === 'approach');
    expect(approach.map((t) => [t.id, t.matched, t.counted])).toEqual([
      ['unlikely', false, false],
      ['high-small', false, false],
      ['high-heavy', false, false],
      ['likely', true, true],
    ]);
    expect(r.trace.parameters.map((p) => [p.name, p.value, p.sourceTitle])).toEqual([
      ['reliefRate', 0.03, 'Second source'],
      ['bigThreshold', 500000, 'Test source'],
    ]);
    expect(r.trace.calculations.find((c) => c.id === 'relief')).toEqual({
      id: 'relief',
      description: 'Relief at the dated rate',
      value: 18000,
      unit: 'GBP',
      text: 'Relief at the dated rate',
      stage: 'facts',
    });
    expect(r.trace.definition).toEqual({ id: 'mini_refund', version: 1 });
  });

  it('drops answers of hidden questions before anything reads them', async () => {
    const r = await evaluateAssessment({ definition, answers: { ...likelyAnswers, hasAnnexeQ: true }, asOf });
    expect(r.answers).not.toHaveProperty('hasAnnexeQ');
    expect(r.inputs).not.toHaveProperty('hasAnnexe');
    expect(r.eligibility.score).toBe(90);
  });

  it('"within 12 months" boundary: asOf − 12 months scores 40, one day earlier 20', async () => {
    const at = await evaluateAssessment({
      definition,
      answers: { ...likelyAnswers, purchaseDateQ: '2024-06-01' },
      asOf,
    });
    const before = await evaluateAssessment({
      definition,
      answers: { ...likelyAnswers, purchaseDateQ: '2024-05-31' },
      asOf,
    });
    expect(at.eligibility.rawScore).toBe(90);
    expect(before.eligibility.rawScore).toBe(70);
  });

  it('tiers give the highest tier that holds; sums are capped at the factor maximum', async () => {
    const r = await evaluateAssessment({
      definition,
      answers: {
        propertyType: 'Residential',
        purchaseDateQ: '2025-01-01',
        priceQ: 2_000_000,
        hasAnnexeQ: true,
        ownersQ: 6,
      },
      asOf,
    });
    expect(r.complexity.flags).toEqual([
      { id: 'owners', description: 'Several owners', weight: 4 },
      { id: 'highValue', description: 'Value over 1m', weight: 2 },
    ]);
    expect(r.complexity.complexityScore).toBe(60);
    // extras: annexe 20 + value 20 = 40, capped at 30; date 40; residential 10
    expect(r.eligibility.rawScore).toBe(80);
    expect(r.eligibility.confidenceLevel).toBe(80);
    expect(r.inputs.ownerBand).toBe('many');
    expect(r.value.estimates.median).toBe(40000); // annexe rate 2% × 2m × Likely 1
  });

  it('Unlikely gives Not Recommended first; an empty questionnaire still evaluates', async () => {
    const r = await evaluateAssessment({ definition, answers: {}, asOf });
    expect(r.eligibility).toMatchObject({
      likelihood: 'Unlikely',
      score: 0,
      confidenceLevel: 0,
      reasons: [],
    });
    expect(r.complexity.serviceApproach).toBe('Not Recommended');
    expect(r.value.estimates).toEqual({ low: 0, median: 0, high: 0 });
    expect(r.trace.missing).toContain('purchaseValue');
  });

  it('takes calculator inputs directly and still derives the other inputs from them', async () => {
    const r = await evaluateAssessment({
      definition,
      inputs: { propertyKind: 'mixed-use', purchaseDate: '2024-09-01', purchaseValue: 600000 },
      asOf,
    });
    expect(r.answers).toEqual({});
    expect(r.inputs).toMatchObject({ cutoff12: '2024-06-01', monthsAgo: 9 });
    expect(r.eligibility.score).toBe(90);
    expect(r.value.estimates.median).toBe(24000);
  });

  it('is deterministic: same version, answers and asOf give the same result', async () => {
    const a = await evaluateAssessment({ definition, answers: likelyAnswers, asOf });
    const b = await evaluateAssessment({ definition, answers: likelyAnswers, asOf });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    const fresh = await evaluateAssessment({
      definition: load(),
      answers: likelyAnswers,
      asOf,
      buildEnginesPerCall: true,
    });
    expect(JSON.stringify(fresh)).toBe(JSON.stringify(a));
  });

  it('gives correct results when many evaluations of one definition run at once', async () => {
    const answers = [likelyAnswers, {}, { ...likelyAnswers, propertyType: 'Residential', hasAnnexeQ: true }];
    const sequential: string[] = [];
    for (const a of answers)
      sequential.push(
        (await evaluateAssessment({ definition, answers: a, asOf })).complexity.serviceApproach,
      );
    const parallel = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        evaluateAssessment({ definition, answers: answers[i % 3] ?? {}, asOf }),
      ),
    );
    expect(parallel.map((r) => r.complexity.serviceApproach)).toEqual(
      Array.from({ length: 30 }, (_, i) => sequential[i % 3]),
    );
  });

  it('a threshold changed in the JSON changes the result with no code change', async () => {
    const copy = JSON.parse(JSON.stringify(miniDefinition)) as AssessmentDefinition;
    if ('bands' in copy.eligibility) copy.eligibility.bands[0] = { likelihood: 'Likely', min: 95 };
    const modified = load(copy);
    const before = await evaluateAssessment({ definition, answers: likelyAnswers, asOf });
    const after = await evaluateAssessment({ definition: modified, answers: likelyAnswers, asOf });
    expect(before.eligibility.likelihood).toBe('Likely');
    expect(after.eligibility.likelihood).toBe('Possible');
    expect(after.value.estimates.median).toBe(16800);
    expect(after.complexity.serviceApproach).toBe('Consultancy Fee');
  });

  it('carries the service type asked for when a code falls back to another definition', async () => {
    const r = await evaluateAssessment({
      definition,
      answers: likelyAnswers,
      asOf,
      serviceType: 'eis_relief',
    });
    expect([r.eligibility.serviceType, r.complexity.serviceType, r.value.serviceType]).toEqual([
      'eis_relief',
      'eis_relief',
      'eis_relief',
    ]);
    expect(r.definition.id).toBe('mini_refund');
  });

  it('loads and checks a definition given as plain JSON', async () => {
    const plain = JSON.parse(
      JSON.stringify({
        ...miniDefinition,
        parameters: [],
        calculations: [],
        lists: [],
        recommendation: { ...miniDefinition.recommendation, text: [] },
        resultFields: { mini_refund: { from: 'value.estimates.median' } },
      }),
    ) as AssessmentDefinition;
    const r = await evaluateAssessment({ definition: plain, answers: likelyAnswers, asOf });
    expect(r.eligibility.score).toBe(90);
    await expect(evaluateAssessment({ definition: miniDefinition, answers: {}, asOf })).rejects.toThrow(
      '/parameters/0/set: parameter set "mini" is not loaded',
    );
  });

  it('rejects a bad asOf', async () => {
    await expect(evaluateAssessment({ definition, answers: {}, asOf: '2025-02-30' })).rejects.toThrow(
      'asOf must be a date',
    );
  });
});

describe('stage functions', () => {
  it('complexity and value need eligibility data first (the spec’s texts)', async () => {
    await expect(evaluateComplexity({ definition, answers: likelyAnswers, asOf })).rejects.toThrow(
      'Eligibility data is required for complexity calculation',
    );
    await expect(
      estimateValue({ definition, answers: likelyAnswers, asOf, eligibility: null }),
    ).rejects.toThrow('Eligibility data is required for value estimation');
  });

  it('chain to the same figures as evaluateAssessment', async () => {
    const full = await evaluateAssessment({ definition, answers: likelyAnswers, asOf });
    const eligibility = await evaluateEligibility({ definition, answers: likelyAnswers, asOf });
    expect(eligibility).toEqual(full.eligibility);
    expect(await evaluateComplexity({ definition, answers: likelyAnswers, asOf, eligibility })).toEqual(
      full.complexity,
    );
    expect(await estimateValue({ definition, answers: likelyAnswers, asOf, eligibility })).toEqual(
      full.value,
    );
    expect(await generateRecommendation({ definition, answers: likelyAnswers, asOf, eligibility })).toEqual(
      full.recommendation,
    );
  });
});

describe('runDefinitionTests', () => {
  it('reports passes and failures with the path, expected and actual values', async () => {
    const results = await runDefinitionTests(definition);
    expect(results[0]).toEqual({ name: 'Recent mixed-use purchase is Likely', passed: true, failures: [] });
    expect(results[1]).toEqual({
      name: 'Deliberately wrong expectation',
      passed: false,
      failures: [{ path: 'eligibility.score', expected: 99, actual: 10 }],
    });
  });
});

describe('evaluateOutcome: what an impact replay compares', () => {
  it('gives the likelihood, approach and median value of the whole evaluation', async () => {
    const answerSets = [
      likelyAnswers,
      { propertyType: 'Residential', purchaseDateQ: '2019-01-01', priceQ: 200000 },
      { propertyType: 'Mixed-Use' },
      {},
    ];
    for (const answers of answerSets) {
      const whole = await evaluateAssessment({ definition, answers, asOf });
      expect(await evaluateOutcome({ definition, answers, asOf })).toEqual({
        likelihood: whole.eligibility.likelihood,
        serviceApproach: whole.complexity.serviceApproach,
        valueMedian: whole.value.estimates.median,
      });
    }
    const likely = await evaluateOutcome({ definition, answers: likelyAnswers, asOf });
    expect(likely).toEqual({ likelihood: 'Likely', serviceApproach: 'No-Win No-Fee', valueMedian: 24000 });
  });
});
