// The one place the API calls @reclaim/engine, so the rest of the API depends on two functions.
import {
  checkDefinition,
  checkParameterSet,
  describeChanges,
  evaluateAssessment,
  loadDefinition,
  loadParameterSet,
} from '@reclaim/engine';
import type {
  AssessmentDefinition,
  AssessmentEvaluation,
  DefinitionChange,
  DefinitionCheck,
  ParameterSet,
} from '@reclaim/engine';

/** The studio's checks (engine's checkDefinition: screen, field and message in words). */
export function checksOf(
  json: unknown,
  parameterSets: ParameterSet[],
  published: Record<string, unknown> | null,
): DefinitionCheck[] {
  return checkDefinition(json, {
    parameterSets,
    published: published as unknown as AssessmentDefinition | null,
  });
}

/** A parameter set's checks in the studio's words (value types, gaps and overlaps of dates). */
export function parameterSetChecks(json: unknown): DefinitionCheck[] {
  return checkParameterSet(json);
}

/** Validates a parameter set with the engine (schema, sources, dates); throws listing every problem. */
export function loadParameterSetJson(json: unknown): ParameterSet {
  return loadParameterSet(json);
}

/** The plain-English diff (engine's describeChanges). */
export function changesBetween(before: unknown, after: unknown): DefinitionChange[] {
  return describeChanges(before, after);
}

export type { LoadedDefinition } from '@reclaim/engine';
import type { LoadedDefinition } from '@reclaim/engine';

/** Validates a definition with the engine (Ajv + semantic checks); throws listing every problem. */
export function loadDefinitionJson(json: unknown, parameterSets: ParameterSet[]): LoadedDefinition {
  return loadDefinition(json, { parameterSets });
}

export function evaluateWith(
  definition: LoadedDefinition,
  answers: Record<string, unknown>,
  asOf: string,
): Promise<AssessmentEvaluation> {
  return evaluateAssessment({ definition, answers, asOf });
}

export type { AssessmentDefinition, AssessmentEvaluation, DefinitionChange, DefinitionCheck, ParameterSet };
