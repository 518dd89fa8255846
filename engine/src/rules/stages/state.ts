// The evaluation state shared by the stages: one flat map of facts every stage reads and writes.
import type {
  AssessmentDefinition,
  ComplexityLevel,
  EligibilityResult,
  Likelihood,
  ParameterSet,
  Range3,
  ServiceApproach,
  Trace,
  ValueEstimate,
} from '../../types';
import { isLoadedDefinition, type LoadedDefinition } from '../../definitions/loaded-definition';
import { loadDefinition } from '../../definitions/load-definition';
import { getStageEngines, buildStageEngines, type StageEngines } from '../engine/stage-engines';
import { activeAnswers } from '../../questionnaire/visible-questions';
import { computeInputs } from '../inputs/compute-inputs';
import { isIsoDate } from '../inputs/dates';
import { resolveParameters } from '../parameters/resolve-parameters';
import { evaluateExpression, type ExpressionContext } from '../expressions/evaluate-expression';

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
  /** serviceType of the results: the code asked for, or the definition's. */
  serviceType: string;
  engines: StageEngines;
  asOf: string;
  answers: Record<string, unknown>;
  inputs: Record<string, unknown>;
  params: Record<string, number | string>;
  facts: Record<string, unknown>;
  lists: Record<string, string[]>;
  trace: Trace;
  missing: Set<string>;
  eligibility?: EligibilityResult;
  complexity?: ComplexityPartial;
  value?: ValueEstimate;
  potential?: Range3;
  approach?: ApproachChoice;
}

const loadedFromPlain = new WeakMap<object, LoadedDefinition>();

/** A definition given as plain JSON is checked once (throws DefinitionError) and cached. */
export function ensureLoaded(definition: LoadedDefinition | AssessmentDefinition): LoadedDefinition {
  if (isLoadedDefinition(definition)) return definition;
  let loaded = loadedFromPlain.get(definition);
  if (!loaded) {
    loaded = loadDefinition(definition);
    loadedFromPlain.set(definition, loaded);
  }
  return loaded;
}

/** Today's date in UTC as ISO: read only at the API boundary, never inside evaluation. */
export function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

export function resolveAsOf(asOf: string | undefined): string {
  if (asOf === undefined) return todayIso();
  if (!isIsoDate(asOf)) throw new Error(`asOf must be a date as YYYY-MM-DD, got ${JSON.stringify(asOf)}`);
  return asOf.slice(0, 10);
}

function expressionContext(state: EvaluationState): ExpressionContext {
  return { facts: state.facts, params: state.params, onMissing: (name) => state.missing.add(name) };
}

export function evalExpr(state: EvaluationState, expr: Parameters<typeof evaluateExpression>[0]): number {
  return evaluateExpression(expr, expressionContext(state));
}

/**
 * Stages 1–5: active answers, inputs, parameters, calculations, lists.
 */
export async function prepareState(
  input: StageInput,
  options: { buildEnginesPerCall?: boolean } = {},
): Promise<EvaluationState> {
  const def = ensureLoaded(input.definition);
  const asOf = resolveAsOf(input.asOf);
  const trace: Trace = {
    definition: { id: def.id, version: def.version },
    asOf,
    rules: [],
    calculations: [],
    parameters: [],
  };
  const missing = new Set<string>();
  const answers = input.inputs ? {} : activeAnswers(def, input.answers ?? {});
  const inputs = computeInputs({
    definition: def,
    answers,
    asOf,
    ...(input.inputs ? { given: input.inputs } : {}),
    trace: trace.rules,
    onMissing: (name) => missing.add(name),
  });
  // Object.assign, not spread: every stage adds facts, and V8 makes a spread copy slow to grow
  const facts: Record<string, unknown> = Object.assign({}, inputs);
  facts.asOf = asOf;
  const sets: Readonly<Record<string, ParameterSet>> = def.parameterSets;
  const resolved = resolveParameters({ refs: def.parameters ?? [], parameterSets: sets, facts, asOf });
  trace.parameters.push(...resolved.trace);
  for (const [name, value] of Object.entries(resolved.values)) facts[name] = value;

  const state: EvaluationState = {
    definition: def,
    serviceType: input.serviceType ?? def.serviceType,
    engines: options.buildEnginesPerCall ? buildStageEngines(def) : getStageEngines(def),
    asOf,
    answers,
    inputs,
    params: resolved.values,
    facts,
    lists: {},
    trace,
    missing,
  };

  for (const calc of def.calculations ?? []) {
    const value = evalExpr(state, calc.expr);
    facts[calc.id] = value;
    trace.calculations.push({
      id: calc.id,
      description: calc.description,
      value,
      ...(calc.unit ? { unit: calc.unit } : {}),
    });
  }

  await evaluateLists(state);
  return state;
}

async function evaluateLists(state: EvaluationState): Promise<void> {
  const lists = state.definition.lists ?? [];
  for (const list of lists) state.lists[list.id] = [];
  const { rules, map } = state.engines.lists;
  const outcomes = await rules.run(state.facts);
  for (const outcome of outcomes) {
    const ref = map[outcome.index];
    const list = ref ? lists[ref.list] : undefined;
    const rule = ref ? list?.rules[ref.rule] : undefined;
    if (!ref || !list || !rule) continue;
    if (outcome.matched) state.lists[list.id]?.push(rule.item);
    state.trace.rules.push({
      stage: 'list',
      id: rule.id,
      description: rule.description,
      matched: outcome.matched,
      facts: outcome.facts,
      value: rule.item,
      counted: outcome.matched,
    });
  }
  for (const list of lists) state.facts[list.id] = state.lists[list.id] ?? [];
}

/** Facts out of an eligibility result, for stages run with eligibility given by the caller. */
export function applyEligibilityFacts(state: EvaluationState, eligibility: EligibilityResult): void {
  state.eligibility = eligibility;
  state.facts.likelihood = eligibility.likelihood satisfies Likelihood;
  state.facts.eligibilityScore = eligibility.score;
  state.facts.confidenceLevel = eligibility.confidenceLevel;
}
