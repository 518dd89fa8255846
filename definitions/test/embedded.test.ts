// The generic runner over every definition file on disk: each loads (schema + semantic checks) and
// passes the tests it carries; the calculators refuse to run without eligibility data, with the
// spec's texts (eligibility spec section 8).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  COMPLEXITY_NEEDS_ELIGIBILITY,
  VALUE_NEEDS_ELIGIBILITY,
  estimateValue,
  evaluateComplexity,
  evaluateEligibility,
  evaluateAssessment,
  evaluateOutcome,
  evaluateCondition,
  loadDefinition,
  columnQuestion,
  validateAnswer,
  type Question,
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
    it('every test answers only questions it has, with answers its questionnaire accepts', () => {
      // the API refuses anything else ("Some answers are not valid"), so a case with such answers
      // would pass here and describe an assessment no visitor could make
      const questions = new Map(definition.questionnaire.questions.map((q) => [q.id, q]));
      const problems: string[] = [];
      for (const t of definition.tests ?? []) {
        if (!t.answers || definition.id === 'default_template') continue;
        for (const [id, value] of Object.entries(t.answers)) {
          const question = questions.get(id);
          if (!question) {
            problems.push(`${t.name}: ${id} is not a question`);
            continue;
          }
          if (value === null || value === undefined || value === '') continue;
          const problem = validateAnswer(question, value, { asOf: t.asOf });
          if (problem) problems.push(`${t.name}: ${id} = ${JSON.stringify(value)}: ${problem}`);
        }
      }
      expect(problems).toEqual([]);
    });
    it('every rule and flag has a description', () => {
      const described = (x: { description?: string }) =>
        typeof x.description === 'string' && x.description.trim().length > 0;
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
      await expect(evaluateComplexity({ definition, answers: {}, asOf: '2026-11-21' })).rejects.toThrow(
        COMPLEXITY_NEEDS_ELIGIBILITY,
      );
      await expect(
        evaluateComplexity({ definition, answers: {}, asOf: '2026-11-21', eligibility: null }),
      ).rejects.toThrow('Eligibility data is required for complexity calculation');
    });
    it('the value calculator needs eligibility data', async () => {
      await expect(estimateValue({ definition, answers: {}, asOf: '2026-11-21' })).rejects.toThrow(
        VALUE_NEEDS_ELIGIBILITY,
      );
      await expect(
        estimateValue({ definition, answers: {}, asOf: '2026-11-21', eligibility: null }),
      ).rejects.toThrow('Eligibility data is required for value estimation');
    });
    it('with eligibility data both calculators run', async () => {
      const eligibility = await evaluateEligibility({ definition, answers: {}, asOf: '2026-11-21' });
      const complexity = await evaluateComplexity({
        definition,
        answers: {},
        asOf: '2026-11-21',
        eligibility,
      });
      const value = await estimateValue({ definition, answers: {}, asOf: '2026-11-21', eligibility });
      expect(complexity.serviceType).toBe(definition.serviceType);
      expect(value.valueType).toBe(definition.value.valueType);
    });
  });
});

// Any answers at all (each question answered or not, from its own domain) keep the results coherent.
function answerArbitrary(q: Question): fc.Arbitrary<unknown> {
  const options = (q.options ?? []).map((o) => o.value);
  switch (q.type) {
    case 'radio':
    case 'select':
      return options.length > 0 ? fc.constantFrom(...options) : fc.string();
    case 'checkbox':
      return fc.subarray(options);
    case 'number':
    case 'currency':
      return fc.oneof(
        fc.integer({ min: 0, max: 3_000_000 }),
        fc.constantFrom(0, 20_000, 50_000, 100_000, 500_000, 1_000_000),
      );
    case 'date':
      return fc
        .date({
          min: new Date('2015-01-01T00:00:00Z'),
          max: new Date('2027-12-31T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString().slice(0, 10));
    case 'text':
      return fc.string({ maxLength: 20 });
    case 'table':
      // a few rows, each cell from its column's own domain (or left out)
      return fc.array(
        fc.record(
          Object.fromEntries(
            (q.columns ?? []).map((c) => [c.id, answerArbitrary(columnQuestion(c))] as const),
          ),
          { requiredKeys: [] },
        ),
        { maxLength: 6 },
      );
    default: {
      const unknown: never = q.type;
      throw new Error(`unknown question type ${String(unknown)}`);
    }
  }
}

describe.each(files)('$name: results stay coherent for any answers', ({ definition }) => {
  const answers = fc.record(
    Object.fromEntries(
      definition.questionnaire.questions.map((q) => [
        q.id,
        fc.option(answerArbitrary(q), { nil: undefined }),
      ]),
    ),
    { requiredKeys: [] },
  );
  it("the outcome an impact run compares (made without texts) is the whole evaluation's", async () => {
    await fc.assert(
      fc.asyncProperty(answers, async (a) => {
        const whole = await evaluateAssessment({ definition, answers: a, asOf: '2026-11-21' });
        expect(await evaluateOutcome({ definition, answers: a, asOf: '2026-11-21' })).toEqual({
          likelihood: whole.eligibility.likelihood,
          serviceApproach: whole.complexity.serviceApproach,
          valueMedian: whole.value.estimates.median,
        });
      }),
      { numRuns: 60 },
    );
  });

  it('score, likelihood, confidence, complexity, value and approach agree with the definition', async () => {
    await fc.assert(
      fc.asyncProperty(answers, async (a) => {
        const r = await evaluateAssessment({ definition, answers: a, asOf: '2026-11-21' });
        const { eligibility: e, complexity: c, value: v } = r;
        expect(e.score).toBeGreaterThanOrEqual(0);
        expect(e.score).toBeLessThanOrEqual(100);
        expect(e.confidenceLevel).toBeGreaterThanOrEqual(0);
        expect(e.confidenceLevel).toBeLessThanOrEqual(100);
        if ('bands' in definition.eligibility) {
          expect(e.score).toBe(Math.round((e.rawScore / e.maxPossibleScore) * 100));
          const band = definition.eligibility.bands.find((b) => e.score >= b.min);
          // an override (knock-out or decisive fact) decides the likelihood whatever the points
          const override = definition.eligibility.overrides?.find((o) => o.id === e.override?.id);
          expect(e.likelihood).toBe(
            override ? override.likelihood : band ? band.likelihood : definition.eligibility.otherwise,
          );
        }
        expect(c.complexityScore).toBeGreaterThanOrEqual(0);
        expect(c.complexityScore).toBeLessThanOrEqual(100);
        if ('levels' in definition.complexity) {
          const level = definition.complexity.levels.find((l) => c.complexityScore >= l.min);
          expect(c.complexityLevel).toBe(level ? level.level : definition.complexity.otherwise);
        }
        expect(v.estimates.low).toBeLessThanOrEqual(v.estimates.median);
        expect(v.estimates.median).toBeLessThanOrEqual(v.estimates.high);
        if (e.likelihood === 'Unlikely') expect(c.serviceApproach).toBe('Not Recommended');
        const docs = r.recommendation.documentRequirements.map((d) => d.id);
        const { when } = definition.recommendation.documentRequirements;
        // nothing to gather when the definition's `when` does not hold (no benefit: issue 28)
        expect(docs).toEqual(
          when && !evaluateCondition(when, r.facts)
            ? []
            : expect.arrayContaining(definition.recommendation.documentRequirements.base.map((d) => d.id)),
        );
        expect(r.recommendation.actionPlan.length).toBeGreaterThan(0);
        expect(r.recommendation.nextSteps).toEqual(c.nextSteps);
      }),
      { numRuns: 60 },
    );
  });
});
