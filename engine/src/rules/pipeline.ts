// The evaluation pipeline, declared once (docs/definition-format.md "Evaluation pipeline"): an
// ordered list of stage handlers, each with the spec text shown when it fails and the facts it
// adds for the stages after it. evaluateAssessment, the stage calculators, the semantic checks
// (which fact a rule may read at which stage) and the web's failure message all read this list.
import type { AssessmentDefinition } from '../types';
import { EvaluationError } from './evaluation-error';
import type { StageName } from './stage-name';
import type { EvaluationState } from './stages/state';
import { runFacts } from './stages/prepare-facts';
import { runEligibility } from './stages/evaluate-eligibility';
import { runComplexity } from './stages/evaluate-complexity';
import { runValue } from './stages/estimate-value';
import { runPotential } from './stages/evaluate-potential';
import { runApproach } from './stages/select-approach';
import { runRecommendation } from './stages/generate-recommendation';
import { runResultFields } from './stages/assemble-evaluation';

export type { StageName };

/** The spec's texts for a failed calculation (eligibility spec section 8), verbatim. */
export const STAGE_FAILED_TEXT = {
  eligibility: 'Failed to calculate eligibility. Please try again.',
  complexity: 'Failed to calculate complexity. Please try again.',
  value: 'Failed to estimate potential value. Please try again.',
  recommendation: 'Failed to generate recommendation. Please try again.',
} as const;

export interface StageHandler {
  name: StageName;
  /**
   * The text a user reads when this stage fails: the spec's text of the calculator the stage
   * belongs to (the facts feed eligibility; potential and approach are part of the complexity
   * result; the result fields are part of the recommendation).
   */
  errorText: (typeof STAGE_FAILED_TEXT)[keyof typeof STAGE_FAILED_TEXT];
  /** The facts this stage adds for the stages after it (rules, expressions and templates read them). */
  produces: (definition: AssessmentDefinition) => readonly string[];
  run: (state: EvaluationState) => unknown;
}

export const PIPELINE: readonly StageHandler[] = Object.freeze([
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
    run: runFacts,
  },
  {
    name: 'eligibility',
    errorText: STAGE_FAILED_TEXT.eligibility,
    produces: () => ['likelihood', 'eligibilityScore', 'confidenceLevel'],
    run: runEligibility,
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
    run: runComplexity,
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
    run: runValue,
  },
  {
    name: 'potential',
    errorText: STAGE_FAILED_TEXT.complexity,
    produces: () => ['potentialLow', 'potentialMedium', 'potentialHigh'],
    run: runPotential,
  },
  {
    name: 'approach',
    errorText: STAGE_FAILED_TEXT.complexity,
    produces: () => ['serviceApproach'],
    run: runApproach,
  },
  {
    name: 'recommendation',
    errorText: STAGE_FAILED_TEXT.recommendation,
    produces: () => [],
    run: runRecommendation,
  },
  {
    name: 'resultFields',
    errorText: STAGE_FAILED_TEXT.recommendation,
    produces: () => [],
    run: runResultFields,
  },
] satisfies StageHandler[]);

export interface RunPipelineOptions {
  /** Stop after this stage (default: run every stage). */
  through?: StageName;
  /** Stages whose outcome the caller gives (e.g. eligibility passed to a stage calculator). */
  replace?: Partial<Record<StageName, (state: EvaluationState) => unknown>>;
  /** The stages to run (default PIPELINE); tests pass a copy with a failing handler. */
  pipeline?: readonly StageHandler[];
}

/** Runs the stages in order; an error inside a stage becomes an EvaluationError naming it. */
export async function runPipeline(state: EvaluationState, options: RunPipelineOptions = {}): Promise<void> {
  const { through, replace, pipeline = PIPELINE } = options;
  for (const stage of pipeline) {
    try {
      // a stage that finishes at once (most do) is not awaited: no turn of the microtask queue
      const done = (replace?.[stage.name] ?? stage.run)(state);
      if (done instanceof Promise) await done;
    } catch (cause) {
      if (cause instanceof EvaluationError) throw cause;
      throw new EvaluationError(stage.name, stage.errorText, { cause });
    }
    if (stage.name === through) return;
  }
}
