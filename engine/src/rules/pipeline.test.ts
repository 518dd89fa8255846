// The pipeline declared once: its order, each stage's own failure text (each of the spec's four
// texts reachable), the stage calculators stopping at their stage, and the fact availability the
// load checks derive from it.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { evaluateAssessment } from './evaluate-assessment';
import { PIPELINE, STAGE_FAILED_TEXT, UndeclaredFactError, runPipeline, type StageHandler } from './pipeline';
import { createState } from './create-state';
import { factsAvailableAt, factsProducedBy, STAGE_DECLARATIONS } from './stage-facts';
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

/** A deep-frozen copy: a stage that wrote into what it was given would throw (modules are strict). */
function frozenCopy<T>(value: T): T {
  const copy = structuredClone(value);
  const freeze = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || Object.isFrozen(node)) return;
    Object.freeze(node);
    for (const child of Object.values(node)) freeze(child);
  };
  freeze(copy);
  return copy;
}

function refuse(): boolean {
  throw new TypeError('a stage wrote into the facts it was given');
}

/** The stage run on a view it cannot write into: the runner's facts read live (a stage reads what it gave a moment ago), never written; results and trace frozen copies. */
function guard(stage: StageHandler): StageHandler {
  return {
    ...stage,
    run: (view, out) =>
      stage.run(
        {
          ...view,
          facts: new Proxy(view.facts, { set: refuse, defineProperty: refuse, deleteProperty: refuse }),
          results: frozenCopy({ ...view.results }),
          trace: frozenCopy({ ...view.trace }),
          missing: new Set(view.missing),
        },
        out,
      ),
  };
}

describe('the stage contract', () => {
  it('a stage giving a fact it does not declare fails as that stage; the fact and its result are not kept', async () => {
    const pipeline = PIPELINE.map((stage): StageHandler =>
      stage.name === 'potential'
        ? {
            ...stage,
            run: async (view, out) => {
              const made = await stage.run(view, out);
              out.give('sneaky', 1);
              return made;
            },
          }
        : stage,
    );
    const error = await failureOf(pipeline);
    expect(error.stage).toBe('potential');
    expect(error.message).toBe(STAGE_FAILED_TEXT.complexity);
    expect(error.cause).toBeInstanceOf(UndeclaredFactError);
    expect(error.detail).toBe(
      'stage "potential" gave the fact "sneaky", which it does not declare in produces',
    );
    const state = createState({ definition, answers, asOf });
    await expect(runPipeline(state, { pipeline })).rejects.toThrow(EvaluationError);
    expect(state.facts).toHaveProperty('potentialMedium');
    expect(state.facts).not.toHaveProperty('sneaky');
    expect(state.results.potential).toBeUndefined();
    expect(state.results.approach).toBeUndefined();
  });

  it('every stage gives only the facts it declares', async () => {
    const state = await runPipeline(createState({ definition, answers, asOf }));
    const declared = new Set(STAGE_DECLARATIONS.flatMap((s) => s.produces(definition)));
    for (const fact of Object.keys(state.facts)) expect(declared).toContain(fact);
  });

  it('no stage writes into what it is given: stages reading the facts through a write-refusing view, with deep-frozen results and trace, give the same evaluation', async () => {
    const expected = await evaluateAssessment({ definition, answers, asOf });
    const guarded = PIPELINE.map(guard);
    expect(await evaluateAssessment({ definition, answers, asOf, pipeline: guarded })).toEqual(expected);
    // the guard bites: a stage writing into the facts it is given fails
    const writing = PIPELINE.map((stage): StageHandler =>
      guard(
        stage.name === 'approach'
          ? {
              ...stage,
              run: (view, out) => {
                (view.facts as Record<string, unknown>).serviceApproach = 'x';
                return stage.run(view, out);
              },
            }
          : stage,
      ),
    );
    const error = await failureOf(writing);
    expect(error.stage).toBe('approach');
    expect(error.detail).toBe('a stage wrote into the facts it was given');
  });

  it('the facts a stage may read are those the stages before it declare', () => {
    expect(factsAvailableAt(definition, 'facts')).toEqual([]);
    const atApproach = factsAvailableAt(definition, 'approach');
    expect(atApproach).toEqual(
      expect.arrayContaining(['asOf', 'likelihood', 'valueMedian', 'potentialMedium', 'flagCount']),
    );
    expect(atApproach).not.toContain('serviceApproach');
    expect(factsAvailableAt(definition, 'recommendation')).toEqual([
      ...atApproach,
      ...factsProducedBy(definition, 'approach'),
    ]);
    expect(factsAvailableAt(definition, 'value')).not.toContain('valueMedian');
  });
});

describe('stage modules', () => {
  const STAGE_FILES = [
    'prepare-facts',
    'evaluate-eligibility',
    'evaluate-complexity',
    'estimate-value',
    'evaluate-potential',
    'select-approach',
    'generate-recommendation',
    'assemble-evaluation',
  ];

  it('no stage’s module imports another stage’s (shared helpers live in modules of their own)', () => {
    const dir = fileURLToPath(new URL('./stages/', import.meta.url));
    expect(readdirSync(dir).filter((f) => STAGE_FILES.includes(f.replace(/\.ts$/, '')))).toHaveLength(8);
    for (const file of STAGE_FILES) {
      const source = readFileSync(`${dir}${file}.ts`, 'utf8');
      const imported = [...source.matchAll(/from '\.\/([\w-]+)'/g)].map((m) => m[1]);
      expect({ file, imports: imported.filter((m) => m && STAGE_FILES.includes(m)) }).toEqual({
        file,
        imports: [],
      });
    }
  });
});
