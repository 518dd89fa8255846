// @reclaim/engine/testing: runs the tests a definition carries.
import type { LoadedDefinition } from '../definitions/loaded-definition';
import { evaluateAssessment } from '../rules/evaluate-assessment';
import { getPath } from '../rules/stages/result-fields';

export { getPath };

export interface DefinitionTestFailure {
  path: string;
  expected: unknown;
  actual: unknown;
}

export interface DefinitionTestResult {
  name: string;
  passed: boolean;
  failures: DefinitionTestFailure[];
  /** Set when the evaluation itself threw. */
  error?: string;
}

/** Numbers compare within 0.01 (to the cent); arrays and objects compare deeply. */
export function matchesExpected(expected: unknown, actual: unknown): boolean {
  if (typeof expected === 'number' && typeof actual === 'number')
    return Math.abs(expected - actual) <= 0.01 + 1e-9;
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      expected.length === actual.length &&
      expected.every((e, i) => matchesExpected(e, actual[i]))
    );
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
    const a = actual as Record<string, unknown>;
    const e = expected as Record<string, unknown>;
    const keys = new Set([...Object.keys(e), ...Object.keys(a)]);
    return [...keys].every((k) => matchesExpected(e[k], a[k]));
  }
  return expected === actual;
}

export async function runDefinitionTests(definition: LoadedDefinition): Promise<DefinitionTestResult[]> {
  const results: DefinitionTestResult[] = [];
  for (const test of definition.tests) {
    try {
      const evaluation = await evaluateAssessment({
        definition,
        asOf: test.asOf,
        ...(test.inputs ? { inputs: test.inputs } : { answers: test.answers ?? {} }),
      });
      const failures: DefinitionTestFailure[] = [];
      for (const [path, expected] of Object.entries(test.expect)) {
        const actual = getPath(evaluation, path);
        if (!matchesExpected(expected, actual))
          failures.push({ path, expected, actual: actual === undefined ? null : actual });
      }
      results.push({ name: test.name, passed: failures.length === 0, failures });
    } catch (error) {
      results.push({
        name: test.name,
        passed: false,
        failures: [],
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return results;
}

export {
  clientTextProblems,
  definitionFactNames,
  type ClientTextOptions,
  type ClientTextProblem,
} from './client-text';
