// The pipeline's stages as declarations: each stage's name, the spec text shown when it fails and
// the facts it produces. No stage code is imported here, so the studio, the load-time checks and
// the runner all read this one list (rules/pipeline.ts adds each stage's function to it).
import type { AssessmentDefinition } from '../types';
import type { StageName } from './stage-name';

/** The spec's texts for a failed calculation (eligibility spec section 8), verbatim. */
export const STAGE_FAILED_TEXT = {
  eligibility: 'Failed to calculate eligibility. Please try again.',
  complexity: 'Failed to calculate complexity. Please try again.',
  value: 'Failed to estimate potential value. Please try again.',
  recommendation: 'Failed to generate recommendation. Please try again.',
} as const;

/** What a definition must have for the declarations to be read (a draft in the studio has these). */
export type DeclaredDefinition = Pick<
  AssessmentDefinition,
  'inputs' | 'parameters' | 'calculations' | 'lists' | 'complexity' | 'value'
>;

export interface StageDeclaration {
  name: StageName;
  /**
   * The text a user reads when this stage fails: the spec's text of the calculator the stage
   * belongs to (the facts feed eligibility; potential and approach are part of the complexity
   * result; the result fields are part of the recommendation).
   */
  errorText: (typeof STAGE_FAILED_TEXT)[keyof typeof STAGE_FAILED_TEXT];
  /**
   * The facts this stage adds for the stages after it (rules, expressions and templates read
   * them). The runner rejects a fact a stage returns that is not in this list.
   */
  produces: (definition: DeclaredDefinition) => readonly string[];
  /** The facts stage also passes on the inputs a caller gives by name (`inputs` of evaluateAssessment). */
  passesGivenInputs?: true;
}

/** The stages in the order they run (docs/definition-format.md "Evaluation pipeline"). */
export const STAGE_DECLARATIONS: readonly StageDeclaration[] = Object.freeze([
  {
    name: 'facts',
    errorText: STAGE_FAILED_TEXT.eligibility,
    produces: (def) => [
      'asOf',
      ...def.inputs.map((i) => i.name),
      ...(def.parameters ?? []).map((p) => p.name),
      ...(def.calculations ?? []).map((c) => c.id),
      ...(def.lists ?? []).map((l) => l.id),
    ],
    passesGivenInputs: true,
  },
  {
    name: 'eligibility',
    errorText: STAGE_FAILED_TEXT.eligibility,
    produces: () => ['likelihood', 'eligibilityScore', 'confidenceLevel'],
  },
  {
    name: 'complexity',
    errorText: STAGE_FAILED_TEXT.complexity,
    produces: (def) => [
      'complexityScore',
      'complexityLevel',
      'flagCount',
      ...('counts' in def.complexity ? (def.complexity.counts ?? []).map((c) => c.name) : []),
    ],
  },
  {
    name: 'value',
    errorText: STAGE_FAILED_TEXT.value,
    produces: (def) => [
      ...(def.value.selections ?? []).map((s) => s.id),
      ...(def.value.calculations ?? []).map((c) => c.id),
      'valueMedian',
      'valueLow',
      'valueHigh',
    ],
  },
  {
    name: 'potential',
    errorText: STAGE_FAILED_TEXT.complexity,
    produces: () => ['potentialLow', 'potentialMedium', 'potentialHigh'],
  },
  {
    name: 'approach',
    errorText: STAGE_FAILED_TEXT.complexity,
    produces: () => ['serviceApproach'],
  },
  {
    name: 'recommendation',
    errorText: STAGE_FAILED_TEXT.recommendation,
    produces: () => [],
  },
  {
    name: 'resultFields',
    errorText: STAGE_FAILED_TEXT.recommendation,
    produces: () => [],
  },
] satisfies StageDeclaration[]);

/** The facts `stage` itself produces for `definition`. */
export function factsProducedBy(definition: DeclaredDefinition, stage: StageName): readonly string[] {
  return STAGE_DECLARATIONS.find((s) => s.name === stage)?.produces(definition) ?? [];
}

/**
 * The facts a rule, expression or template of `stage` may read: those produced by the stages
 * before it, in pipeline order (what a stage makes itself is not included; the checks of a stage
 * that reads some of its own facts, such as eligibility overrides, add those).
 */
export function factsAvailableAt(definition: DeclaredDefinition, stage: StageName): string[] {
  const facts: string[] = [];
  for (const declared of STAGE_DECLARATIONS) {
    if (declared.name === stage) return facts;
    facts.push(...declared.produces(definition));
  }
  throw new Error(`unknown stage "${stage}"`);
}
