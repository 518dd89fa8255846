import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { FilterSelect, SearchForm } from '../../../components/ListFilters';
import { PageHeader } from '../../../components/PageHeader';
import { PagedResults } from '../../../components/PagedResults';
import { EmptyState } from '../../../components/States';
import { buttonSecondary } from '../../../components/ui';
import { statusLabel } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import { useAuth } from '../../auth/use-auth';
import { ALL_CLAIM_STATUSES, type ClaimStatus } from '../../portal/types';
import { BulkActionBar } from '../components/BulkActionBar';
import { SavedViews } from '../components/SavedViews';
import { WorkbenchTable } from '../components/WorkbenchTable';
import { FILTER_KEYS, type WorkbenchFilters } from '../types';
import { useGetServiceStaffQuery, useListStaffQuery, useListWorkbenchQuery } from '../workbenchApi';

const PAGE_SIZE = 25;

function filtersOf(params: URLSearchParams): WorkbenchFilters {
  const status = params.get('status') ?? '';
  const due = params.get('due') ?? '';
  return {
    ...((ALL_CLAIM_STATUSES as readonly string[]).includes(status) ? { status: status as ClaimStatus } : {}),
    ...(params.get('service') ? { service: params.get('service')! } : {}),
    ...(params.get('assignee') ? { assignee: params.get('assignee')! } : {}),
    ...(due === 'overdue' || due === 'due_soon' ? { due } : {}),
    ...(params.get('search') ? { search: params.get('search')! } : {}),
  };
}

/**
 * The staff workbench (issue 30): every claim with its statutory deadline and SLA, filtered by
 * status, service, assignee and due date; saved views; bulk actions on the selected claims.
 */
export default function WorkbenchPage() {
  const { user } = useAuth();
  const { params, page, update } = useListParams();
  const filters = filtersOf(params);
  const query = useListWorkbenchQuery({ ...filters, page, page_size: PAGE_SIZE });
  const staff = useListStaffQuery().data?.results ?? [];
  const services = useGetServiceStaffQuery().data?.results ?? [];
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const rows = useMemo(() => query.data?.results ?? [], [query.data]);
  const references = useMemo(() => new Map(rows.map((r) => [r.id, r.reference])), [rows]);

  const setFilter = (key: (typeof FILTER_KEYS)[number], value: string) => update({ [key]: value, page: '' });
  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div>
      <PageHeader
        title="Claims workbench"
        description="Every claim with its statutory deadline and SLA. Passed deadlines come first."
        actions={
          user?.role === 'ADMIN' ? (
            <Link to="/portal/workbench-settings" className={buttonSecondary}>
              SLA and assignment settings
            </Link>
          ) : undefined
        }
      />
      <SavedViews
        filters={filters}
        onOpen={(view) =>
          update({
            ...Object.fromEntries(FILTER_KEYS.map((k) => [k, view.filters[k] ?? ''])),
            page: '',
          })
        }
      />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <FilterSelect
          id="wb-due"
          label="Due"
          allLabel="Any time"
          value={filters.due ?? ''}
          onChange={(v) => setFilter('due', v)}
          className="sm:w-56"
        >
          <option value="overdue">Overdue (deadline or SLA passed)</option>
          <option value="due_soon">Deadline within 30 days</option>
        </FilterSelect>
        <FilterSelect
          id="wb-assignee"
          label="Assignee"
          allLabel="Anyone"
          value={filters.assignee ?? ''}
          onChange={(v) => setFilter('assignee', v)}
          className="sm:w-56"
        >
          <option value="mine">Mine</option>
          <option value="unassigned">Unassigned</option>
          {staff.map((s) => (
            <option key={s.id} value={s.id}>
              {s.display_name}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          id="wb-status"
          label="Status"
          allLabel="All statuses"
          value={filters.status ?? ''}
          onChange={(v) => setFilter('status', v)}
          className="sm:w-56"
        >
          {ALL_CLAIM_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          id="wb-service"
          label="Service"
          allLabel="All services"
          value={filters.service ?? ''}
          onChange={(v) => setFilter('service', v)}
          className="sm:w-56"
        >
          {services.map((s) => (
            <option key={s.service_type} value={s.service_type}>
              {s.service_name ?? s.service_type}
            </option>
          ))}
        </FilterSelect>
        <SearchForm
          key={filters.search ?? ''}
          id="wb-search"
          initial={filters.search ?? ''}
          placeholder="Reference, client name or e-mail"
          className="sm:w-80"
          onSearch={(text) => setFilter('search', text)}
        />
      </div>
      {selected.size > 0 ? (
        <BulkActionBar
          selected={[...selected]}
          references={references}
          staff={staff}
          onDone={(failed) => setSelected(new Set(failed))}
        />
      ) : null}
      <PagedResults
        query={query}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={(next) => update({ page: String(next) })}
        loadingLabel="Loading claims…"
        errorFallback="The claims could not be loaded."
        empty={<EmptyState title="No claims match these filters" />}
        pagesLabel="Claims pages"
      >
        <WorkbenchTable
          rows={rows}
          selected={selected}
          onToggle={toggle}
          onToggleAll={(all) => setSelected(all ? new Set(rows.map((r) => r.id)) : new Set())}
        />
      </PagedResults>
    </div>
  );
}
