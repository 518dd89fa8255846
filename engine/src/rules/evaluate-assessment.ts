// The whole pipeline of docs/definition-format.md, in the order rules/pipeline.ts declares it.
import type { AssessmentEvaluation } from '../types';
import { createState } from './create-state';
import { resultOf, runPipeline, type StageHandler } from './pipeline';
import type { StageInput } from './stages/state';

export interface EvaluateAssessmentOptions extends StageInput {
  /** Benchmarking only: build the json-rules-engine Engines for this call instead of reusing them. */
  buildEnginesPerCall?: boolean;
  /** Tests only: the stages to run instead of PIPELINE (e.g. with one failing handler). */
  pipeline?: readonly StageHandler[];
}

/** Evaluates an assessment; a stage that fails throws an EvaluationError with its stage's spec text. */
export async function evaluateAssessment(options: EvaluateAssessmentOptions): Promise<AssessmentEvaluation> {
  const state = createState(options, { buildEnginesPerCall: options.buildEnginesPerCall === true });
  await runPipeline(state, options.pipeline ? { pipeline: options.pipeline } : undefined);
  return resultOf(state, 'resultFields');
}
