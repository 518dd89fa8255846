import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAuth } from '../../auth/use-auth';
import { ClaimDrafts } from '../components/ClaimDrafts';
import { ComposeThread } from '../components/ComposeThread';
import { DocumentTable } from '../components/DocumentTable';
import { DocumentUploader } from '../components/DocumentUploader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/States';
import { StatusBadge } from '../../../components/StatusBadge';
import { StatusChangeForm } from '../components/StatusChangeForm';
import { DocumentRequestForm } from '../components/DocumentRequestForm';
import { ClaimWorkPanel } from '../../workbench/claim-work-panel';
import { StatusTimeline } from '../components/StatusTimeline';
import { ThreadView } from '../components/ThreadView';
import { buttonSecondary, cardClass, linkClass } from '../../../components/ui';
import { errorStatus } from '../../../lib/errors';
import {
  asksForDocuments,
  formatDate,
  formatDay,
  formatMoney,
  formatPaidMoney,
  serviceName,
  statusLabel,
} from '../../../lib/format';
import {
  useGetAssessmentTasksQuery,
  useGetClaimQuery,
  useListDocumentsQuery,
  useListThreadsQuery,
} from '../portalApi';
import type { Claim } from '../types';

/**
 * The claim's estimate, in words for whoever reads it: the client ("your answers"), or staff
 * looking at a client's claim ("the client's answers").
 */
function EstimatedValue({ claim }: { claim: Claim }) {
  const { isAdmin, user } = useAuth();
  const staffOnClientsClaim = isAdmin && claim.user.id !== user?.id;
  const value = claim.estimated_value;
  if (!value) {
    return (
      <p className="text-sm text-ink-600">
        {staffOnClientsClaim
          ? 'The assessment gave no estimate from the client’s answers.'
          : 'We will estimate the value once we have reviewed your answers.'}
      </p>
    );
  }
  // Worked out exactly from the client's own figures (e.g. SDLT paid minus SDLT due): one number.
  if (value.low === value.high) {
    return (
      <div>
        <p className="text-sm text-ink-600">
          {staffOnClientsClaim
            ? 'Estimated from the figures the client gave'
            : 'Estimated from the figures you gave'}
        </p>
        <p className="text-3xl font-semibold text-ink-900">{formatMoney(value.median)}</p>
        <p className="mt-2 text-sm text-ink-600">The final amount depends on what HMRC accepts.</p>
      </div>
    );
  }
  return (
    <div>
      <p className="text-sm text-ink-600">Most likely</p>
      <p className="text-3xl font-semibold text-ink-900">{formatMoney(value.median)}</p>
      <p className="mt-2 text-sm text-ink-600">
        Range {formatMoney(value.low)} to {formatMoney(value.high)}, depending on what HMRC accepts.
      </p>
    </div>
  );
}

