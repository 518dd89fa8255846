// The default assessment template: Basic Information then Property Details, with the generic results.
import { describe, expect, it } from 'vitest';
import { evaluateAssessment, loadDefinition } from '@reclaim/engine';
import json from '../assessments/default_template/v1.json';
import genericJson from '../assessments/generic/v1.json';
import { asOf, expectEmbeddedTestsPass } from './helpers';

const definition = loadDefinition(json);
const generic = loadDefinition(genericJson);

describe('default_template v1', () => {
  it('every embedded test passes', () => expectEmbeddedTestsPass(definition, 1));

  it('step 0 "Basic Information" and step 1 "Property Details", with the spec ids and types', () => {
    expect(definition.questionnaire.questions.map((q) => [q.section, q.id, q.type])).toEqual([
      ['Basic Information', 'property_type', 'select'],
      ['Basic Information', 'purchase_date', 'date'],
      ['Basic Information', 'purchase_price', 'currency'],
      ['Property Details', 'property_age', 'select'],
      ['Property Details', 'property_use', 'select'],
    ]);
    for (const q of definition.questionnaire.questions.filter((x) => x.type === 'select')) {
      expect(q.options?.length, q.id).toBeGreaterThan(1);
    }
  });

  it('gives the generic fallback’s fixed results', async () => {
    const answers = {
      property_type: 'commercial',
      purchase_date: '2020-02-02',
      purchase_price: '£1,250,000',
      property_age: 'over_50_years',
      property_use: 'business',
    };
    const r = await evaluateAssessment({ definition, answers, asOf });
    const g = await evaluateAssessment({ definition: generic, answers: {}, asOf });
    expect(r.inputs).toEqual({
      propertyType: 'commercial',
      purchaseDate: '2020-02-02',
      purchaseValue: 1_250_000,
      propertyAge: 'over_50_years',
      propertyUse: 'business',
    });
    expect({ ...r.eligibility, serviceType: 'generic' }).toEqual(g.eligibility);
    expect({ ...r.complexity, serviceType: 'generic' }).toEqual(g.complexity);
    expect({ ...r.value, serviceType: 'generic' }).toEqual(g.value);
    expect(r.recommendation.summary).toBe(g.recommendation.summary);
  });
});
