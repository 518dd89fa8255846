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

// each stage's declared facts per definition version (a loaded definition is frozen and reused)
const declaredCache = new WeakMap<object, Map<StageName, ReadonlySet<string>>>();

function declaredFacts(state: EvaluationState, stage: StageHandler): ReadonlySet<string> {
  const def = state.definition;
  let byStage = declaredCache.get(def);
  if (!byStage) {
    byStage = new Map();
    declaredCache.set(def, byStage);
  }
  let declared = byStage.get(stage.name);
  if (!declared) {
    declared = new Set(stage.produces(def));
    // a test's own stage list may declare differently: only PIPELINE's declarations are kept
    if (PIPELINE.includes(stage)) byStage.set(stage.name, declared);
  }
  return declared;
}

/**
 * The channel through which the stage running gives its facts: declared ones only. One per run
 * of the pipeline (one class, so every stage's calls to `give` are to the same method).
 */
class FactChannel implements FactSink {
  private declared: ReadonlySet<string> = new Set();
  private stage: StageName = 'facts';
  private given: Readonly<Record<string, unknown>> | undefined;

  constructor(private readonly state: EvaluationState) {}

  /** The stage that gives facts from now on. */
  open(stage: StageHandler): void {
    this.stage = stage.name;
    this.declared = declaredFacts(this.state, stage);
    this.given = stage.passesGivenInputs ? this.state.given.inputs : undefined;
  }

  give(name: string, value: unknown): void {
    if (!this.declared.has(name)) {
      const given = this.given;
      if (!given || !Object.prototype.hasOwnProperty.call(given, name))
        throw new UndeclaredFactError(this.stage, name);
    }
    this.state.facts[name] = value;
  }
}

/** Merges a stage's output into the evaluation: its part of the result, trace and missing facts. */
function merge(state: EvaluationState, stage: StageHandler, out: StageOutput<unknown>): void {
  (state.results as Record<StageName, unknown>)[stage.name] = out.result;
  const trace = out.trace;
  if (trace) {
    if (trace.rules) for (const entry of trace.rules) state.trace.rules.push(entry);
    if (trace.calculations) for (const entry of trace.calculations) state.trace.calculations.push(entry);
    if (trace.parameters) for (const entry of trace.parameters) state.trace.parameters.push(entry);
  }
  if (out.missing) for (const name of out.missing) state.missing.add(name);
}

/**
 * Runs the stages in order, merging each one's output into `state` (which only the runner
 * writes); an error inside a stage becomes an EvaluationError naming it.
 */
export async function runPipeline(
  state: EvaluationState,
  options: RunPipelineOptions = {},
): Promise<EvaluationState> {
  const { through, replace, pipeline = PIPELINE } = options;
  const channel = new FactChannel(state);
  for (const stage of pipeline) {
    try {
      channel.open(stage);
      // a stage that finishes at once (most do) is not awaited: no turn of the microtask queue
      const made = (replace?.[stage.name] ?? stage.run)(state, channel);
      merge(state, stage, made instanceof Promise ? await made : made);
    } catch (cause) {
      if (cause instanceof EvaluationError) throw cause;
      throw new EvaluationError(stage.name, stage.errorText, { cause });
    }
    if (stage.name === through) return state;
  }
  return state;
}

/** The part of the result `stage` made, once it has run. */
export function resultOf<N extends StageName>(state: EvaluationState, stage: N): StageResults[N] {
  const result = state.results[stage];
  if (result === undefined) throw new Error(`The ${stage} stage did not run`);
  return result;
}
