// The evaluation state shared by the stages: one flat map of facts every stage reads and writes.
import type {
  AssessmentDefinition,
  ComplexityLevel,
  EligibilityResult,
  Likelihood,
  ParameterValueType,
  Range3,
  Recommendation,
  ServiceApproach,
  AssessmentEvaluation,
  Trace,
  ValueEstimate,
} from '../../types';
import type { LoadedDefinition } from '../../definitions/loaded-definition';
import type { StageEngines } from '../engine/stage-engines';
import { evaluateExpression, type ExpressionContext } from '../expressions/evaluate-expression';
import { fillTemplate } from './fill-template';

export interface StageInput {
  /** A loaded definition; plain definition JSON is loaded (and checked) on first use. */
  definition: LoadedDefinition | AssessmentDefinition;
  /** Answers by question id (hidden questions' answers are dropped). */
  answers?: Record<string, unknown>;
  /** Calculator inputs given directly (instead of answers). */
  inputs?: Record<string, unknown>;
  /** ISO date the evaluation is made on (default: today, taken once at the API boundary). */
  asOf?: string;
  /**
   * The service type code the user asked about, when it differs from the definition's own (a code
   * that fell back to the generic definition): the results carry it as their serviceType.
   */
  serviceType?: string;
}

export interface ComplexityPartial {
  complexityScore: number;
  complexityLevel: ComplexityLevel;
  flags: { id: string; description: string; weight: number }[];
}

export interface ApproachChoice {
  serviceApproach: ServiceApproach;
  approachRationale: string;
}

export interface EvaluationState {
  definition: LoadedDefinition;
  /** What the caller gave: answers or inputs (read by the facts stage). */
  given: { answers?: Record<string, unknown>; inputs?: Record<string, unknown> };
  /** serviceType of the results: the code asked for, or the definition's. */
  serviceType: string;
  engines: StageEngines;
  asOf: string;
  answers: Record<string, unknown>;
  inputs: Record<string, unknown>;
  params: Record<string, ParameterValueType>;
  facts: Record<string, unknown>;
  lists: Record<string, string[]>;
  trace: Trace;
  missing: Set<string>;
  /**
   * Only the outcome is wanted (evaluateOutcome: an impact run's replay): texts are left empty and
   * calculations untraced. No fact, score, likelihood, value or approach is made from a text.
   */
  outcomeOnly?: boolean;
  /** What expressions read: made by the first expression evaluated. */
  expressionContext?: ExpressionContext;
  eligibility?: EligibilityResult;
  complexity?: ComplexityPartial;
  value?: ValueEstimate;
  potential?: Range3;
  approach?: ApproachChoice;
  recommendation?: Recommendation;
  /** The whole evaluation, assembled by the last stage. */
  evaluation?: AssessmentEvaluation;
}

// one expression context per evaluation, not one per expression (a calculation-heavy definition
// evaluates a hundred expressions per assessment)
function expressionContext(state: EvaluationState): ExpressionContext {
  let context = state.expressionContext;
  if (!context) {
    context = { facts: state.facts, params: state.params, onMissing: (name) => state.missing.add(name) };
    state.expressionContext = context;
  }
  // the facts stage replaces the parameters once they are resolved
  context.params = state.params;
  return context;
}

export function evalExpr(state: EvaluationState, expr: Parameters<typeof evaluateExpression>[0]): number {
  return evaluateExpression(expr, expressionContext(state));
}

/** A template filled with the evaluation's facts; empty when only the outcome is wanted. */
export function fillText(state: EvaluationState, template: string): string {
  return state.outcomeOnly === true ? '' : fillTemplate(template, state.facts);
}

/** Facts out of an eligibility result, for stages run with eligibility given by the caller. */
export function applyEligibilityFacts(state: EvaluationState, eligibility: EligibilityResult): void {
  state.eligibility = eligibility;
  state.facts.likelihood = eligibility.likelihood satisfies Likelihood;
  state.facts.eligibilityScore = eligibility.score;
  state.facts.confidenceLevel = eligibility.confidenceLevel;
}
