// Stage 12: the whole evaluation, then the server result fields read from it.
import type { AssessmentEvaluation } from '../../types';
import { complexityResult } from './complexity-result';
import { computeResultFields } from './result-fields';
import { resultFieldViews } from './result-field-views';
import type { StageOutput, StageView } from './state';

export function runResultFields(view: StageView): StageOutput<AssessmentEvaluation> {
  const { facts: made, eligibility, value, recommendation } = view.results;
  if (!made || !eligibility || !value || !recommendation)
    throw new Error('The recommendation must run first');
  const def = view.definition;
  // the evaluation's trace: the stages' entries, and the facts read while missing (a copy: the
  // trace given to this stage is the runner's)
  const trace = (
    view.missing.size > 0 ? { ...view.trace, missing: [...view.missing].sort() } : { ...view.trace }
  ) as AssessmentEvaluation['trace'];
  const evaluation: AssessmentEvaluation = {
    definition: { id: def.id, serviceType: def.serviceType, version: def.version, title: def.title },
    asOf: view.asOf,
    answers: made.answers,
    inputs: made.inputs,
    facts: view.facts,
    lists: made.lists,
    eligibility,
    complexity: complexityResult(view),
    value,
    recommendation,
    resultFields: {},
    trace,
  };
  evaluation.resultFields = computeResultFields(def.resultFields, evaluation);
  evaluation.resultFieldViews = resultFieldViews(def, evaluation.resultFields, view.facts);
  return { result: evaluation };
}
