// Embedded tests: the definition's own cases as a table, Run all against the draft in this
// browser (the engine's runDefinitionTests), pass or fail per row with what differed.
import { useState } from 'react';
import type { ParameterSet } from '@reclaim/engine';
import { runDefinitionTests, type DefinitionTestResult } from '@reclaim/engine/testing';
import { buttonDanger, buttonPrimary, tableClass, tableWrapClass } from '../../../../components/ui';
import { loadLocally } from '../engine-local';
import { Section } from './controls';
import type { Draft, UpdateDraft } from './model';

function expectText(expect: Record<string, unknown>): string {
  return Object.entries(expect)
    .map(([path, value]) => `${path} = ${JSON.stringify(value)}`)
    .join('; ');
}

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
      description="Each case answers the questionnaire on a date and states the results expected. Add cases from Try."
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
              return (
                <tr key={`${test.name}-${i}`} data-testid={`test-row-${i}`}>
                  <th scope="row" className="text-left font-medium">
                    {test.name}
                  </th>
                  <td className="whitespace-nowrap">{test.asOf}</td>
                  <td className="font-mono text-xs break-words">{expectText(test.expect)}</td>
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
                                    `${f.path}: expected ${JSON.stringify(f.expected)}, got ${JSON.stringify(f.actual)}`,
                                )
                                .join('; ')}
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
