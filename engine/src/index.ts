// @reclaim/engine: the declarative assessment engine. Runs unchanged in the browser and in Node.
export type * from './types';

export { loadDefinition, loadParameterSet, type LoadDefinitionOptions } from './definitions/load-definition';
export { DefinitionError, type DefinitionIssue } from './definitions/definition-error';
export { isLoadedDefinition, type LoadedDefinition } from './definitions/loaded-definition';
export { createRegistry, GENERIC_DEFINITION_ID, type DefinitionRegistry } from './definitions/registry';

export { evaluateAssessment, type EvaluateAssessmentOptions } from './rules/evaluate-assessment';
export { evaluateEligibility } from './rules/stages/evaluate-eligibility';
export { evaluateComplexity, COMPLEXITY_NEEDS_ELIGIBILITY } from './rules/stages/evaluate-complexity';
export { estimateValue, VALUE_NEEDS_ELIGIBILITY } from './rules/stages/estimate-value';
export { generateRecommendation } from './rules/stages/generate-recommendation';
export { todayIso, type StageInput } from './rules/stages/state';
export { computeResultFields, getPath } from './rules/stages/result-fields';
export { fillTemplate, formatCurrency } from './rules/stages/fill-template';

export { evaluateCondition, conditionFacts } from './rules/conditions/evaluate-condition';
export { applyOperator, isEmptyAnswer, OPERATOR_NAMES } from './rules/operators';
export { evaluateExpression, roundHalfAwayFromZero } from './rules/expressions/evaluate-expression';
export { computeInputs } from './rules/inputs/compute-inputs';
export {
  addMonths,
  monthsBetween,
  daysBetween,
  taxYearLabel,
  taxYearStartDate,
  isIsoDate,
  parseIsoDate,
} from './rules/inputs/dates';
export {
  lookupParameter,
  lookupParameterBy,
  type ParameterValue,
} from './rules/parameters/resolve-parameters';

export * from './questionnaire';
export * from './site';
