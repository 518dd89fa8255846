// The stage contract. A stage is a function of what the stages before it made (their facts and
// results, read-only) and the definition; it gives its new facts through the runner's `out`
// channel and returns its trace entries and its part of the result; it never writes into a shared
// object. The runner (rules/pipeline.ts) merges what a stage returns and takes each new fact only
// when the stage declares it (rules/stage-facts.ts), rejecting any other.
import type {
  AssessmentDefinition,
  AssessmentEvaluation,
  Calculation,
  ComplexityLevel,
  EligibilityResult,
  ParameterValueType,
  Range3,
  Recommendation,
  ServiceApproach,
  Trace,
  TraceParameter,
  TraceRule,
  ValueEstimate,
} from '../../types';
import type { LoadedDefinition } from '../../definitions/loaded-definition';
import type { StageEngines } from '../engine/stage-engines';
import { evaluateExpression, type ExpressionContext } from '../expressions/evaluate-expression';
import type { StageName } from '../stage-name';
import { calculationTrace, fillTemplate } from './fill-template';

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

export type Facts = Record<string, unknown>;
export type TraceCalculation = Trace['calculations'][number];

export interface ComplexityPartial {
  complexityScore: number;
  complexityLevel: ComplexityLevel;
  flags: { id: string; description: string; weight: number }[];
}

export interface ApproachChoice {
  serviceApproach: ServiceApproach;
  approachRationale: string;
}

/** The facts stage's part of the result: what the answers became. */
export interface FactsPart {
  answers: Record<string, unknown>;
  inputs: Record<string, unknown>;
  params: Record<string, ParameterValueType>;
  lists: Record<string, string[]>;
}

/** Each stage's part of the result, by stage. */
export interface StageResults {
  facts: FactsPart;
  eligibility: EligibilityResult;
  complexity: ComplexityPartial;
  value: ValueEstimate;
  potential: Range3;
  approach: ApproachChoice;
  recommendation: Recommendation;
  resultFields: AssessmentEvaluation;
}

/**
 * How the stages explain what they did: the texts of rules and results, and the calculation
 * trace. `FULL_EXPLANATION` makes them; `OUTCOME_ONLY` (an impact run's replay, which compares
 * likelihood, approach and value) leaves texts empty and calculations untraced. The runner's caller
 * picks one, as it picks which stages run; no fact, score, likelihood, value or approach is made
 * from a text, so the outcome is the same with either.
 */
export interface Explanation {
  text(template: string, facts: Readonly<Facts>): string;
  calculation(
    calc: Calculation,
    value: number,
    facts: Readonly<Facts>,
    stage: 'facts' | 'value',
  ): TraceCalculation | undefined;
  /** The engine's own summary figures (value and potential low/median/high): kept or dropped. */
  figures(entries: TraceCalculation[]): TraceCalculation[];
}

export const FULL_EXPLANATION: Explanation = Object.freeze({
  text: (template: string, facts: Readonly<Facts>) => fillTemplate(template, facts),
  calculation: (calc: Calculation, value: number, facts: Readonly<Facts>, stage: 'facts' | 'value') =>
    calculationTrace(calc, value, facts, stage),
  figures: (entries: TraceCalculation[]) => entries,
});

export const OUTCOME_ONLY: Explanation = Object.freeze({
  text: () => '',
  calculation: () => undefined,
  figures: (): TraceCalculation[] => [],
});

/** What stays the same for every stage of one evaluation. */
export interface EvaluationContext {
  readonly definition: LoadedDefinition;
  /** What the caller gave: answers or inputs (read by the facts stage). */
  readonly given: { readonly answers?: Record<string, unknown>; readonly inputs?: Record<string, unknown> };
  /** serviceType of the results: the code asked for, or the definition's. */
  readonly serviceType: string;
  readonly engines: StageEngines;
  readonly asOf: string;
  readonly explain: Explanation;
}

export interface ReadonlyTrace {
  readonly definition: Trace['definition'];
  readonly asOf: string;
  readonly rules: readonly TraceRule[];
  readonly calculations: readonly TraceCalculation[];
  readonly parameters: readonly TraceParameter[];
}

/** What a stage reads: the context, and the facts, results and trace of the stages before it. */
export interface StageView extends EvaluationContext {
  readonly facts: Readonly<Facts>;
  readonly results: Readonly<Partial<StageResults>>;
  readonly trace: ReadonlyTrace;
  /** Facts and parameters read while missing so far (the result fields stage reports them). */
  readonly missing: ReadonlySet<string>;
}

/** A stage's trace entries, appended by the runner to the evaluation's trace in stage order. */
export interface StageTrace {
  rules?: TraceRule[];
  calculations?: TraceCalculation[];
  parameters?: TraceParameter[];
}

/**
 * How a stage gives a new fact (`out.give(name, value)`): the runner checks the name against the
 * stage's `produces` (an undeclared fact fails the stage) and adds it to the facts, where the
 * stage's later rules and expressions read it. A channel, not a returned map: a stage such as value
 * reads the facts it made a moment ago, and a copy of the facts per stage cost a quarter of an
 * evaluation's time (docs/decisions.md §67).
 */
export interface FactSink {
  give(name: string, value: unknown): void;
}

/** What a stage returns. */
export interface StageOutput<R> {
  /** Its part of the result. */
  result: R;
  trace?: StageTrace;
  /** Facts and parameters its expressions read while missing. */
  missing?: readonly string[];
}

export type StageRun<N extends StageName = StageName> = (
  view: StageView,
  out: FactSink,
) => StageOutput<StageResults[N]> | Promise<StageOutput<StageResults[N]>>;

/** The runner's state: only the runner writes it, merging each stage's output. */
export interface EvaluationState extends StageView {
  facts: Facts;
  results: Partial<StageResults>;
  trace: Trace;
  missing: Set<string>;
}

/**
 * What expressions of a stage read: `facts` and the parameters; a fact or parameter read while
 * missing is noted in `missing` (a class, not a closure per stage: an evaluation makes several).
 */
class StageScope implements ExpressionContext {
  constructor(
    readonly facts: Facts,
    readonly params: Record<string, ParameterValueType>,
    private readonly missing: string[],
  ) {}

  onMissing(name: string): void {
    this.missing.push(name);
  }
}

export function expressionScope(
  facts: Readonly<Facts>,
  params: Record<string, ParameterValueType>,
  missing: string[],
): ExpressionContext {
  return new StageScope(facts, params, missing);
}

export function evalExpr(scope: ExpressionContext, expr: Parameters<typeof evaluateExpression>[0]): number {
  return evaluateExpression(expr, scope);
}

/** The dated parameters resolved by the facts stage. */
export function paramsOf(view: StageView): Record<string, ParameterValueType> {
  const part = view.results.facts;
  if (!part) throw new Error('The facts stage must run first');
  return part.params;
}

/** The facts of an eligibility result (the eligibility stage's, or one given by the caller). */
export function giveEligibilityFacts(eligibility: EligibilityResult, out: FactSink): void {
  out.give('likelihood', eligibility.likelihood);
  out.give('eligibilityScore', eligibility.score);
  out.give('confidenceLevel', eligibility.confidenceLevel);
}
