import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { config } from '../../lib/config';
import { type Health, useGetHealthQuery } from './health-api';

export type HealthState = 'checking' | 'ok' | 'issue';

const TEXT: Record<HealthState, string> = {
  checking: 'Checking system status...',
  ok: 'All systems operational',
  issue: 'System issue detected',
};

const DOT: Record<HealthState, string> = {
  checking: 'bg-yellow-400 animate-pulse',
  ok: 'bg-green-500',
  issue: 'bg-red-500',
};

function isConnectionError(error: unknown): boolean {
  const status = (error as FetchBaseQueryError | undefined)?.status;
  return status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR';
}

/** What is down, from the health report (the 503 carries it too). */
function downDetail(report: Partial<Health> | undefined): string | null {
  if (report?.database === 'down') return 'The database is not responding.';
  if (report?.redis === 'down') return 'Sign-in is unavailable: the rate-limit store is not responding.';
  if (report?.storage === 'down') return 'File storage is not responding.';
  return null;
}

/** Polls GET /api/health/ every 300000 ms while mounted (only signed-in users see it). */
export function useSystemHealth() {
  const query = useGetHealthQuery(undefined, {
    pollingInterval: config.healthPollMs,
    refetchOnMountOrArgChange: false,
  });
  let state: HealthState = 'ok';
  if (query.isFetching || query.isUninitialized) state = 'checking';
  else if (query.isError || query.data?.status !== 'ok') state = 'issue';
  const failed = query.error as FetchBaseQueryError | undefined;
  const detail = query.isError
    ? isConnectionError(query.error)
      ? 'Could not connect to server'
      : failed?.status === 503
        ? (downDetail(failed.data as Partial<Health> | undefined) ?? 'The database is not responding.')
        : 'The server reported a problem.'
    : downDetail(query.data);
  return {
    state,
    text: TEXT[state],
    detail,
    refresh: query.refetch,
    data: query.data,
    checkedAt: query.fulfilledTimeStamp,
  };
}

/** Compact dot for the header. */
export function SystemHealthIndicator() {
  const { state, text } = useSystemHealth();
  return (
    <span className="inline-flex items-center" title={text}>
      <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 rounded-full ${DOT[state]}`} />
      <span className="sr-only">{text}</span>
    </span>
  );
}

/** Detailed block for the user menu: status text, detail and a Refresh Status button. */
export function SystemHealthDetails() {
  const { state, text, detail, refresh, data } = useSystemHealth();
  return (
    <div className="rounded-lg bg-ink-50 p-3 text-sm" aria-live="polite">
      <p className="flex items-center gap-2 font-medium text-ink-900">
        <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 rounded-full ${DOT[state]}`} />
        {text}
      </p>
      {detail ? <p className="mt-1 text-xs text-red-700">{detail}</p> : null}
      {state === 'ok' && data?.version ? (
        <p className="mt-1 text-xs text-ink-500">Version {data.version}</p>
      ) : null}
      <button
        type="button"
        className="btn btn-secondary btn-sm mt-2"
        onClick={() => {
          void refresh();
        }}
        disabled={state === 'checking'}
      >
        Refresh Status
      </button>
    </div>
  );
}
