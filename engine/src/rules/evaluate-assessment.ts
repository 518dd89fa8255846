// The whole pipeline of docs/definition-format.md, in order:
// active answers → inputs → parameters → calculations → lists → eligibility → complexity → value
// → potential → approach → recommendation → resultFields.
import type { AssessmentEvaluation } from '../types';
import { prepareState, type StageInput } from './stages/state';
import { runEligibility } from './stages/evaluate-eligibility';
import { complexityResult, runComplexity } from './stages/evaluate-complexity';
import { runValue } from './stages/estimate-value';
import { runPotential } from './stages/evaluate-potential';
import { runApproach } from './stages/select-approach';
import { buildRecommendation } from './stages/generate-recommendation';
import { computeResultFields } from './stages/result-fields';

export interface EvaluateAssessmentOptions extends StageInput {
  /** Benchmarking only: build the json-rules-engine Engines for this call instead of reusing them. */
  buildEnginesPerCall?: boolean;
}

export async function evaluateAssessment(options: EvaluateAssessmentOptions): Promise<AssessmentEvaluation> {
  const state = await prepareState(options, { buildEnginesPerCall: options.buildEnginesPerCall === true });
  const eligibility = await runEligibility(state);
  await runComplexity(state);
  const value = await runValue(state);
  runPotential(state);
  await runApproach(state);
  const recommendation = buildRecommendation(state);
  const def = state.definition;
  if (state.missing.size > 0) state.trace.missing = [...state.missing].sort();
  const evaluation: AssessmentEvaluation = {
    definition: { id: def.id, serviceType: def.serviceType, version: def.version, title: def.title },
    asOf: state.asOf,
    answers: state.answers,
    inputs: state.inputs,
    facts: state.facts,
    lists: state.lists,
    eligibility,
    complexity: complexityResult(state),
    value,
    recommendation,
    resultFields: {},
    trace: state.trace,
  };
  evaluation.resultFields = computeResultFields(def.resultFields, evaluation);
  return evaluation;
}
