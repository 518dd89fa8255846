import { Link } from 'react-router-dom';
import { greetingFor } from '../lib/greeting';
import { useAuth } from '../../auth/use-auth';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/States';
import { StatusBadge } from '../../../components/StatusBadge';
import { buttonPrimary, cardClass, linkClass } from '../../../components/ui';
import { formatDate, formatMoney, formatPaidMoney, serviceName } from '../../../lib/format';
import {
  useGetUnreadCountQuery,
  useListAssessmentsQuery,
  useListClaimsQuery,
  useListPendingTasksQuery,
} from '../portalApi';
import type { Claim, PendingDocumentTask } from '../types';

const CLOSED = new Set(['rejected', 'withdrawn']);

function Figure({ label, value, to }: { label: string; value: string; to?: string }) {
  const body = (
    <>
      <p className="text-sm text-ink-600">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-ink-900">{value}</p>
    </>
  );
  return (
    <div className={cardClass}>
      {to ? (
        <Link to={to} className={`block ${linkClass} no-underline hover:no-underline`}>
          {body}
        </Link>
      ) : (
        body
      )}
    </div>
  );
}

/** Every pending document of the client's submitted assessments: one request, however many. */
function PendingTasks({ tasks }: { tasks: PendingDocumentTask[] }) {
  return (
    <>
      {tasks.map((task) => (
        <li key={task.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-medium text-ink-900">
              Upload {task.name}
              {task.required ? '' : ' (optional)'}
            </p>
            <p className="text-sm text-ink-600">
              {serviceName(task.service_type, task.service_name)}
              {task.description ? ` · ${task.description}` : ''}
            </p>
          </div>
          <Link
            to={`/portal/documents?task=${encodeURIComponent(task.id)}&assessment=${encodeURIComponent(task.assessment_id)}`}
            className={linkClass}
          >
            Upload document
          </Link>
        </li>
      ))}
    </>
  );
}

function claimValue(claims: Claim[]): number {
  return claims
    .filter((claim) => !CLOSED.has(claim.status))
    .reduce((sum, claim) => sum + (claim.estimated_value?.median ?? 0), 0);
}

export default function ClientDashboardPage() {
  const { user } = useAuth();
  const applications = useListClaimsQuery({ stage: 'application', page_size: 100 });
  const claims = useListClaimsQuery({ stage: 'claim', page_size: 100 });
  const unread = useGetUnreadCountQuery();
  const assessments = useListAssessmentsQuery();
  const pendingTasks = useListPendingTasksQuery();

  const loading = applications.isLoading || claims.isLoading || assessments.isLoading;
  const error = applications.error ?? claims.error ?? assessments.error;

  const applicationList = applications.data?.results ?? [];
  const claimList = claims.data?.results ?? [];
  const openApplications = applicationList.filter((claim) => !CLOSED.has(claim.status));
  const inProgress = (assessments.data ?? []).filter((assessment) => assessment.status === 'in_progress');
  const documentsRequested = applicationList.filter((claim) => claim.status === 'documents_requested');
  // A paid or closed claim no longer asks for its documents: the API leaves those tasks out.
  const repaid = claimList.filter((claim) => claim.status === 'paid' && claim.amount_repaid !== null);
  const unreadCount = unread.data?.unread ?? 0;
  const recent = [...applicationList, ...claimList]
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
    .slice(0, 5);
  const name = user?.display_name?.trim() || user?.username || 'there';

  return (
    <div>
      <PageHeader
        title="Dashboard"
        description={`${greetingFor(user)}, ${name}. Here is where your reclaims stand.`}
        actions={
          <Link to="/eligibility-checker" className={buttonPrimary}>
            Check eligibility for a service
          </Link>
        }
      />
      {loading ? <LoadingState label="Loading your dashboard…" /> : null}
      {error ? (
        <ErrorState
          error={error}
          fallback="Your dashboard could not be loaded."
          onRetry={() => {
            void applications.refetch();
            void claims.refetch();
            void assessments.refetch();
          }}
        />
      ) : null}
      {!loading && !error ? (
        <div className="space-y-6">
          <section aria-label="Summary" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            <Figure
              label="Open applications"
              value={String(openApplications.length)}
              to="/portal/applications"
            />
            <Figure
              label="Claims"
              value={String(claims.data?.count ?? claimList.length)}
              to="/portal/claims"
            />
            <Figure
              label="Total estimated value"
              value={formatMoney(claimValue([...applicationList, ...claimList]))}
            />
            <Figure label="Unread messages" value={String(unreadCount)} to="/portal/messages" />
          </section>

          <section className={cardClass} aria-labelledby="next-actions">
            <h2 id="next-actions" className="text-lg font-semibold text-ink-900">
              Next actions
            </h2>
            <ul className="mt-2 divide-y divide-ink-100">
              {documentsRequested.map((claim) => (
                <li
                  key={claim.id}
                  className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div>
                    <p className="font-medium text-ink-900">Documents requested for {claim.reference}</p>
                    <p className="text-sm text-ink-600">
                      {serviceName(claim.service_type, claim.service_name)}
                    </p>
                  </div>
                  <Link to={`/portal/applications/${claim.id}`} className={linkClass}>
                    View application
                  </Link>
                </li>
              ))}
              <PendingTasks tasks={pendingTasks.data ?? []} />
              {unreadCount > 0 ? (
                <li className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between">
                  <p className="font-medium text-ink-900">
                    You have {unreadCount} unread {unreadCount === 1 ? 'message' : 'messages'}
                  </p>
                  <Link to="/portal/messages" className={linkClass}>
                    Read messages
                  </Link>
                </li>
              ) : null}
              {inProgress.length > 0 ? (
                <li className="py-3">
                  <p className="font-medium text-ink-900">
                    Finish{' '}
                    {inProgress.length === 1 ? 'your assessment' : `your ${inProgress.length} assessments`} in
                    progress (below)
                  </p>
                </li>
              ) : null}
            </ul>
            {documentsRequested.length === 0 &&
            (pendingTasks.data ?? []).length === 0 &&
            unreadCount === 0 &&
            inProgress.length === 0 ? (
              <p className="mt-2 text-sm text-ink-600">
                Nothing needs your attention right now. Start with the eligibility checker to see which
                reliefs you could claim.
              </p>
            ) : null}
          </section>

          {repaid.length > 0 ? (
            <section className={cardClass} aria-labelledby="repayments">
              <h2 id="repayments" className="text-lg font-semibold text-ink-900">
                Repayments
              </h2>
              <ul className="mt-2 divide-y divide-ink-100">
                {repaid.map((claim) => (
                  <li
                    key={claim.id}
                    className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between"
                  >
                    <div>
                      <Link to={`/portal/claims/${claim.id}`} className={linkClass}>
                        {claim.reference}
                      </Link>
                      <p className="text-sm text-ink-600">
                        {serviceName(claim.service_type, claim.service_name)}
                      </p>
                    </div>
                    <p className="text-ink-900">
                      Amount repaid <strong>{formatPaidMoney(claim.amount_repaid ?? 0)}</strong>
                      {claim.fee !== null ? (
                        <span className="text-sm text-ink-600"> · our fee {formatPaidMoney(claim.fee)}</span>
                      ) : null}
                    </p>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <section className={cardClass} aria-labelledby="in-progress">
            <h2 id="in-progress" className="text-lg font-semibold text-ink-900">
              Assessments in progress
            </h2>
            {inProgress.length === 0 ? (
              <p className="mt-2 text-sm text-ink-600">You have no assessments in progress.</p>
            ) : (
              <ul className="mt-2 divide-y divide-ink-100">
                {inProgress.map((assessment) => (
                  <li
                    key={assessment.assessment_id}
                    className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between"
                  >
                    <div>
                      <p className="font-medium text-ink-900">
                        {serviceName(assessment.service_type, assessment.service_name)}
                      </p>
                      <p className="text-sm text-ink-600">
                        Step {assessment.current_step + 1} · last saved {formatDate(assessment.updated_at)}
                      </p>
                    </div>
                    <Link
                      to={`/assessment/${encodeURIComponent(assessment.service_type)}/${encodeURIComponent(assessment.assessment_id)}`}
                      className={linkClass}
                    >
                      Continue assessment
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className={cardClass} aria-labelledby="recent">
            <h2 id="recent" className="text-lg font-semibold text-ink-900">
              Recent applications and claims
            </h2>
            {recent.length === 0 ? (
              <div className="mt-3">
                <EmptyState title="No applications yet">
                  When you submit an assessment it becomes an application here.
                </EmptyState>
              </div>
            ) : (
              <ul className="mt-2 divide-y divide-ink-100">
                {recent.map((claim) => (
                  <li
                    key={claim.id}
                    className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                  >
                    <div>
                      <Link
                        to={`/portal/${claim.stage === 'claim' ? 'claims' : 'applications'}/${claim.id}`}
                        className={linkClass}
                      >
                        {claim.reference}
                      </Link>
                      <p className="text-sm text-ink-600">
                        {serviceName(claim.service_type, claim.service_name)} · updated{' '}
                        {formatDate(claim.updated_at)}
                      </p>
                    </div>
                    <StatusBadge status={claim.status} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      ) : null}
    </div>
  );
}
