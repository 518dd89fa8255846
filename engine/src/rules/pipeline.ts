// The evaluation pipeline: the stage declarations of ./stage-facts (name, failure text, the facts
// each produces), each with its function. A stage is a function of the facts and results of the
// stages before it (read-only); it gives its new facts through the runner's checked channel and
// returns its trace entries and part of the result (./stages/state: the contract). runPipeline
// merges each output into the evaluation and rejects a fact the stage does not declare. evaluateAssessment, the stage calculators, the load checks
// (through ./stage-facts) and the web's failure message all read this list.
import { EvaluationError } from './evaluation-error';
import type { StageName } from './stage-name';
import { STAGE_DECLARATIONS, STAGE_FAILED_TEXT, type StageDeclaration } from './stage-facts';
import type { EvaluationState, FactSink, StageOutput, StageRun, StageResults } from './stages/state';
import { runFacts } from './stages/prepare-facts';
import { runEligibility } from './stages/evaluate-eligibility';
import { runComplexity } from './stages/evaluate-complexity';
import { runValue } from './stages/estimate-value';
import { runPotential } from './stages/evaluate-potential';
import { runApproach } from './stages/select-approach';
import { runRecommendation } from './stages/generate-recommendation';
import { runResultFields } from './stages/assemble-evaluation';

export type { StageName };
export { STAGE_FAILED_TEXT };

export interface StageHandler extends StageDeclaration {
  run: StageRun;
}

const RUNS: { [N in StageName]: StageRun<N> } = {
  facts: runFacts,
  eligibility: runEligibility,
  complexity: runComplexity,
  value: runValue,
  potential: runPotential,
  approach: runApproach,
  recommendation: runRecommendation,
  resultFields: runResultFields,
};

export const PIPELINE: readonly StageHandler[] = Object.freeze(
  STAGE_DECLARATIONS.map((declared): StageHandler => ({ ...declared, run: RUNS[declared.name] })),
);

/** A stage gave a fact it does not declare in `produces`. */
export class UndeclaredFactError extends Error {
  constructor(
    readonly stage: StageName,
    readonly fact: string,
  ) {
    super(`stage "${stage}" gave the fact "${fact}", which it does not declare in produces`);
    this.name = 'UndeclaredFactError';
  }
}

export interface RunPipelineOptions {
  /** Stop after this stage (default: run every stage). */
  through?: StageName;
  /** Stages whose output the caller gives (e.g. eligibility passed to a stage calculator). */
  replace?: Partial<Record<StageName, StageRun>>;
  /** The stages to run (default PIPELINE); tests pass a copy with a failing handler. */
  pipeline?: readonly StageHandler[];
}

/**
 * One stage of a definition's plan: what the runner needs of it per evaluation, worked out once
 * per definition version (its declared facts as a Set) instead of looked up per evaluation.
 */
interface PlannedStage {
  readonly stage: StageHandler;
  readonly name: StageName;
  readonly run: StageRun;
  readonly declared: ReadonlySet<string>;
  readonly passesGivenInputs: boolean;
}

type StagePlan = readonly PlannedStage[];

// PIPELINE's plan per definition version (a loaded definition is frozen and reused); a test's own
// stage list may declare differently, so its plan is made for that run only
const planCache = new WeakMap<object, StagePlan>();

function makePlan(definition: EvaluationState['definition'], pipeline: readonly StageHandler[]): StagePlan {
  return Object.freeze(
    pipeline.map((stage): PlannedStage =>
      Object.freeze({
        stage,
        name: stage.name,
        run: stage.run,
        declared: new Set(stage.produces(definition)),
        passesGivenInputs: stage.passesGivenInputs === true,
      }),
    ),
  );
}

/** The stages to run for `definition`, each with its declared facts. */
function planFor(definition: EvaluationState['definition'], pipeline: readonly StageHandler[]): StagePlan {
  if (pipeline !== PIPELINE) return makePlan(definition, pipeline);
  let plan = planCache.get(definition);
  if (!plan) {
    plan = makePlan(definition, pipeline);
    planCache.set(definition, plan);
  }
  return plan;
}

/**
 * The channel through which the stage running gives its facts: declared ones only. One per run
 * of the pipeline (one class, so every stage's calls to `give` are to the same method).
 */
class FactChannel implements FactSink {
  private declared: ReadonlySet<string> | undefined;
  private stage: StageName = 'facts';
  private given: Readonly<Record<string, unknown>> | undefined;

  constructor(
    private readonly facts: Record<string, unknown>,
    private readonly inputs: Readonly<Record<string, unknown>> | undefined,
  ) {}

  /** The stage that gives facts from now on. */
  open(step: PlannedStage): void {
    this.stage = step.name;
    this.declared = step.declared;
    this.given = step.passesGivenInputs ? this.inputs : undefined;
  }

  give(name: string, value: unknown): void {
    if (!this.declared!.has(name)) {
      const given = this.given;
      if (!given || !Object.prototype.hasOwnProperty.call(given, name))
        throw new UndeclaredFactError(this.stage, name);
    }
    this.facts[name] = value;
  }
}

function append<T>(to: T[], entries: readonly T[]): void {
  for (let i = 0; i < entries.length; i += 1) to.push(entries[i]!);
}

/** Merges a stage's output into the evaluation: its part of the result, trace and missing facts. */
function merge(state: EvaluationState, name: StageName, out: StageOutput<unknown>): void {
  (state.results as Record<StageName, unknown>)[name] = out.result;
  const trace = out.trace;
  if (trace !== undefined) {
    if (trace.rules !== undefined) append(state.trace.rules, trace.rules);
    if (trace.calculations !== undefined) append(state.trace.calculations, trace.calculations);
    if (trace.parameters !== undefined) append(state.trace.parameters, trace.parameters);
  }
  const missing = out.missing;
  if (missing !== undefined) for (let i = 0; i < missing.length; i += 1) state.missing.add(missing[i]!);
}

const NO_OPTIONS: RunPipelineOptions = Object.freeze({});

/**
 * Runs the stages in order, merging each one's output into `state` (which only the runner
 * writes); an error inside a stage becomes an EvaluationError naming it.
 */
export async function runPipeline(
  state: EvaluationState,
  options: RunPipelineOptions = NO_OPTIONS,
): Promise<EvaluationState> {
  const { through, replace } = options;
  const plan = planFor(state.definition, options.pipeline ?? PIPELINE);
  const channel = new FactChannel(state.facts, state.given.inputs);
  for (let i = 0; i < plan.length; i += 1) {
    const step = plan[i]!;
    try {
      channel.open(step);
      const run = replace === undefined ? step.run : (replace[step.name] ?? step.run);
      // a stage that finishes at once (most do) is not awaited: no turn of the microtask queue
      const made = run(state, channel);
      merge(state, step.name, made instanceof Promise ? await made : made);
    } catch (cause) {
      if (cause instanceof EvaluationError) throw cause;
      throw new EvaluationError(step.name, step.stage.errorText, { cause });
    }
    if (step.name === through) return state;
  }
  return state;
}

/** The part of the result `stage` made, once it has run. */
export function resultOf<N extends StageName>(state: EvaluationState, stage: N): StageResults[N] {
  const result = state.results[stage];
  if (result === undefined) throw new Error(`The ${stage} stage did not run`);
  return result;
}
