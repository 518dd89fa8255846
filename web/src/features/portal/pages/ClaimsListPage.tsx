import { Link } from 'react-router-dom';
import { useAuth } from '../../auth/use-auth';
import { useGetAdminDashboardQuery } from '../../admin/adminApi';
import { ClaimsTable } from '../components/ClaimsTable';
import { PageHeader } from '../../../components/PageHeader';
import { FilterSelect, SearchForm } from '../../../components/ListFilters';
import { PagedResults } from '../../../components/PagedResults';
import { EmptyState } from '../../../components/States';
import { buttonPrimary, focusRing } from '../../../components/ui';
import { statusLabel } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import { useListClaimsQuery } from '../portalApi';
import {
  ALL_CLAIM_STATUSES,
  APPLICATION_STATUSES,
  CLAIM_STATUSES,
  CLOSED_STATUSES,
  type ClaimStage,
  type ClaimStatus,
} from '../types';

const PAGE_SIZE = 20;

function parseStatus(value: string | null): ClaimStatus | '' {
  return (ALL_CLAIM_STATUSES as readonly string[]).includes(value ?? '') ? (value as ClaimStatus) : '';
}

function parseStage(value: string | null): ClaimStage | undefined {
  return value === 'application' || value === 'claim' ? value : undefined;
}

// Staff see the pipeline: every stage, counts by status from the admin dashboard.
function PipelineCounts({
  active,
  onPick,
}: {
  active: ClaimStatus | '';
  onPick: (status: ClaimStatus | '') => void;
}) {
  const { data } = useGetAdminDashboardQuery();
  if (!data) return null;
  const byStatus = data.claims.by_status;
  return (
    <div role="group" aria-label="Claims by status" className="mb-4 flex flex-wrap gap-2">
      <button
        type="button"
        aria-pressed={active === ''}
        onClick={() => onPick('')}
        className={`rounded-full border px-3 py-1 text-sm ${focusRing} ${
          active === '' ? 'border-brand-700 bg-brand-700 text-white' : 'border-ink-300 bg-white text-ink-700'
        }`}
      >
        All ({data.claims.total})
      </button>
      {ALL_CLAIM_STATUSES.map((status) => (
        <button
          key={status}
          type="button"
          aria-pressed={active === status}
          onClick={() => onPick(status)}
          className={`rounded-full border px-3 py-1 text-sm ${focusRing} ${
            active === status
              ? 'border-brand-700 bg-brand-700 text-white'
              : 'border-ink-300 bg-white text-ink-700'
          }`}
        >
          {statusLabel(status)} ({byStatus[status] ?? 0})
        </button>
      ))}
    </div>
  );
}

export default function ClaimsListPage({ stage }: { stage: ClaimStage }) {
  const { isAdmin } = useAuth();
  const { params, page, update } = useListParams();
  const status = parseStatus(params.get('status'));
  // Staff's claims page is the whole pipeline unless they narrow it to one stage.
  const pipeline = isAdmin && stage === 'claim';
  const effectiveStage = pipeline ? parseStage(params.get('stage')) : stage;
  const search = isAdmin ? (params.get('search') ?? '') : '';

  const query = useListClaimsQuery({
    stage: effectiveStage,
    status,
    search: search || undefined,
    page,
    page_size: PAGE_SIZE,
  });
  const { data, isFetching, isLoading } = query;

  const statusOptions: readonly ClaimStatus[] = pipeline
    ? ALL_CLAIM_STATUSES
    : stage === 'application'
      ? APPLICATION_STATUSES
      : [...CLAIM_STATUSES, ...CLOSED_STATUSES];

  const title = pipeline ? 'Claims pipeline' : stage === 'application' ? 'Applications' : 'Claims';
  const description = pipeline
    ? 'Every client claim from submission to payment. Open one to move it to its next status.'
    : stage === 'application'
      ? isAdmin
        ? 'All clients’ applications that have not been filed with HMRC yet.'
        : 'Your submitted assessments while we review them and prepare the claim.'
      : 'Claims we have filed with HMRC on your behalf, through to payment.';

  const claims = data?.results ?? [];

  return (
    <div>
      <PageHeader
        title={title}
        description={description}
        actions={
          !isAdmin && stage === 'application' ? (
            <Link to="/eligibility-checker" className={buttonPrimary}>
              Start a new assessment
            </Link>
          ) : undefined
        }
      />
      {pipeline ? (
        <PipelineCounts active={status} onPick={(value) => update({ status: value, page: '' })} />
      ) : null}
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <FilterSelect
          id="claims-status"
          label="Status"
          allLabel="All statuses"
          value={status}
          onChange={(value) => update({ status: value, page: '' })}
          className="sm:w-64"
        >
          {statusOptions.map((option) => (
            <option key={option} value={option}>
              {statusLabel(option)}
            </option>
          ))}
        </FilterSelect>
        {isAdmin ? (
          <SearchForm
            id="claims-search"
            initial={search}
            placeholder="Reference, client name or e-mail"
            className="sm:w-80"
            onSearch={(text) => update({ search: text, page: '' })}
          />
        ) : null}
        {pipeline ? (
          <FilterSelect
            id="claims-stage"
            label="Stage"
            allLabel="All stages"
            value={effectiveStage ?? ''}
            onChange={(value) => update({ stage: value, page: '' })}
            className="sm:w-64"
          >
            <option value="application">Applications (before filing)</option>
            <option value="claim">Claims (filed)</option>
          </FilterSelect>
        ) : null}
        {isFetching && !isLoading ? (
          <p role="status" className="text-sm text-ink-500">
            Updating…
          </p>
        ) : null}
      </div>
      <PagedResults
        query={query}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={(next) => update({ page: String(next) })}
        loadingLabel={`Loading ${title.toLowerCase()}…`}
        errorFallback={`${title} could not be loaded.`}
        empty={
          <EmptyState
            title={
              status
                ? `Nothing is ${statusLabel(status).toLowerCase()} right now.`
                : `No ${title.toLowerCase()} yet`
            }
          >
            {stage === 'application' && !isAdmin
              ? 'Check your eligibility for a service and submit the assessment to start an application.'
              : stage === 'claim' && !isAdmin
                ? 'An application becomes a claim on the day we file it with HMRC, and then moves here. Until then, follow it under Applications.'
                : null}
          </EmptyState>
        }
        pagesLabel={`${title} pages`}
      >
        <ClaimsTable claims={claims} showClient={isAdmin} caption={title} />
      </PagedResults>
    </div>
  );
}
