import { useSearchParams } from 'react-router-dom';
import { FormAlert, TextField, useAppForm } from '../../../components/form';
import { PageHeader } from '../../../components/PageHeader';
import { FilterSelect } from '../../../components/ListFilters';
import { PagedResults } from '../../../components/PagedResults';
import { EmptyState } from '../../../components/States';
import { buttonPrimary, buttonSecondary, tableClass, tableWrapClass } from '../../../components/ui';
import { formatDateTime, humanise } from '../../../lib/format';
import { useLazyListAdminUsersQuery, useListActivityLogsQuery } from '../adminApi';

const PAGE_SIZE = 25;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// The actions the API records (api/src/modules/*: ACTIVITY, ACTIVITY_* and news_* names).
export const KNOWN_ACTIONS = [
  'login',
  'login_failed',
  'login_throttled',
  'login_link_requested',
  'logout',
  'refresh_reuse',
  'register',
  'register_existing',
  'password_reset_requested',
  'password_reset',
  'password_change',
  'profile_update',
  'data_export',
  'account_erased',
  'forbidden',
  'role_change',
  'user_deactivated',
  'user_reactivated',
  'staff_view_client_record',
  'assessment_save',
  'assessment_submit',
  'claim_status_change',
  'document_upload',
  'document_download',
  'document_delete',
  'news_create',
  'news_update',
  'news_publish',
  'news_unpublish',
  'definition_draft_saved',
  'definition_submitted',
  'definition_withdrawn',
  'definition_review_withdrawn',
  'definition_approved',
  'definition_publish',
  'definition_rollback_draft',
  'definition_rollback',
] as const;

interface Filters {
  user: string;
  action: string;
  from: string;
  to: string;
}

function detailText(detail: unknown): string {
  if (detail === null || detail === undefined) return '';
  if (typeof detail === 'string') return detail;
  try {
    return JSON.stringify(detail);
  } catch {
    return '';
  }
}

function dayBoundary(day: string, edge: 'start' | 'end'): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export default function ActivityLogsPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const applied: Filters = {
    user: params.get('user') ?? '',
    action: params.get('action') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  const form = useAppForm<Filters>({ defaultValues: applied });
  const draftAction = form.watch('action');

  const query = useListActivityLogsQuery({
    user: applied.user || undefined,
    action: applied.action || undefined,
    // Dates are whole local days: from the start of "from" to the end of "to".
    from: dayBoundary(applied.from, 'start'),
    to: dayBoundary(applied.to, 'end'),
    page,
    page_size: PAGE_SIZE,
  });
  const { data, isLoading, isFetching } = query;

  const apply = (filters: Filters, nextPage = 1) => {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(filters) as [keyof Filters, string][]) {
      if (value) next.set(key, value.trim());
    }
    if (nextPage > 1) next.set('page', String(nextPage));
    setParams(next);
  };

  const [findUsers] = useLazyListAdminUsersQuery();

  // The API filters by user id; staff usually know the e-mail, so an e-mail is looked up first.
  const resolveUser = async (text: string): Promise<string | null> => {
    const value = text.trim();
    if (!value || UUID.test(value)) return value;
    const found = await findUsers({ search: value, page_size: 10 })
      .unwrap()
      .catch(() => null);
    const matches = found?.results ?? [];
    const exact = matches.find(
      (user) => user.email.toLowerCase() === value.toLowerCase() || user.username === value,
    );
    const match = exact ?? (matches.length === 1 ? matches[0] : undefined);
    return match ? match.id : null;
  };

  const onValid = async (draft: Filters) => {
    if (draft.from && draft.to && draft.from > draft.to) {
      // About two fields at once: said in the form's alert.
      form.setFormError('The “from” date must be on or before the “to” date.');
      return;
    }
    const user = await resolveUser(draft.user);
    if (user === null) {
      form.setError('user', {
        type: 'lookup',
        message: `No single user matches “${draft.user.trim()}”. Enter their full e-mail address.`,
      });
      return;
    }
    apply({ ...draft, user });
  };

  const logs = data?.results ?? [];
  const filtered = Object.values(applied).some(Boolean);

  return (
    <div>
      <PageHeader
        title="Activity Logs"
        description="Sign-ins, account changes and refused requests, newest first."
      />
      <form
        onSubmit={(event) => void form.submit(onValid)(event)}
        noValidate
        className="card mb-6 grid grid-cols-1 gap-4 p-4 sm:grid-cols-2 sm:p-6 lg:grid-cols-5"
        aria-label="Filter activity"
      >
        <TextField
          id="logs-user"
          className="lg:col-span-2"
          label="User (e-mail or id)"
          {...form.field('user')}
        />
        <FilterSelect
          id="logs-action"
          label="Action"
          allLabel="All actions"
          value={draftAction}
          onChange={(action) => form.setValue('action', action)}
        >
          {draftAction && !(KNOWN_ACTIONS as readonly string[]).includes(draftAction) ? (
            <option value={draftAction}>{humanise(draftAction)}</option>
          ) : null}
          {KNOWN_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {humanise(action)}
            </option>
          ))}
        </FilterSelect>
        <TextField id="logs-from" type="date" label="From" {...form.field('from')} />
        <TextField id="logs-to" type="date" label="To" {...form.field('to')} />
        <FormAlert form={form} className="sm:col-span-2 lg:col-span-5" />
        <div className="flex gap-2 sm:col-span-2 lg:col-span-5">
          <button type="submit" className={buttonPrimary} disabled={form.formState.isSubmitting}>
            Apply filters
          </button>
          {filtered ? (
            <button
              type="button"
              className={buttonSecondary}
              onClick={() => {
                const empty = { user: '', action: '', from: '', to: '' };
                form.reset(empty);
                apply(empty);
              }}
            >
              Clear
            </button>
          ) : null}
          {isFetching && !isLoading ? (
            <span role="status" className="self-center text-sm text-ink-500">
              Updating…
            </span>
          ) : null}
        </div>
      </form>
      <PagedResults
        query={query}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={(next) => apply(applied, next)}
        loadingLabel="Loading activity…"
        errorFallback="Activity logs could not be loaded."
        empty={
          <EmptyState title={filtered ? 'No activity matches these filters' : 'No activity recorded yet'} />
        }
        pagesLabel="Activity log pages"
      >
        <div className={tableWrapClass} tabIndex={0} role="region" aria-label="Activity logs">
          <table className={tableClass}>
            <caption className="sr-only">Activity logs</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">User</th>
                <th scope="col">Action</th>
                <th scope="col">Target</th>
                <th scope="col">IP address</th>
                <th scope="col">Detail</th>
              </tr>
            </thead>
            <tbody>
              {logs.map((log) => {
                const detail = detailText(log.detail);
                return (
                  <tr key={log.id}>
                    <td className="whitespace-nowrap">{formatDateTime(log.created_at)}</td>
                    <td className="whitespace-nowrap">{log.user?.email ?? 'Anonymous'}</td>
                    <td className="whitespace-nowrap font-medium">{humanise(log.action)}</td>
                    <td className="whitespace-nowrap">
                      {log.target_type ?? '—'}
                      {log.target_id ? (
                        <span className="text-xs text-ink-500"> {log.target_id.slice(0, 8)}</span>
                      ) : null}
                    </td>
                    <td className="whitespace-nowrap">{log.ip ?? '—'}</td>
                    <td className="max-w-xs">
                      {detail ? (
                        <code className="block truncate text-xs text-ink-600" title={detail}>
                          {detail}
                        </code>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </PagedResults>
    </div>
  );
}
