import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorState, LoadingState } from '../../../components/States';
import {
  buttonSecondary,
  cardClass,
  focusRing,
  linkClass,
  stackBody,
  stackCell,
  stackHead,
  stackRow,
  stackTable,
  tableClass,
  tableWrapClass,
} from '../../../components/ui';
import {
  formatDateTime,
  formatMoney,
  formatRange,
  humanise,
  serviceName,
  statusLabel,
} from '../../../lib/format';
import { ALL_CLAIM_STATUSES } from '../../portal/types';
import { useGetAdminDashboardQuery, useGetSystemMetricsQuery } from '../adminApi';
import { ColumnChart, HorizontalBarChart } from '../components/BarChart';

const STATUS_COLOURS: Record<string, string> = {
  submitted: '#4a8cc8',
  in_review: '#2a6fb0',
  documents_requested: '#d97706',
  ready_to_file: '#14a683',
  filed: '#1d5893',
  accepted: '#0b8a6c',
  paid: '#0a6e57',
  rejected: '#dc2626',
  withdrawn: '#98a1b1',
};

const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'short', year: '2-digit' });

export function monthLabel(month: string): string {
  const match = /^(\d{4})-(\d{2})/.exec(month);
  if (!match) return month;
  return monthFormat.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}

function plural(n: number, word: string): string {
  return `${n.toLocaleString('en-GB')} ${word}${n === 1 ? '' : 's'}`;
}

function Figure({
  label,
  value,
  detail,
  to,
}: {
  label: string;
  value: string;
  detail?: string;
  to?: string;
}) {
  return (
    <div className={cardClass}>
      <p className="text-sm text-ink-600">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-ink-900">
        {to ? (
          <Link to={to} className={`rounded-sm text-ink-900 underline-offset-4 hover:underline ${focusRing}`}>
            {value}
          </Link>
        ) : (
          value
        )}
      </p>
      {detail ? <p className="mt-1 text-xs text-ink-500">{detail}</p> : null}
    </div>
  );
}

