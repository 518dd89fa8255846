// The empty evaluation state of one call: the definition (loaded and checked once when plain
// JSON is given), the date, the caller's answers or inputs and how stages explain themselves.
// The runner (pipeline.ts) fills it with what each stage returns.
import type { AssessmentDefinition } from '../types';
import { isLoadedDefinition, type LoadedDefinition } from '../definitions/loaded-definition';
import { loadDefinition } from '../definitions/load-definition';
import { buildStageEngines, getStageEngines } from './engine/stage-engines';
import { isIsoDate } from './inputs/dates';
import { FULL_EXPLANATION, type EvaluationState, type Explanation, type StageInput } from './stages/state';

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

export function createState(
  input: StageInput,
  options: { buildEnginesPerCall?: boolean; explain?: Explanation } = {},
): EvaluationState {
  const def = ensureLoaded(input.definition);
  const asOf = resolveAsOf(input.asOf);
  return {
    definition: def,
    given: {
      ...(input.answers ? { answers: input.answers } : {}),
      ...(input.inputs ? { inputs: input.inputs } : {}),
    },
    serviceType: input.serviceType ?? def.serviceType,
    engines: options.buildEnginesPerCall ? buildStageEngines(def) : getStageEngines(def),
    asOf,
    explain: options.explain ?? FULL_EXPLANATION,
    facts: {},
    results: {},
    trace: {
      definition: { id: def.id, version: def.version },
      asOf,
      rules: [],
      calculations: [],
      parameters: [],
    },
    missing: new Set<string>(),
  };
}