/** What HMRC repaid and our fee, once staff have recorded them at Paid. */
function Repayment({ claim }: { claim: Claim }) {
  if (claim.status !== 'paid' || claim.amount_repaid === null) return null;
  return (
    <dl className="space-y-3">
      <div>
        <dt className="text-sm text-ink-600">Amount repaid</dt>
        <dd className="text-3xl font-semibold text-ink-900">{formatPaidMoney(claim.amount_repaid)}</dd>
      </div>
      {claim.fee !== null ? (
        <div>
          <dt className="text-sm text-ink-600">Our fee</dt>
          <dd className="text-lg font-medium text-ink-900">{formatPaidMoney(claim.fee)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function ClaimDocuments({ claim }: { claim: Claim }) {
  const { isAdmin } = useAuth();
  const documents = useListDocumentsQuery({ claim_id: claim.id, page_size: 100 });
  const tasks = useGetAssessmentTasksQuery(claim.assessment_id ?? '', { skip: !claim.assessment_id });
  // The list endpoint may not filter by claim; keep only this claim's files either way.
  const list = (documents.data?.results ?? []).filter((doc) => doc.claim_id === claim.id);
  const pending = (tasks.data ?? []).filter((task) => task.status === 'pending');
  // A paid or closed claim no longer asks the client for anything; staff still see what never came.
  const asking = asksForDocuments(claim.status);
  return (
    <div className="space-y-4">
      {pending.length > 0 && (asking || isAdmin) ? (
        <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-medium">
            {!isAdmin
              ? 'Documents we still need'
              : asking
                ? 'Still waiting for the client to upload'
                : `Requested but never received (the claim is ${statusLabel(claim.status).toLowerCase()})`}
          </p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {pending.map((task) => (
              <li key={task.id}>
                <span className="font-medium">{task.name}</span>
                {task.required ? '' : ' (optional)'}
                {task.due_date ? ` — due by ${formatDay(task.due_date)}` : ''}
                {task.requested_by_staff && task.description ? (
                  <span className="block text-amber-800">Why we need it: {task.description}</span>
                ) : null}{' '}
                {claim.assessment_id && !isAdmin ? (
                  <Link
                    to={`/portal/documents?task=${encodeURIComponent(task.id)}&assessment=${encodeURIComponent(claim.assessment_id)}`}
                    className={linkClass}
                  >
                    Upload
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {documents.isLoading ? <LoadingState label="Loading documents…" /> : null}
      {!documents.isLoading && list.length === 0 ? (
        <p className="text-sm text-ink-600">No documents are linked to this {claim.stage} yet.</p>
      ) : null}
      {list.length > 0 ? (
        <DocumentTable documents={list} caption={`Documents for ${claim.reference}`} showLinked={false} />
      ) : null}
      <DocumentUploader
        heading="Add a document"
        target={{ claimId: claim.id, assessmentId: claim.assessment_id ?? undefined }}
        taskOptions={
          asking && !isAdmin ? pending.map((task) => ({ id: task.id, label: task.name })) : undefined
        }
      />
    </div>
  );
}

function ClaimMessages({ claim }: { claim: Claim }) {
  const { isAdmin } = useAuth();
  const threads = useListThreadsQuery({ claim_id: claim.id, page_size: 100 });
  const [createdId, setCreatedId] = useState<string | null>(null);
  const thread = (threads.data?.results ?? []).find((item) => item.claim_id === claim.id);
  const threadId = thread?.id ?? createdId;
  if (threads.isLoading) return <LoadingState label="Loading messages…" />;
  if (threadId) return <ThreadView threadId={threadId} showSubject={false} />;
  return (
    <div>
      <p className="mb-3 text-sm text-ink-600">
        {isAdmin
          ? `No conversation with the client about this ${claim.stage} yet.`
          : `Questions about this ${claim.stage}? Write to your adviser.`}
      </p>
      <ComposeThread
        fixedClaimId={claim.id}
        {...(isAdmin ? { fixedClientId: claim.user.id } : {})}
        defaultSubject={`${claim.reference}: ${serviceName(claim.service_type, claim.service_name)}`}
        onCreated={(created) => setCreatedId(created.id)}
      />
    </div>
  );
}

export default function ClaimDetailPage({ stage }: { stage: 'application' | 'claim' }) {
  const { id = '' } = useParams();
  const { isAdmin } = useAuth();
  const { data: claim, isLoading, error, refetch } = useGetClaimQuery(id, { skip: !id });
  const listPath = stage === 'claim' ? '/portal/claims' : '/portal/applications';
  const listLabel = stage === 'claim' ? (isAdmin ? 'Claims pipeline' : 'Claims') : 'Applications';

  const back = (
    <Link to={listPath} className={`${linkClass} text-sm`}>
      ← {listLabel}
    </Link>
  );

  if (isLoading) return <LoadingState label="Loading…" />;
  if (error || !claim) {
    const status = errorStatus(error);
    return (
      <div className="space-y-4">
        {back}
        {status === 404 || status === 403 || !error ? (
          <EmptyState title={`This ${stage} was not found`}>
            It may have been withdrawn, or the link is wrong.
          </EmptyState>
        ) : (
          <ErrorState
            error={error}
            fallback={`This ${stage} could not be loaded.`}
            onRetry={() => void refetch()}
          />
        )}
      </div>
    );
  }

  return (
    <div className="space-y-6">
      {back}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold text-ink-900">
            {serviceName(claim.service_type, claim.service_name)}{' '}
            {claim.stage === 'claim' ? 'claim' : 'application'}
          </h1>
          <p className="mt-1 text-sm text-ink-600">
            Reference {claim.reference} · submitted {formatDate(claim.created_at)}
            {isAdmin ? ` · ${claim.user.display_name || claim.user.email} (${claim.user.email})` : ''}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <StatusBadge status={claim.status} />
          {claim.assessment_id ? (
            <Link
              to={`/assessment/${encodeURIComponent(claim.assessment_id)}/results`}
              className={buttonSecondary}
            >
              View assessment results
            </Link>
          ) : null}
        </div>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <section className={cardClass} aria-labelledby="timeline-heading">
            <h2 id="timeline-heading" className="mb-4 text-lg font-semibold text-ink-900">
              Status timeline
            </h2>
            <StatusTimeline claim={claim} />
          </section>
          <section className={cardClass} aria-labelledby="drafts-heading">
            <h2 id="drafts-heading" className="mb-4 text-lg font-semibold text-ink-900">
              Claim documents
            </h2>
            <ClaimDrafts claim={claim} />
          </section>
          <section className={cardClass} aria-labelledby="documents-heading">
            <h2 id="documents-heading" className="mb-4 text-lg font-semibold text-ink-900">
              Documents
            </h2>
            <ClaimDocuments claim={claim} />
          </section>
        </div>
        <div className="space-y-6">
          {claim.status === 'paid' && claim.amount_repaid !== null ? (
            <section className={cardClass} aria-labelledby="repayment-heading">
              <h2 id="repayment-heading" className="mb-4 text-lg font-semibold text-ink-900">
                Repayment
              </h2>
              <Repayment claim={claim} />
            </section>
          ) : null}
          <section className={cardClass} aria-labelledby="value-heading">
            <h2 id="value-heading" className="mb-4 text-lg font-semibold text-ink-900">
              Estimated value
            </h2>
            <EstimatedValue claim={claim} />
          </section>
          {isAdmin ? (
            <section className={cardClass} aria-labelledby="status-heading">
              <h2 id="status-heading" className="mb-4 text-lg font-semibold text-ink-900">
                Move this claim
              </h2>
              <StatusChangeForm key={claim.status} claim={claim} />
            </section>
          ) : null}
          {isAdmin ? <ClaimWorkPanel claimId={claim.id} /> : null}
          {isAdmin ? (
            <section className={cardClass} aria-labelledby="request-heading">
              <h2 id="request-heading" className="mb-4 text-lg font-semibold text-ink-900">
                Request a document
              </h2>
              <DocumentRequestForm claim={claim} />
            </section>
          ) : null}
          <section className={cardClass} aria-labelledby="messages-heading">
            <h2 id="messages-heading" className="mb-4 text-lg font-semibold text-ink-900">
              Messages
            </h2>
            <ClaimMessages claim={claim} />
          </section>
        </div>
      </div>
    </div>
  );
}
