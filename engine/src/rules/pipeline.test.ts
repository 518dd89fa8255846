// The pipeline declared once: its order, each stage's own failure text (each of the spec's four
// texts reachable), the stage calculators stopping at their stage, and the fact availability the
// load checks derive from it.
import { describe, expect, it } from 'vitest';
import { evaluateAssessment } from './evaluate-assessment';
import { PIPELINE, STAGE_FAILED_TEXT, type StageHandler } from './pipeline';
import { EvaluationError, isEvaluationError } from './evaluation-error';
import { estimateValue, evaluateComplexity, evaluateEligibility } from './stage-calculators';
import { loadDefinition } from '../definitions/load-definition';
import { DefinitionError } from '../definitions/definition-error';
import { miniDefinition, miniParameters } from './__fixtures__/mini-definition';
import type { AssessmentDefinition } from '../types';

const definition = loadDefinition(miniDefinition, { parameterSets: [miniParameters] });
const answers = { propertyType: 'Mixed-Use', purchaseDateQ: '2024-09-01', priceQ: 600000 };
const asOf = '2025-06-01';

function failingAt(name: StageHandler['name']): StageHandler[] {
  return PIPELINE.map((stage) =>
    stage.name === name
      ? {
          ...stage,
          run: () => {
            throw new RangeError(`${name} broke`);
          },
        }
      : stage,
  );
}

async function failureOf(pipeline: readonly StageHandler[]): Promise<EvaluationError> {
  const error: unknown = await evaluateAssessment({ definition, answers, asOf, pipeline }).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof EvaluationError))
    throw new Error(`expected an EvaluationError, got ${String(error)}`);
  return error;
}

describe('the declared pipeline', () => {
  it('runs the stages in the order of docs/definition-format.md', () => {
    expect(PIPELINE.map((s) => s.name)).toEqual([
      'facts',
      'eligibility',
      'complexity',
      'value',
      'potential',
      'approach',
      'recommendation',
      'resultFields',
    ]);
  });

  it('the spec’s four failure texts, verbatim', () => {
    expect(STAGE_FAILED_TEXT).toEqual({
      eligibility: 'Failed to calculate eligibility. Please try again.',
      complexity: 'Failed to calculate complexity. Please try again.',
      value: 'Failed to estimate potential value. Please try again.',
      recommendation: 'Failed to generate recommendation. Please try again.',
    });
  });

  it.each(PIPELINE.map((s) => [s.name, s.errorText] as const))(
    'an error inside "%s" is tagged with the stage and shows "%s"',
    async (name, text) => {
      const error = await failureOf(failingAt(name));
      expect(error.stage).toBe(name);
      expect(error.message).toBe(text);
      expect(error.code).toBe('EVALUATION_FAILED');
      expect(error.detail).toBe(`${name} broke`);
      expect(error.cause).toBeInstanceOf(RangeError);
      expect(isEvaluationError(error)).toBe(true);
    },
  );

  it('every one of the four texts is reachable from some stage', async () => {
    const texts = new Set<string>();
    for (const stage of PIPELINE) texts.add((await failureOf(failingAt(stage.name))).message);
    expect([...texts].sort()).toEqual(Object.values(STAGE_FAILED_TEXT).sort());
  });

  it('recognises an EvaluationError from another copy of the engine by its code and stage', () => {
    const foreign = Object.assign(new Error(STAGE_FAILED_TEXT.value), {
      code: 'EVALUATION_FAILED',
      stage: 'value',
    });
    expect(isEvaluationError(foreign)).toBe(true);
    expect(isEvaluationError(new Error('x'))).toBe(false);
  });

  it('a stage calculator stops at its stage and tags errors the same way', async () => {
    const eligibility = await evaluateEligibility({ definition, answers, asOf });
    expect(eligibility.likelihood).toBe('Likely');
    const value = await estimateValue({ definition, answers, asOf, eligibility });
    expect(value.estimates.median).toBeGreaterThan(0);
    const complexity = await evaluateComplexity({ definition, answers, asOf, eligibility });
    expect(complexity.serviceApproach).toBe('No-Win No-Fee');
  });

  it('load checks: a rule may read a fact only from a stage before its own', () => {
    const copy: AssessmentDefinition = structuredClone(miniDefinition);
    // a flag (complexity) reading a value fact: value runs after complexity
    if ('flags' in copy.complexity) {
      const flag = copy.complexity.flags[0];
      if (flag) flag.conditions = { all: [{ fact: 'valueMedian', operator: 'greaterThan', value: 0 }] };
    }
    // an approach rule may read the potential (it runs after it)
    const first = copy.approach.rules[0];
    if (first) first.conditions = { all: [{ fact: 'potentialHigh', operator: 'greaterThan', value: 0 }] };
    let issues: string[] = [];
    try {
      loadDefinition(copy, { parameterSets: [miniParameters] });
    } catch (e) {
      if (e instanceof DefinitionError) issues = e.issues.map((i) => `${i.path}: ${i.message}`);
    }
    expect(issues).toEqual(['/complexity/flags/0/conditions/all/0/fact: unknown fact "valueMedian"']);
  });

  it('every stage says which facts it adds; later stages see them', () => {
    const seen = PIPELINE.flatMap((s) => s.produces(definition));
    for (const fact of [
      'asOf',
      'likelihood',
      'complexityScore',
      'valueMedian',
      'potentialHigh',
      'serviceApproach',
    ])
      expect(seen).toContain(fact);
  });
});
