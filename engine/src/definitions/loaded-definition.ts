import type { AssessmentDefinition, ParameterSet } from '../types';

/** A definition that passed schema and semantic checks: deeply frozen, with its parameter sets. */
export interface LoadedDefinition extends AssessmentDefinition {
  /** The parameter sets its `parameters` refer to (not enumerable: JSON of a loaded definition is the file). */
  readonly parameterSets: Readonly<Record<string, ParameterSet>>;
}

const loaded = new WeakSet<object>();

export function markLoaded(definition: LoadedDefinition): void {
  loaded.add(definition);
}

export function isLoadedDefinition(value: unknown): value is LoadedDefinition {
  return typeof value === 'object' && value !== null && loaded.has(value);
}

export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as Record<string, unknown>)) deepFreeze(v);
  }
  return value;
}

/** Whether `value` and everything in it is frozen (as deepFreeze leaves it). */
export function isDeepFrozen(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (!Object.isFrozen(value)) return false;
  for (const v of Object.values(value)) if (!isDeepFrozen(v)) return false;
  return true;
}
