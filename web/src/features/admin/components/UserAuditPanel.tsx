import { Link } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../../components/States';
import { buttonSecondary, linkClass } from '../../../components/ui';
import { formatDate, formatDateTime, humanise } from '../../../lib/format';
import { useGetUserAuditQuery } from '../adminApi';

export function UserAuditPanel({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { data, isLoading, error, refetch } = useGetUserAuditQuery(userId);
  return (
    <section aria-labelledby="audit-heading" className="card p-4 sm:p-6">
      <div className="mb-3 flex items-start justify-between gap-3">
        <div>
          <h2 id="audit-heading" className="text-lg font-semibold">
            Audit trail{data ? `: ${data.user.display_name || data.user.email}` : ''}
          </h2>
          {data ? (
            <p className="text-sm text-ink-600">
              {data.user.email} · {humanise(data.user.role.toLowerCase())} · joined{' '}
              {formatDate(data.user.date_joined)} · last sign-in {formatDateTime(data.user.last_login)}
            </p>
          ) : null}
        </div>
        <button type="button" className={buttonSecondary} onClick={onClose}>
          Close
        </button>
      </div>
      {isLoading ? <LoadingState label="Loading audit trail…" /> : null}
      {error ? (
        <ErrorState
          error={error}
          fallback="The audit trail could not be loaded."
          onRetry={() => void refetch()}
        />
      ) : null}
      {data && data.activity.length === 0 ? (
        <p className="text-sm text-ink-600">No activity recorded for this user.</p>
      ) : null}
      {data && data.activity.length > 0 ? (
        <p className="mb-2 text-sm">
          <Link to={`/portal/activity-logs?user=${encodeURIComponent(userId)}`} className={linkClass}>
            Filter the activity logs by this user
          </Link>
        </p>
      ) : null}
      {data && data.activity.length > 0 ? (
        <ol className="max-h-96 space-y-2 overflow-y-auto text-sm">
          {data.activity.map((log) => (
            <li
              key={log.id}
              className="flex flex-col gap-0.5 border-b border-ink-100 pb-2 sm:flex-row sm:gap-4"
            >
              <span className="shrink-0 text-ink-500 sm:w-44">{formatDateTime(log.created_at)}</span>
              <span className="font-medium text-ink-900">{humanise(log.action)}</span>
              {log.target_type ? (
                <span className="text-ink-600">
                  {log.target_type}
                  {log.target_id ? ` ${log.target_id.slice(0, 8)}` : ''}
                </span>
              ) : null}
              {log.ip ? <span className="text-ink-500">{log.ip}</span> : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