function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return days > 0 ? `${days} d ${hours} h` : hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`;
}

function SystemHealth() {
  const { data, error } = useGetSystemMetricsQuery();
  if (error) return <p className="text-sm text-ink-600">System metrics are unavailable.</p>;
  if (!data) return <LoadingState label="Loading system metrics…" />;
  const errorRate = data.requests.total > 0 ? (data.requests.errors / data.requests.total) * 100 : 0;
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm">
      <div>
        <dt className="text-ink-500">Uptime</dt>
        <dd className="font-medium text-ink-900">{formatUptime(data.uptime_seconds)}</dd>
      </div>
      <div>
        <dt className="text-ink-500">Requests</dt>
        <dd className="font-medium text-ink-900">
          {data.requests.total.toLocaleString('en-GB')} ({errorRate.toFixed(1)}% errors)
        </dd>
      </div>
      <div>
        <dt className="text-ink-500">Latency p50 / p95</dt>
        <dd className="font-medium text-ink-900">
          {Math.round(data.latency_ms.p50)} / {Math.round(data.latency_ms.p95)} ms
        </dd>
      </div>
      <div>
        <dt className="text-ink-500">Database</dt>
        <dd className="font-medium text-ink-900">
          {data.database.driver} · {(data.database.size_bytes / (1024 * 1024)).toFixed(1)} MB
        </dd>
      </div>
    </dl>
  );
}

export default function AdminDashboardPage() {
  const { data, isLoading, error, refetch, isFetching } = useGetAdminDashboardQuery();

  return (
    <div>
      <PageHeader
        title="Dashboard"
        description="How the firm is doing: clients, assessments and the claims pipeline."
        actions={
          <button
            type="button"
            className={buttonSecondary}
            onClick={() => void refetch()}
            disabled={isFetching}
          >
            {isFetching ? 'Refreshing…' : 'Refresh'}
          </button>
        }
      />
      {isLoading ? <LoadingState label="Loading dashboard…" /> : null}
      {error ? (
        <ErrorState
          error={error}
          fallback="The dashboard could not be loaded."
          onRetry={() => void refetch()}
        />
      ) : null}
      {data ? (
        <div className="space-y-6">
          <section aria-label="Key figures" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            <Figure
              label="Users"
              value={data.users.total.toLocaleString('en-GB')}
              detail={`${plural(data.users.clients, 'client')} · ${data.users.staff} staff · ${data.users.new_last_30_days} new in 30 days`}
              to="/portal/users"
            />
            <Figure
              label="Assessments"
              value={Object.values(data.assessments.by_status)
                .reduce((sum, n) => sum + n, 0)
                .toLocaleString('en-GB')}
              detail={Object.entries(data.assessments.by_status)
                .map(
                  ([status, n]) =>
                    `${n} ${status === 'COMPLETED' ? 'completed' : humanise(status).toLowerCase()}`,
                )
                .join(' · ')}
            />
            <Figure label="Claims" value={data.claims.total.toLocaleString('en-GB')} to="/portal/claims" />
            <Figure
              label="Pipeline value"
              value={formatMoney(data.pipeline_value.median)}
              detail={
                data.pipeline_value.high === 0
                  ? 'No open claim has an estimate yet'
                  : data.pipeline_value.low === data.pipeline_value.high
                    ? 'Total of the open claims’ estimates, every one exact'
                    : `Total of the open claims’ most likely estimates (range ${formatRange(data.pipeline_value)})`
              }
            />
          </section>

          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <section className={cardClass} aria-labelledby="claims-status-heading">
              <h2 id="claims-status-heading" className="mb-3 text-lg font-semibold">
                Claims by status
              </h2>
              <HorizontalBarChart
                title="Claims by status"
                data={ALL_CLAIM_STATUSES.map((status) => ({
                  label: statusLabel(status),
                  value: data.claims.by_status[status] ?? 0,
                  color: STATUS_COLOURS[status] ?? '#1d5893',
                }))}
              />
            </section>
            <section className={cardClass} aria-labelledby="value-time-heading">
              <h2 id="value-time-heading" className="mb-3 text-lg font-semibold">
                Value over time
              </h2>
              {data.value_over_time.length === 0 ? (
                <p className="text-sm text-ink-600">No claims have been created yet.</p>
              ) : (
                <ColumnChart
                  title="Estimated claim value by month"
                  formatValue={formatMoney}
                  data={data.value_over_time.map((point) => ({
                    label: monthLabel(point.month),
                    value: point.median,
                    count: point.count,
                  }))}
                />
              )}
            </section>
          </div>

          <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
            <section className={cardClass} aria-labelledby="by-service-heading">
              <h2 id="by-service-heading" className="mb-3 text-lg font-semibold">
                Assessments by service
              </h2>
              {Object.keys(data.assessments.by_service).length === 0 ? (
                <p className="text-sm text-ink-600">No assessments yet.</p>
              ) : (
                <HorizontalBarChart
                  title="Assessments by service"
                  data={Object.entries(data.assessments.by_service)
                    .sort((a, b) => b[1] - a[1])
                    .map(([service, n]) => ({
                      label: serviceName(service, data.assessments.service_names?.[service]),
                      value: n,
                    }))}
                />
              )}
            </section>
            <section className={cardClass} aria-labelledby="system-heading">
              <h2 id="system-heading" className="mb-3 text-lg font-semibold">
                System
              </h2>
              <SystemHealth />
            </section>
            <section className={cardClass} aria-labelledby="manage-heading">
              <h2 id="manage-heading" className="mb-3 text-lg font-semibold">
                Manage
              </h2>
              <ul className="space-y-2 text-sm">
                <li>
                  <Link to="/portal/claims" className={linkClass}>
                    Claims pipeline
                  </Link>
                </li>
                <li>
                  <Link to="/portal/news" className={linkClass}>
                    News articles
                  </Link>
                </li>
                <li>
                  <Link to="/portal/contact-messages" className={linkClass}>
                    Contact messages
                  </Link>
                </li>
                <li>
                  <Link to="/portal/activity-logs" className={linkClass}>
                    Activity logs
                  </Link>
                </li>
                <li>
                  <Link to="/portal/definitions" className={linkClass}>
                    Assessment definitions
                  </Link>
                </li>
              </ul>
            </section>
          </div>

          <section className={cardClass} aria-labelledby="activity-heading">
            <div className="mb-3 flex items-center justify-between">
              <h2 id="activity-heading" className="text-lg font-semibold">
                Recent activity
              </h2>
              <Link to="/portal/activity-logs" className={`${linkClass} text-sm`}>
                All activity
              </Link>
            </div>
            {data.recent_activity.length === 0 ? (
              <p className="text-sm text-ink-600">No activity recorded yet.</p>
            ) : (
              <div className={tableWrapClass} tabIndex={0} role="region" aria-label="Recent activity">
                <table className={`${tableClass} ${stackTable}`}>
                  <caption className="sr-only">Recent activity</caption>
                  <thead className={stackHead}>
                    <tr>
                      <th scope="col">When</th>
                      <th scope="col">User</th>
                      <th scope="col">Action</th>
                    </tr>
                  </thead>
                  <tbody className={stackBody}>
                    {data.recent_activity.slice(0, 10).map((log) => (
                      <tr key={log.id} className={stackRow}>
                        <td data-label="When" className={`whitespace-nowrap ${stackCell}`}>
                          {formatDateTime(log.created_at)}
                        </td>
                        <td data-label="User" className={`wrap-anywhere ${stackCell}`}>
                          {log.user?.email ?? 'Anonymous'}
                        </td>
                        <td data-label="Action" className={stackCell}>
                          {humanise(log.action)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </div>
      ) : null}
    </div>
  );
}
