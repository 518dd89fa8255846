// The one place the API calls @reclaim/engine, so the rest of the API depends on two functions.
import { evaluateAssessment, loadDefinition } from '@reclaim/engine';
import type { AssessmentDefinition, AssessmentEvaluation, ParameterSet } from '@reclaim/engine';

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

export type { AssessmentDefinition, AssessmentEvaluation, ParameterSet };
