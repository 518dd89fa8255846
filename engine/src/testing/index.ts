// @reclaim/engine/testing: runs the tests a definition carries.
import type { LoadedDefinition } from '../definitions/loaded-definition';
import { evaluateAssessment } from '../rules/evaluate-assessment';
import { getPath } from '../rules/stages/result-fields';
import { matchesExpected } from './match';

export { getPath, matchesExpected };

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

export {
  changedParameterRefs,
  changedParameterValues,
  changedRules,
  definitionCoverage,
  onlyEnded,
  parameterSetCoverage,
  rulesOf,
  runTestWithTrace,
  runTestsWithTrace,
  testsMatchingRule,
  testsReadingParameter,
  type CoverageItem,
  type ParameterCoverage,
  type ParameterReader,
  type ReleaseCoverage,
  type TestRun,
} from './coverage';

export {
  describeAnswers,
  describeExpectation,
  describeTestCase,
  type DescribedAnswer,
  type DescribedExpectation,
  type DescribedTest,
} from './describe';
