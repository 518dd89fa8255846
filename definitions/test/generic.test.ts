// The generic fallback: fixed results (Possible, confidence 40, score 50; 50 Medium, Consultancy Fee,
// benefit 5,000 / 10,000 / 15,000) for every service code without its own definition.
import { describe, expect, it } from 'vitest';
import { createRegistry, evaluateAssessment, loadDefinition } from '@reclaim/engine';
import { readDefinitionsFromDisk } from '@reclaim/definitions';
import json from '../assessments/generic/v1.json';
import { asOf, definitionUnderTest, describeEmbeddedTests } from './helpers';

const { definition, byAnswers, copyOf } = definitionUnderTest(json);

function registryFromDisk() {
  const disk = readDefinitionsFromDisk();
  const parameterSets = Object.values(disk.parameterSets);
  return createRegistry(disk.assessments.map(({ json: def }) => loadDefinition(def, { parameterSets })));
}

describeEmbeddedTests('generic v1', definition, 2);

describe('fixed result', () => {
  it.each([
    [{}],
    [
      {
        clientTypeGEN: 'individual',
        taxYearsGEN: '2024-25',
        previousClaimGEN: true,
        situationGEN: 'Overpaid VAT',
      },
    ],
  ])('answers %j give the same fixed result', async (answers) => {
    const r = await byAnswers(answers);
    expect(r.eligibility).toEqual({
      serviceType: 'generic',
      likelihood: 'Possible',
      confidenceLevel: 40,
      score: 50,
      reasons: [
        'This service has no automated eligibility check: an adviser needs to review your circumstances',
      ],
      rawScore: 50,
      maxPossibleScore: 100,
    });
    expect(r.complexity).toMatchObject({
      complexityScore: 50,
      complexityLevel: 'Medium',
      flags: [],
      serviceApproach: 'Consultancy Fee',
      potentialBenefit: { low: 5_000, medium: 10_000, high: 15_000 },
    });
    expect(r.value).toMatchObject({
      estimates: { low: 5_000, median: 10_000, high: 15_000 },
      valueType: 'benefit',
      confidenceLevel: 'Low',
    });
    expect(r.recommendation.summary).toBe(
      'You may have a claim, but an adviser needs to review your circumstances. A typical claim is worth about £10,000, between £5,000 and £15,000. Recommended approach: Consultancy Fee.',
    );
    expect(r.recommendation.actionPlan.map((s) => s.estimatedTime)).toEqual([
      '15-30 minutes',
      '30-45 minutes',
      'Within 2 business days',
      '10 minutes',
    ]);
  });

  it('"Unlikely always gives Not Recommended" comes first (a copy whose fixed likelihood is Unlikely)', async () => {
    const unlikely = copyOf((d) => {
      if (!('fixed' in d.eligibility)) throw new Error('fixed eligibility expected');
      d.eligibility.fixed.likelihood = 'Unlikely';
    });
    const r = await evaluateAssessment({ definition: unlikely, answers: {}, asOf });
    expect(r.complexity.serviceApproach).toBe('Not Recommended');
    expect(r.recommendation.actionPlan.map((s) => s.estimatedTime)).toEqual(['15 minutes', '20-30 minutes']);
  });
});

describe('fallback for service codes without a definition', () => {
  const registry = registryFromDisk();

  it.each(['vat_reclaim', 'loss_relief', 'employee_share_schemes', 'no_such_service'])(
    '%s resolves to generic',
    async (code) => {
      expect(registry.has(code)).toBe(false);
      const def = registry.resolve(code);
      expect(def.id).toBe('generic');
      const r = await evaluateAssessment({ definition: def, answers: {}, asOf });
      expect(r.eligibility).toMatchObject({ likelihood: 'Possible', confidenceLevel: 40, score: 50 });
      expect(r.complexity).toMatchObject({
        complexityScore: 50,
        complexityLevel: 'Medium',
        serviceApproach: 'Consultancy Fee',
      });
    },
  );

  it.each([
    'sdlt_refund',
    'rd_tax_credits',
    'business_rates_appeals',
    'capital_allowances',
    'patent_box',
    'default_template',
    'generic',
    'inheritance_tax',
  ])('%s resolves to its own newest published version in force today', (code) => {
    const today = new Date().toISOString().slice(0, 10);
    const newest = Math.max(
      ...readDefinitionsFromDisk()
        .assessments.map(
          ({ json: def }) => def as { id: string; version: number; status: string; effectiveFrom: string },
        )
        .filter((def) => def.id === code && def.status === 'published' && def.effectiveFrom <= today)
        .map((def) => def.version),
    );
    const def = registry.resolve(code);
    expect(def).toMatchObject({ id: code, serviceType: code, version: newest, status: 'published' });
  });

  it.each([
    ['inheritance_tax', 'inheritance_tax'],
    ['eis', 'eis_relief'],
    ['seis', 'eis_relief'],
    ['eis_relief', 'eis_relief'],
  ])('%s has its own definition (%s), not the generic form', (code, id) => {
    expect(registry.has(code)).toBe(true);
    expect(registry.resolve(code).id).toBe(id);
  });
});
