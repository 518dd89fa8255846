// Impact at scale (issue 9 point 5): a background run replays every stored assessment of the
// definition against the saved draft; a progress bar and Cancel while it runs, then the rows by
// client and claim reference, filterable, with a CSV download of what the filters show. Issue 29
// item 3: the A/B table above them (how many change likelihood, value band and approach; the ten
// largest value changes; as CSV), and the same run for a parameter draft (a rate change).
import { useEffect, useId, useState } from 'react';
import { toast } from '../../../../lib/toast';
import { ErrorState, LoadingState } from '../../../../components/States';
import {
  buttonDanger,
  buttonSecondary,
  stackBody,
  stackCell,
  stackHead,
  stackRow,
  stackTable,
  tableClass,
  tableWrapClass,
} from '../../../../components/ui';
import { downloadFile } from '../../../../lib/authenticated-transfer';
import { errorMessage } from '../../../../lib/errors';
import { formatMoney } from '../../../../lib/format';
import { useRefreshSession } from '../../../../lib/use-refresh-session';
import {
  impactQuery,
  useCancelImpactRunMutation,
  useGetImpactRunQuery,
  useGetImpactRunResultsQuery,
  useGetImpactRunSummaryQuery,
  useStartImpactRunMutation,
  useStartParameterImpactRunMutation,
} from '../definitionsApi';
import type { ImpactOutcome, ImpactResultsFilter, ImpactRun, ImpactSummary } from '../types';

const LIKELIHOODS = ['Likely', 'Possible', 'Unlikely'] as const;
const PAGE_SIZE = 50;

function beforeAfter(before: string, after: string, changed: boolean) {
  if (!changed) return <span>{after}</span>;
  return (
    <span>
      {before} <span aria-hidden="true">→</span>
      <span className="sr-only">becomes</span> <strong>{after}</strong>
    </span>
  );
}

const text = (v: string | null) => v || '—';
const money = (v: number | null) => (v === null ? '—' : formatMoney(v));

function RunProgress({
  run,
  onCancel,
  cancelling,
}: {
  run: ImpactRun;
  onCancel: () => void;
  cancelling: boolean;
}) {
  const labelId = useId();
  return (
    <div className="space-y-2" data-testid="impact-progress">
      <p id={labelId} className="text-sm text-ink-700">
        {run.state === 'queued'
          ? 'Waiting to start…'
          : `Replaying stored assessments: ${run.checked.toLocaleString('en-GB')} of ${(run.total ?? 0).toLocaleString('en-GB')} checked`}
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={run.percent}
        aria-valuetext={`${run.percent}%`}
        className="h-3 w-full overflow-hidden rounded bg-ink-100"
      >
        <div className="h-full bg-brand-600 transition-all" style={{ width: `${run.percent}%` }} />
      </div>
      <button type="button" className={buttonDanger} onClick={onCancel} disabled={cancelling}>
        {cancelling ? 'Cancelling…' : 'Cancel'}
      </button>
    </div>
  );
}

const count = (n: number) => n.toLocaleString('en-GB');

function signed(n: number): string {
  return n > 0 ? `+${count(n)}` : n < 0 ? `−${count(-n)}` : '0';
}

function signedMoney(n: number): string {
  return n > 0 ? `+${formatMoney(n)}` : n < 0 ? `−${formatMoney(-n)}` : formatMoney(0);
}

