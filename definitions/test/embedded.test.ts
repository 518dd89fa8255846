// The generic runner over every definition file on disk: each loads (schema + semantic checks) and
// passes the tests it carries; the calculators refuse to run without eligibility data, with the
// spec's texts (eligibility spec section 8).
import { describe, expect, it } from 'vitest';
import {
  COMPLEXITY_NEEDS_ELIGIBILITY,
  VALUE_NEEDS_ELIGIBILITY,
  estimateValue,
  evaluateComplexity,
  evaluateEligibility,
  loadDefinition,
} from '@reclaim/engine';
import { runDefinitionTests } from '@reclaim/engine/testing';
import { readDefinitionsFromDisk } from '@reclaim/definitions';

const disk = readDefinitionsFromDisk();
const parameterSets = Object.values(disk.parameterSets);
const files = disk.assessments.map(({ file, json }) => ({
  name: file.replace(/^.*assessments\//, ''),
  definition: loadDefinition(json, { parameterSets }),
}));

describe('every definition on disk', () => {
  it('includes the scored, fixed and template services', () => {
    expect(files.map((f) => f.name)).toEqual(
      expect.arrayContaining([
        'sdlt_refund/v1.json',
        'rd_tax_credits/v1.json',
        'business_rates_appeals/v1.json',
        'capital_allowances/v1.json',
        'patent_box/v1.json',
        'generic/v1.json',
        'default_template/v1.json',
      ]),
    );
  });

  describe.each(files)('$name', ({ name, definition }) => {
    it('has a file name matching its id and version', () => {
      expect(name).toBe(`${definition.id}/v${definition.version}.json`);
    });
    it('carries tests, and every one passes', async () => {
      const results = await runDefinitionTests(definition);
      expect(results.length).toBeGreaterThan(0);
      expect(results.filter((r) => !r.passed)).toEqual([]);
    });
    it('every rule and flag has a description', () => {
      const described = (x: { description?: string }) => typeof x.description === 'string' && x.description.trim().length > 0;
      if ('rules' in definition.eligibility) expect(definition.eligibility.rules.every(described)).toBe(true);
      if ('flags' in definition.complexity) expect(definition.complexity.flags.every(described)).toBe(true);
      expect(definition.approach.rules.every(described)).toBe(true);
      expect(definition.approach.rules.every((r) => r.approachRationale.trim().length > 0)).toBe(true);
    });
    it('"Unlikely always gives Not Recommended" is the first approach rule (D3)', () => {
      expect(definition.approach.rules[0]).toMatchObject({
        serviceApproach: 'Not Recommended',
        conditions: { all: [{ fact: 'likelihood', operator: 'equal', value: 'Unlikely' }] },
      });
    });
    it('the complexity calculator needs eligibility data', async () => {
      await expect(evaluateComplexity({ definition, answers: {}, asOf: '2026-11-21' })).rejects.toThrow(COMPLEXITY_NEEDS_ELIGIBILITY);
      await expect(evaluateComplexity({ definition, answers: {}, asOf: '2026-11-21', eligibility: null })).rejects.toThrow(
        'Eligibility data is required for complexity calculation',
      );
    });
    it('the value calculator needs eligibility data', async () => {
      await expect(estimateValue({ definition, answers: {}, asOf: '2026-11-21' })).rejects.toThrow(VALUE_NEEDS_ELIGIBILITY);
      await expect(estimateValue({ definition, answers: {}, asOf: '2026-11-21', eligibility: null })).rejects.toThrow(
        'Eligibility data is required for value estimation',
      );
    });
    it('with eligibility data both calculators run', async () => {
      const eligibility = await evaluateEligibility({ definition, answers: {}, asOf: '2026-11-21' });
      const complexity = await evaluateComplexity({ definition, answers: {}, asOf: '2026-11-21', eligibility });
      const value = await estimateValue({ definition, answers: {}, asOf: '2026-11-21', eligibility });
      expect(complexity.serviceType).toBe(definition.serviceType);
      expect(value.valueType).toBe(definition.value.valueType);
    });
  });
});
