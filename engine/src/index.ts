// @reclaim/engine: the declarative assessment engine. Runs unchanged in the browser and in Node.
export type * from './types';

export { loadDefinition, loadParameterSet, type LoadDefinitionOptions } from './definitions/load-definition';
export {
  checkDefinition,
  checkParameterSet,
  describeDefinitionPath,
  type CheckCode,
  type CheckDefinitionOptions,
  type CheckSeverity,
  type DefinitionCheck,
} from './definitions/check-definition';
export {
  checkConsistency,
  checkCase,
  checkEvaluationConsistency,
  checkTextDeclarations,
  consistencyCases,
  describeFinding,
  type ConsistencyCase,
  type ConsistencyFinding,
  type ConsistencyOptions,
  type ConsistencyProblem,
  type ConsistencyRule,
} from './definitions/check-consistency';
export { describeChanges, type DefinitionChange } from './definitions/describe-changes';
export {
  describeParameterChanges,
  showParameterValue,
  type ParameterChange,
} from './definitions/describe-parameter-changes';
export { DefinitionError, type DefinitionIssue } from './definitions/definition-error';
export { isLoadedDefinition, type LoadedDefinition } from './definitions/loaded-definition';
export {
  createRegistry,
  versionInForce,
  GENERIC_DEFINITION_ID,
  type DatedVersion,
  type DefinitionRegistry,
  type ResolveOptions,
} from './definitions/registry';

export { evaluateAssessment, type EvaluateAssessmentOptions } from './rules/evaluate-assessment';
export {
  evaluateEligibility,
  evaluateComplexity,
  estimateValue,
  generateRecommendation,
  evaluateOutcome,
  type AssessmentOutcome,
  COMPLEXITY_NEEDS_ELIGIBILITY,
  VALUE_NEEDS_ELIGIBILITY,
} from './rules/stage-calculators';
export {
  PIPELINE,
  STAGE_FAILED_TEXT,
  runPipeline,
  UndeclaredFactError,
  type RunPipelineOptions,
  type StageHandler,
  type StageName,
} from './rules/pipeline';
export {
  STAGE_DECLARATIONS,
  factsAvailableAt,
  factsProducedBy,
  type DeclaredDefinition,
  type StageDeclaration,
} from './rules/stage-facts';
export { EvaluationError, isEvaluationError } from './rules/evaluation-error';
export { todayIso } from './rules/create-state';
export {
  FULL_EXPLANATION,
  OUTCOME_ONLY,
  type StageInput,
  type EvaluationState,
  type EvaluationContext,
  type Explanation,
  type StageOutput,
  type StageResults,
  type StageRun,
  type StageView,
} from './rules/stages/state';
export { computeResultFields, getPath } from './rules/stages/result-fields';
export { fillTemplate } from './rules/stages/fill-template';
export {
  buildClaimDraft,
  claimRoutesFor,
  CLAIM_CLIENT_FIELDS,
  CLAIM_ITEM_SOURCES,
  type ClaimDraftContent,
  type ClaimDraftInput,
  type ClaimDraftItem,
  type ClaimDraftSection,
} from './claims/claim-drafts';
export { formatCurrency, formatDate, formatMoney, formatNumber } from './rules/format';

export { evaluateCondition, conditionFacts } from './rules/conditions/evaluate-condition';
export { applyOperator, isEmptyAnswer, OPERATOR_NAMES } from './rules/operators';
export { evaluateExpression } from './rules/expressions/evaluate-expression';
export { roundHalfAwayFromZero } from './rules/format';
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
