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

  // The list's select filters, one entry each: [value, words] options after the "all" one.
  const selects: {
    key: Exclude<(typeof FILTER_KEYS)[number], 'search'>;
    label: string;
    allLabel: string;
    options: [string, string][];
  }[] = [
    {
      key: 'due',
      label: 'Due',
      allLabel: 'Any time',
      options: [
        ['overdue', 'Overdue (deadline or SLA passed)'],
        ['due_soon', 'Deadline within 30 days'],
      ],
    },
    {
      key: 'assignee',
      label: 'Assignee',
      allLabel: 'Anyone',
      options: [
        ['mine', 'Mine'],
        ['unassigned', 'Unassigned'],
        ...staff.map((s): [string, string] => [s.id, s.display_name]),
      ],
    },
    {
      key: 'status',
      label: 'Status',
      allLabel: 'All statuses',
      options: ALL_CLAIM_STATUSES.map((s): [string, string] => [s, statusLabel(s)]),
    },
    {
      key: 'service',
      label: 'Service',
      allLabel: 'All services',
      options: services.map((s): [string, string] => [s.service_type, s.service_name ?? s.service_type]),
    },
  ];
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
        {selects.map((f) => (
          <FilterSelect
            key={f.key}
            id={`wb-${f.key}`}
            label={f.label}
            allLabel={f.allLabel}
            value={filters[f.key] ?? ''}
            onChange={(v) => setFilter(f.key, v)}
            className="sm:w-56"
          >
            {f.options.map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </FilterSelect>
        ))}
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