/** The A/B table: per likelihood, value band and approach, how many assessments under A and B. */
function AbTable({ summary }: { summary: ImpactSummary }) {
  return (
    <div className="space-y-3" data-testid="impact-ab">
      <p className="text-sm text-ink-700">
        Of {count(summary.checked)} assessments: {count(summary.changed.likelihood)} change likelihood,{' '}
        {count(summary.changed.value_band)} change value band, {count(summary.changed.approach)} change
        approach.
      </p>
      <div className={tableWrapClass}>
        <table className={tableClass}>
          <caption className="text-left text-sm font-semibold">
            {summary.a_label} (A) against {summary.b_label} (B)
          </caption>
          <thead>
            <tr>
              <th scope="col">Measure</th>
              <th scope="col">Value</th>
              <th scope="col" className="text-right">
                A: {summary.a_label}
              </th>
              <th scope="col" className="text-right">
                B: {summary.b_label}
              </th>
              <th scope="col" className="text-right">
                Difference
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.measures.flatMap((m) =>
              m.rows.map((r, i) => (
                <tr key={`${m.measure}-${r.value ?? 'none'}`}>
                  {i === 0 ? (
                    <td rowSpan={m.rows.length} className="font-medium">
                      {m.label}
                    </td>
                  ) : null}
                  <td>{r.value ?? 'None'}</td>
                  <td className="text-right tabular-nums">{count(r.a)}</td>
                  <td className="text-right tabular-nums">{count(r.b)}</td>
                  <td className={`text-right tabular-nums ${r.b !== r.a ? 'font-semibold' : ''}`}>
                    {signed(r.b - r.a)}
                  </td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
      {summary.largest_value_changes.length > 0 ? (
        <div className={tableWrapClass}>
          <table className={tableClass}>
            <caption className="text-left text-sm font-semibold">
              The {summary.largest_value_changes.length} largest value changes
            </caption>
            <thead>
              <tr>
                <th scope="col">Client</th>
                <th scope="col">Claim reference</th>
                <th scope="col" className="text-right">
                  A
                </th>
                <th scope="col" className="text-right">
                  B
                </th>
                <th scope="col" className="text-right">
                  Change
                </th>
              </tr>
            </thead>
            <tbody>
              {summary.largest_value_changes.map((r) => (
                <tr key={r.assessment_id}>
                  <td>{text(r.client_name)}</td>
                  <td className="font-mono text-xs">{text(r.claim_reference)}</td>
                  <td className="text-right tabular-nums">{money(r.before.value)}</td>
                  <td className="text-right tabular-nums">{money(r.after.value)}</td>
                  <td className="text-right tabular-nums">{signedMoney(r.value_change)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

function Summary({ id, run }: { id: string; run: ImpactRun }) {
  const refresh = useRefreshSession();
  const summary = useGetImpactRunSummaryQuery({ id, runId: run.run_id });
  const download = async () => {
    try {
      await downloadFile(
        `/api/definitions/${encodeURIComponent(id)}/impact-runs/${encodeURIComponent(run.run_id)}/summary.csv`,
        `impact-summary-${id}.csv`,
        refresh,
      );
    } catch (caught) {
      toast.error(errorMessage(caught, 'The CSV could not be downloaded.'));
    }
  };
  if (summary.isLoading) return <LoadingState label="Loading the A/B table…" />;
  if (summary.isError)
    return <ErrorState error={summary.error} fallback="The A/B table could not be loaded." />;
  if (!summary.data) return null;
  return (
    <div className="space-y-2">
      <AbTable summary={summary.data} />
      <a
        href="#download-summary"
        className="text-sm font-medium text-brand-700 underline"
        onClick={(e) => {
          e.preventDefault();
          void download();
        }}
      >
        Download the A/B table (CSV)
      </a>
    </div>
  );
}

function Results({ id, run }: { id: string; run: ImpactRun }) {
  const ids = useId();
  const refresh = useRefreshSession();
  const [changedOnly, setChangedOnly] = useState(true);
  const [before, setBefore] = useState('');
  const [after, setAfter] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const filter: ImpactResultsFilter = {
    changed: changedOnly ? 'any' : 'all',
    likelihood_before: before || undefined,
    likelihood_after: after || undefined,
    q: q.trim() || undefined,
  };
  const results = useGetImpactRunResultsQuery({
    id,
    runId: run.run_id,
    filter: { ...filter, page, page_size: PAGE_SIZE },
  });
  const pages = results.data ? Math.max(1, Math.ceil(results.data.total / PAGE_SIZE)) : 1;
  const reset = () => setPage(1);

  const download = async () => {
    try {
      await downloadFile(
        `/api/definitions/${encodeURIComponent(id)}/impact-runs/${encodeURIComponent(run.run_id)}/results.csv${impactQuery(filter)}`,
        `impact-${id}.csv`,
        refresh,
      );
    } catch (caught) {
      toast.error(errorMessage(caught, 'The CSV could not be downloaded.'));
    }
  };

  return (
    <div className="space-y-3">
      <fieldset className="flex flex-wrap items-end gap-4">
        <legend className="sr-only">Filter the replayed assessments</legend>
        <label className="flex items-center gap-2 text-sm" htmlFor={`${ids}-changed`}>
          <input
            id={`${ids}-changed`}
            type="checkbox"
            checked={changedOnly}
            onChange={(e) => {
              setChangedOnly(e.target.checked);
              reset();
            }}
          />
          Changed only
        </label>
        <div className="flex flex-col text-sm">
          <label htmlFor={`${ids}-before`}>Likelihood now</label>
          <select
            id={`${ids}-before`}
            value={before}
            onChange={(e) => {
              setBefore(e.target.value);
              reset();
            }}
          >
            <option value="">Any</option>
            {LIKELIHOODS.map((l) => (
              <option key={l}>{l}</option>
            ))}
          </select>
        </div>
        <div className="flex flex-col text-sm">
          <label htmlFor={`${ids}-after`}>Likelihood with the draft</label>
          <select
            id={`${ids}-after`}
            value={after}
            onChange={(e) => {
              setAfter(e.target.value);
              reset();
            }}
          >
            <option value="">Any</option>
            {LIKELIHOODS.map((l) => (
              <option key={l}>{l}</option>
            ))}
          </select>
        </div>
        <div className="flex flex-col text-sm">
          <label htmlFor={`${ids}-q`}>Client or claim reference</label>
          <input
            id={`${ids}-q`}
            type="search"
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
              reset();
            }}
          />
        </div>
        <a
          href="#download"
          className="text-sm font-medium text-brand-700 underline"
          onClick={(e) => {
            e.preventDefault();
            void download();
          }}
        >
          Download CSV
        </a>
      </fieldset>
      {results.isLoading ? <LoadingState label="Loading the replayed assessments…" /> : null}
      {results.isError ? (
        <ErrorState error={results.error} fallback="The results could not be loaded." />
      ) : null}
      {results.data ? (
        <>
          <p className="text-sm text-ink-700" aria-live="polite">
            {results.data.total.toLocaleString('en-GB')}{' '}
            {results.data.total === 1 ? 'assessment' : 'assessments'} shown
          </p>
          <div className={tableWrapClass}>
            <table className={`${tableClass} ${stackTable}`}>
              <caption className="sr-only">
                {run.parameter_set_id
                  ? `Stored assessments replayed with the parameter draft of ${run.parameter_set_id}: published parameters and the draft`
                  : `Stored assessments replayed with draft v${run.draft_version}: now and with the draft`}
              </caption>
              <thead className={stackHead}>
                <tr>
                  <th scope="col">Client</th>
                  <th scope="col">Claim reference</th>
                  <th scope="col">Likelihood</th>
                  <th scope="col">Approach</th>
                  <th scope="col">Value</th>
                </tr>
              </thead>
              <tbody className={stackBody}>
                {results.data.rows.map((row) => {
                  const cell = (
                    pick: (o: ImpactOutcome) => string,
                    part: 'likelihood' | 'approach' | 'value',
                  ) => beforeAfter(pick(row.before), pick(row.after), row.changes.includes(part));
                  return (
                    <tr key={row.assessment_id} className={stackRow}>
                      <td data-label="Client" className={stackCell}>
                        {text(row.client_name)}
                      </td>
                      <td data-label="Claim reference" className={`font-mono text-xs ${stackCell}`}>
                        {text(row.claim_reference)}
                      </td>
                      <td data-label="Likelihood" className={stackCell}>
                        {cell((o) => text(o.likelihood), 'likelihood')}
                      </td>
                      <td data-label="Approach" className={stackCell}>
                        {cell((o) => text(o.approach), 'approach')}
                      </td>
                      <td data-label="Value" className={stackCell}>
                        {cell((o) => money(o.value), 'value')}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {pages > 1 ? (
            <nav className="flex items-center gap-3 text-sm" aria-label="Result pages">
              <button
                type="button"
                className={buttonSecondary}
                onClick={() => setPage((p) => Math.max(1, p - 1))}
                disabled={page <= 1}
              >
                Previous
              </button>
              <span>
                Page {page} of {pages}
              </span>
              <button
                type="button"
                className={buttonSecondary}
                onClick={() => setPage((p) => Math.min(pages, p + 1))}
                disabled={page >= pages}
              >
                Next
              </button>
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

export default function ImpactRunPanel({
  id,
  draftVersion,
  parameterSetId,
}: {
  id: string;
  /** The saved definition draft to replay (null: none saved yet). */
  draftVersion: number | null;
  /** Replay the version in force with this set's saved draft instead (a rate change). */
  parameterSetId?: string;
}) {
  const [runId, setRunId] = useState<string | null>(null);
  const [startDraft, startingDraft] = useStartImpactRunMutation();
  const [startParameters, startingParameters] = useStartParameterImpactRunMutation();
  const starting = parameterSetId ? startingParameters : startingDraft;
  const [cancel, cancelling] = useCancelImpactRunMutation();
  const [polling, setPolling] = useState(false);
  // Progress is read once a second while the run is open (the server updates it at least that often).
  const run = useGetImpactRunQuery(
    { id, runId: runId ?? '' },
    { skip: runId === null, pollingInterval: polling ? 1000 : 0 },
  );
  const current = run.data && run.data.run_id === runId ? run.data : null;
  const open = current ? current.state === 'queued' || current.state === 'running' : runId !== null;
  useEffect(() => {
    if (current && !open) setPolling(false);
  }, [current, open]);

  const onStart = async () => {
    if (draftVersion === null && !parameterSetId) return;
    try {
      const started = parameterSetId
        ? await startParameters({ id, set_id: parameterSetId }).unwrap()
        : await startDraft({ id, version: draftVersion ?? 0 }).unwrap();
      setRunId(started.run_id);
      setPolling(true);
    } catch (caught) {
      toast.error(errorMessage(caught, 'The impact run could not be started.'));
    }
  };
  const onCancel = async () => {
    if (!runId) return;
    try {
      await cancel({ id, runId }).unwrap();
      void run.refetch();
    } catch (caught) {
      toast.error(errorMessage(caught, 'The run could not be cancelled.'));
    }
  };

  return (
    <div className="space-y-3" data-testid="impact-run">
      <button
        type="button"
        className={buttonSecondary}
        onClick={() => void onStart()}
        disabled={
          (draftVersion === null && !parameterSetId) || starting.isLoading || (runId !== null && open)
        }
      >
        {runId === null ? 'Check impact' : 'Check impact again'}
      </button>
      {runId !== null && !current && run.isFetching ? (
        <LoadingState label="Starting the impact run…" />
      ) : null}
      {run.isError ? <ErrorState error={run.error} fallback="The impact run could not be read." /> : null}
      {current && open ? (
        <RunProgress run={current} onCancel={() => void onCancel()} cancelling={cancelling.isLoading} />
      ) : null}
      {current && !open ? (
        <div className="space-y-3">
          <p className="text-sm text-ink-700" role="status">
            {current.state === 'completed'
              ? `${current.changed_count.toLocaleString('en-GB')} of ${current.checked.toLocaleString('en-GB')} stored assessments would change outcome${current.parameter_set_id ? ' with the parameter draft' : ''}.`
              : current.state === 'cancelled'
                ? `Cancelled after ${current.checked.toLocaleString('en-GB')} of ${(current.total ?? 0).toLocaleString('en-GB')} assessments (${current.changed_count.toLocaleString('en-GB')} would change); the rows below are those replayed.`
                : `The run failed: ${current.error ?? 'unknown error'}`}
          </p>
          {current.state !== 'failed' ? <Summary id={id} run={current} /> : null}
          {current.state !== 'failed' ? <Results id={id} run={current} /> : null}
        </div>
      ) : null}
    </div>
  );
}
