// An adviser changes a number, threshold, text or condition in a definition's JSON and sees the
// effect with no code change: each case loads an edited copy of the published SDLT definition and
// compares it with the original on the same inputs.
import { describe, expect, it } from 'vitest';
import { evaluateAssessment, type AssessmentDefinition } from '@reclaim/engine';
import json from '../assessments/sdlt_refund/v1.json';
import { asOf, definitionUnderTest } from './helpers';

const { definition: original, copyOf: edited } = definitionUnderTest(json);

function scored(d: AssessmentDefinition) {
  if (!('rules' in d.eligibility)) throw new Error('scored eligibility expected');
  return d.eligibility;
}

// score 85: within 12 months 30, mixed-use 25, over £500,000 15, part business use 15
const likely = {
  purchaseDate: '2026-05-21',
  propertyType: 'mixed-use',
  purchaseValue: 600000,
  partialBusinessUse: true,
};
// score 80, High complexity (75) with 4 flags, potential £6,000
const complex = {
  purchaseDate: '2026-01-15',
  propertyType: 'mixed-use',
  purchaseValue: 300000,
  hasAnnexe: true,
  linkedTransactions: true,
  multipleOwners: true,
};

describe('editing sdlt_refund v1 JSON changes the result', () => {
  it('the Likely band threshold (75 → 90)', async () => {
    const before = await evaluateAssessment({ definition: original, inputs: likely, asOf });
    const copy = edited((d) => {
      const band = scored(d).bands.find((b) => b.likelihood === 'Likely');
      if (!band) throw new Error('no Likely band');
      band.min = 90;
    });
    const after = await evaluateAssessment({ definition: copy, inputs: likely, asOf });
    expect(before.eligibility).toMatchObject({ score: 85, likelihood: 'Likely' });
    expect(after.eligibility).toMatchObject({ score: 85, likelihood: 'Possible' });
    expect(after.value.estimates.median).toBe(16800); // 600,000 × 4% × Possible 0.7
  });

  it('a factor threshold (value over £500,000 → over £700,000)', async () => {
    const copy = edited((d) => {
      const rule = scored(d).rules.find((r) => r.id === 'value_over_500000');
      const condition = rule?.conditions && 'all' in rule.conditions ? rule.conditions.all[0] : undefined;
      if (!condition || !('fact' in condition)) throw new Error('value_over_500000 condition not found');
      condition.value = 700000;
    });
    const before = await evaluateAssessment({ definition: original, inputs: likely, asOf });
    const after = await evaluateAssessment({ definition: copy, inputs: likely, asOf });
    expect(before.eligibility.rawScore).toBe(85);
    expect(after.eligibility.rawScore).toBe(80); // 600,000 now only "over £250,000": 10
  });

  it('a flag weight (near deadline 5 → 0) and the complexity level', async () => {
    const copy = edited((d) => {
      if (!('flags' in d.complexity)) throw new Error('flags expected');
      const flag = d.complexity.flags.find((f) => f.id === 'near_deadline');
      if (!flag) throw new Error('no near_deadline flag');
      flag.weight = 0;
    });
    const before = await evaluateAssessment({ definition: original, inputs: complex, asOf });
    const after = await evaluateAssessment({ definition: copy, inputs: complex, asOf });
    expect(before.complexity).toMatchObject({ complexityScore: 75, complexityLevel: 'High' });
    expect(after.complexity).toMatchObject({ complexityScore: 67, complexityLevel: 'Medium' }); // 10 / 15
  });

  it('an approach threshold (potential below £10,000 → below £5,000)', async () => {
    const copy = edited((d) => {
      const rule = d.approach.rules.find((r) => r.id === 'high_complexity_low_potential');
      const conditions = rule?.conditions && 'all' in rule.conditions ? rule.conditions.all : [];
      const potential = conditions.find((c) => 'fact' in c && c.fact === 'potentialMedium');
      if (!potential || !('fact' in potential)) throw new Error('potential condition not found');
      potential.value = 5000;
    });
    const before = await evaluateAssessment({ definition: original, inputs: complex, asOf });
    const after = await evaluateAssessment({ definition: copy, inputs: complex, asOf });
    expect(before.complexity.serviceApproach).toBe('Consultancy Fee');
    expect(after.complexity.serviceApproach).toBe('Specialist Referral'); // £6,000 falls to the 4-flag rule
  });

  it('a rate (mixed-use 4% → 5%) and a text', async () => {
    const copy = edited((d) => {
      const rate = d.value.selections?.[0]?.rules.find((r) => r.id === 'rate_mixed_use');
      if (!rate) throw new Error('no rate_mixed_use');
      rate.value = 0.05;
      d.recommendation.summary.Likely = 'Likely: about {{valueMedian|currency}}.';
    });
    const after = await evaluateAssessment({ definition: copy, inputs: likely, asOf });
    expect(after.value.estimates).toEqual({ low: 21000, median: 30000, high: 39000 });
    expect(after.resultFields.sdlt_recommendation).toBe('Likely: about £30,000.');
  });
});
