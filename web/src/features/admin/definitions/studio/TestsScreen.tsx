// Embedded tests: the definition's own cases as a table, Run all against the draft in this
// browser (the engine's runDefinitionTests), pass or fail per row with what differed. Issue 29
// item 5: each case reads in plain English, in the definition's own words (describeTestCase): the
// answers and what is expected, never a result path such as `eligibility.score = 85`.
import { useState } from 'react';
import { formatDate, type ParameterSet } from '@reclaim/engine';
import {
  describeExpectation,
  describeTestCase,
  runDefinitionTests,
  type DefinitionTestResult,
} from '@reclaim/engine/testing';
import { buttonDanger, buttonPrimary, tableClass, tableWrapClass } from '../../../../components/ui';
import { loadLocally } from '../engine-local';
import { Section } from './controls';
import type { Draft, UpdateDraft } from './model';

export default function TestsScreen({
  draft,
  update,
  parameterSets,
}: {
  draft: Draft;
  update: UpdateDraft;
  parameterSets: ParameterSet[];
}) {
  const [results, setResults] = useState<{ for: Draft; list: DefinitionTestResult[] } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const current = results && results.for === draft ? results.list : null;

  const runAll = async () => {
    setRunning(true);
    setProblem(null);
    const loaded = loadLocally(draft, parameterSets);
    if (!loaded.ok) {
      setProblem(`The draft has ${loaded.issues.length} problem(s); see Checks. The tests cannot run.`);
      setResults(null);
    } else {
      setResults({ for: draft, list: await runDefinitionTests(loaded.definition) });
    }
    setRunning(false);
  };

  const passed = current?.filter((r) => r.passed).length ?? 0;
  return (
    <Section
      title="Embedded tests"
      description="Each case answers the questionnaire on a date and states the results expected. Add one from Try: “Save this run as a test”."
      actions={
        <button type="button" className={buttonPrimary} onClick={() => void runAll()} disabled={running}>
          {running ? 'Running…' : 'Run all'}
        </button>
      }
    >
      {problem ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      {current ? (
        <p role="status" className="text-sm font-medium" data-testid="tests-summary">
          {passed} of {current.length} tests pass.
        </p>
      ) : null}
      <div className={tableWrapClass}>
        <table className={tableClass} aria-label="Embedded tests">
          <thead>
            <tr>
              <th scope="col">Case</th>
              <th scope="col">Date</th>
              <th scope="col">Expected</th>
              <th scope="col">Result</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {draft.tests.map((test, i) => {
              const result = current?.[i];
              const described = describeTestCase(draft, test);
              return (
                <tr key={`${test.name}-${i}`} data-testid={`test-row-${i}`}>
                  <td className="align-top">
                    <span className="block font-medium">{test.name}</span>
                    <span className="mt-1 block text-sm text-ink-700" data-testid={`test-sentence-${i}`}>
                      {described.sentence}
                    </span>
                    <details className="mt-1 text-xs">
                      <summary>Every answer</summary>
                      <ul className="list-disc pl-4">
                        {described.answers.map((a, k) => (
                          <li key={k}>
                            {a.question} <strong>{a.answer}</strong>
                          </li>
                        ))}
                      </ul>
                    </details>
                  </td>
                  <td className="whitespace-nowrap align-top">{formatDate(test.asOf)}</td>
                  <td className="align-top text-sm">
                    <ul className="list-disc pl-4" aria-label={`Expected of ${test.name}`}>
                      {described.expectations.map((e) => (
                        <li key={e.path}>{e.text}</li>
                      ))}
                    </ul>
                  </td>
                  <td>
                    {result ? (
                      result.passed ? (
                        <span className="badge bg-accent-100 text-accent-800">Pass</span>
                      ) : (
                        <span>
                          <span className="badge bg-red-100 text-red-800">Fail</span>
                          <span className="mt-1 block text-xs">
                            {result.error ??
                              result.failures
                                .map(
                                  (f) =>
                                    `Expected ${describeExpectation(draft, f.path, f.expected)}; got ${describeExpectation(draft, f.path, f.actual)}`,
                                )
                                .join('. ')}
                          </span>
                        </span>
                      )
                    ) : (
                      <span className="text-ink-500">Not run</span>
                    )}
                  </td>
                  <td>
                    <button
                      type="button"
                      className={buttonDanger}
                      aria-label={`Remove test ${test.name}`}
                      onClick={() => update((d) => void d.tests.splice(i, 1))}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Section>
  );
}
