// Shared setup for the per-service definition tests: a definition loaded from its JSON, evaluated on
// calculator inputs or questionnaire answers at a fixed date, edited copies of it, and the check that
// the tests it carries pass.
import { describe, expect, it } from 'vitest';
import {
  evaluateAssessment,
  loadDefinition,
  type AssessmentDefinition,
  type LoadedDefinition,
} from '@reclaim/engine';
import { runDefinitionTests } from '@reclaim/engine/testing';
import { readDefinitionsFromDisk } from '@reclaim/definitions';

/** The date the service tests evaluate on unless a test names another. */
export const asOf = '2026-11-21';

type Values = Record<string, unknown>;

/** One definition file under test, loaded, with helpers to evaluate it and to load edited copies. */
export function definitionUnderTest(json: unknown) {
  const definition = loadDefinition(json);

  /** A copy of the definition JSON, edited by `change`, then loaded. */
  function copyOf(change: (def: AssessmentDefinition) => void) {
    const copy = structuredClone(json) as AssessmentDefinition;
    change(copy);
    return loadDefinition(copy);
  }

  /** A copy of the definition with one eligibility rule's points changed (to reach scores off its grid). */
  function withPoints(ruleId: string, points: number) {
    return copyOf((def) => {
      if (!('rules' in def.eligibility)) throw new Error('scored eligibility expected');
      const rule = def.eligibility.rules.find((r) => r.id === ruleId);
      if (!rule) throw new Error(`no rule ${ruleId}`);
      rule.points = points;
    });
  }

  return {
    definition,
    byInputs: (inputs: Values, on = asOf) => evaluateAssessment({ definition, inputs, asOf: on }),
    byAnswers: (answers: Values, on = asOf) => evaluateAssessment({ definition, answers, asOf: on }),
    copyOf,
    withPoints,
  };
}

/**
 * One published version loaded with the parameter sets on disk (definitions/parameters), evaluated on
 * answers at `on` unless a test names another date: for tests that compare a version with the one
 * before it.
 */
export function version(json: unknown, on: string) {
  const definition = loadDefinition(json, {
    parameterSets: Object.values(readDefinitionsFromDisk().parameterSets),
  });
  return {
    definition,
    byAnswers: (answers: Values, date = on) => evaluateAssessment({ definition, answers, asOf: date }),
  };
}

/** Runs the tests the definition carries: at least `atLeast` of them, none failing. */
export async function expectEmbeddedTestsPass(definition: LoadedDefinition, atLeast: number) {
  const results = await runDefinitionTests(definition);
  expect(results.length).toBeGreaterThanOrEqual(atLeast);
  expect(results.filter((r) => !r.passed)).toEqual([]);
}

/** `<name>: embedded tests` › `every embedded test passes`. */
export function describeEmbeddedTests(name: string, definition: LoadedDefinition, atLeast: number) {
  describe(`${name}: embedded tests`, () => {
    it('every embedded test passes', () => expectEmbeddedTestsPass(definition, atLeast));
  });
}
