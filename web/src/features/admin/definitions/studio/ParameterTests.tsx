// The release gate of a parameter draft (issue 29 §4): the set's own tests, in plain English, and
// the coverage of the saved draft as the server computed it: each dated value the draft adds or
// changes and the passing tests that read it, the draft's failing tests, and the published tests
// whose outcome the new values change. A test is added from the Try tab ("Save this run as a test
// of the parameters") and kept with the set when the parameter draft is saved.
import type { ParameterSet, ParameterSetTest } from '@reclaim/engine';
import { describeTestCase } from '@reclaim/engine/testing';
import { buttonDanger } from '../../../../components/ui';
import { useGetParameterSetQuery } from '../definitionsApi';
import { coverageBoxClass, passingTests } from './coverage-words';
import { FailingTests } from './FailingTests';
import type { Draft } from './model';

/** A test as the adviser reads it: its sentence when it runs this definition, its name otherwise. */
function testSentence(draft: Draft, test: ParameterSetTest): string {
  if (test.definition !== draft.id) return `${test.name} (a test of ${test.definition})`;
  return describeTestCase(draft, test).sentence;
}

export default function ParameterTests({
  set,
  draft,
  onChange,
}: {
  /** The set as edited on this screen. */
  set: ParameterSet;
  /** The definition draft open in the studio (for the tests' sentences). */
  draft: Draft;
  onChange: (set: ParameterSet) => void;
}) {
  const query = useGetParameterSetQuery(set.id);
  const coverage = query.data?.coverage ?? null;
  const tests = set.tests ?? [];
  const heading = `Tests of these parameters`;
  return (
    <div className="mb-4 space-y-2 text-sm" role="region" aria-label={`${heading}: ${set.title}`}>
      <h4 className="font-semibold text-ink-800">{heading}</h4>
      {tests.length === 0 ? (
        <p className="text-ink-600">
          None yet. A new or changed rate needs a test dated in its period: answer the questionnaire on the
          Try tab with a date in the period, then “Save this run as a test of the parameters”.
        </p>
      ) : (
        <ul className="space-y-1">
          {tests.map((test, i) => (
            <li key={`${test.name}-${i}`} className="flex flex-wrap items-start justify-between gap-2">
              <span>{testSentence(draft, test)}</span>
              <button
                type="button"
                className={`${buttonDanger} btn-sm`}
                aria-label={`Remove test: ${test.name}`}
                onClick={() => onChange({ ...set, tests: tests.filter((_t, j) => j !== i) })}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {coverage ? (
        <div
          className={coverageBoxClass(coverage.ok)}
          data-testid={`parameter-coverage-${set.id}`}
          role="region"
          aria-label={`Test coverage of the saved parameter draft: ${set.title}`}
        >
          <p className="font-medium">
            {coverage.items.length === 0
              ? 'The saved draft changes no dated value: no test needed for the gate.'
              : coverage.ok
                ? 'Every changed value of the saved draft is read by a passing test.'
                : 'Not ready for review: some changed values of the saved draft are read by no passing test.'}
          </p>
          {coverage.items.length > 0 ? (
            <ul className="mt-1 space-y-0.5">
              {coverage.items.map((item) => (
                <li key={item.id}>
                  “{item.label}”:{' '}
                  {item.covered_by.length > 0
                    ? `read by ${passingTests(item.covered_by)}`
                    : 'not read by any passing test: add a test dated in its period'}
                </li>
              ))}
            </ul>
          ) : null}
          <FailingTests names={coverage.failing_tests} reasons={coverage.failing_reasons} />
          {coverage.changed_outcomes.length > 0 ? (
            <p className="mt-1">
              Published tests whose result these values change:{' '}
              {coverage.changed_outcomes.slice(0, 5).join('; ')}
              {coverage.changed_outcomes.length > 5
                ? ` and ${coverage.changed_outcomes.length - 5} more`
                : ''}
              .
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
