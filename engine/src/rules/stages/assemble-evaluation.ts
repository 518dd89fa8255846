// Stage 12: the whole evaluation, then the server result fields read from it.
import type { AssessmentEvaluation } from '../../types';
import { complexityResult } from './evaluate-complexity';
import { computeResultFields } from './result-fields';
import { resultFieldViews } from './result-field-views';
import type { EvaluationState } from './state';

export function runResultFields(state: EvaluationState): AssessmentEvaluation {
  const { eligibility, value, recommendation } = state;
  if (!eligibility || !value || !recommendation) throw new Error('The recommendation must run first');
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
  evaluation.resultFieldViews = resultFieldViews(def, evaluation.resultFields, state.facts);
  state.evaluation = evaluation;
  return evaluation;
}
