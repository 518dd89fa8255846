import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useAuth } from '../../auth/use-auth';
import { PageHeader } from '../../portal/components/PageHeader';
import { Pagination } from '../../portal/components/Pagination';
import { EmptyState, ErrorState, LoadingState } from '../../portal/components/States';
import {
  buttonDanger,
  buttonSecondary,
  inputClass,
  labelClass,
  stackActions,
  stackBody,
  stackCell,
  stackHead,
  stackRow,
  stackTable,
  tableClass,
  tableWrapClass,
} from '../../portal/components/ui';
import { errorMessage } from '../../portal/lib/errors';
import { formatDate } from '../../portal/lib/format';
import type { PortalUser, Role } from '../../portal/types';
import { useListAdminUsersQuery, useUpdateAdminUserMutation } from '../adminApi';
import { UserAuditPanel } from '../components/UserAuditPanel';

const PAGE_SIZE = 20;
const ROLES: { value: Role; label: string }[] = [
  { value: 'CLIENT', label: 'Client' },
  { value: 'STAFF', label: 'Staff' },
  { value: 'ADMIN', label: 'Admin' },
];

function parseRole(value: string | null): Role | '' {
  return value === 'CLIENT' || value === 'STAFF' || value === 'ADMIN' ? value : '';
}

function UserRow({ user, self, onAudit }: { user: PortalUser; self: boolean; onAudit: () => void }) {
  const [updateUser, { isLoading }] = useUpdateAdminUserMutation();
  const [confirmDeactivate, setConfirmDeactivate] = useState(false);

  const change = async (changes: { role?: Role; is_active?: boolean }, success: string) => {
    try {
      await updateUser({ id: user.id, ...changes }).unwrap();
      toast.success(success);
      setConfirmDeactivate(false);
    } catch (error) {
      toast.error(errorMessage(error, 'The user could not be updated.'));
    }
  };

  const name = user.display_name || user.username;
  return (
    <tr className={`${stackRow} ${user.is_active ? '' : 'bg-ink-50 text-ink-500'}`}>
      <td data-label="User" className={stackCell}>
        <div className="min-w-0">
          <span className="block font-medium text-ink-900">{name}</span>
          <span className="block text-xs text-ink-500">{user.email}</span>
        </div>
      </td>
      <td data-label="Role" className={stackCell}>
        <label htmlFor={`role-${user.id}`} className="sr-only">
          Role of {name}
        </label>
        <select
          id={`role-${user.id}`}
          className={`${inputClass} w-32 py-1.5`}
          value={user.role}
          disabled={isLoading || self}
          title={self ? 'You cannot change your own role' : undefined}
          onChange={(event) =>
            void change(
              { role: event.target.value as Role },
              `${name} is now ${event.target.value.toLowerCase()}.`,
            )
          }
        >
          {ROLES.map((role) => (
            <option key={role.value} value={role.value}>
              {role.label}
            </option>
          ))}
        </select>
      </td>
      <td data-label="Status" className={`whitespace-nowrap ${stackCell}`}>
        {user.is_active ? 'Active' : 'Deactivated'}
      </td>
      <td data-label="Joined" className={`whitespace-nowrap ${stackCell}`}>
        {formatDate(user.date_joined)}
      </td>
      <td data-label="Last sign-in" className={`whitespace-nowrap ${stackCell}`}>
        {formatDate(user.last_login)}
      </td>
      <td className={`whitespace-nowrap text-right ${stackActions}`}>
        {confirmDeactivate ? (
          <div
            role="group"
            aria-label={`Confirm deactivating ${name}`}
            className="flex items-center justify-end gap-2"
          >
            <span className="text-sm">Deactivate {name}?</span>
            <button
              type="button"
              className={`${buttonDanger} btn-sm`}
              disabled={isLoading}
              onClick={() =>
                void change({ is_active: false }, `${name} has been deactivated and signed out.`)
              }
            >
              Deactivate
            </button>
            <button
              type="button"
              className={`${buttonSecondary} btn-sm`}
              autoFocus
              onClick={() => setConfirmDeactivate(false)}
            >
              Cancel
            </button>
          </div>
        ) : (
          <div className="flex justify-end gap-2">
            <button
              type="button"
              className={`${buttonSecondary} btn-sm`}
              onClick={onAudit}
              aria-label={`Audit trail of ${name}`}
            >
              Audit
            </button>
            {user.is_active ? (
              <button
                type="button"
                className={`${buttonSecondary} btn-sm`}
                disabled={self || isLoading}
                onClick={() => setConfirmDeactivate(true)}
                aria-label={`Deactivate ${name}`}
              >
                Deactivate
              </button>
            ) : (
              <button
                type="button"
                className={`${buttonSecondary} btn-sm`}
                disabled={isLoading}
                onClick={() => void change({ is_active: true }, `${name} has been reactivated.`)}
                aria-label={`Reactivate ${name}`}
              >
                Reactivate
              </button>
            )}
          </div>
        )}
      </td>
    </tr>
  );
}

export default function UsersPage() {
  const { user: me } = useAuth();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const role = parseRole(params.get('role'));
  const auditId = params.get('audit');
  const [searchText, setSearchText] = useState(search);
  const { data, isLoading, isFetching, error, refetch } = useListAdminUsersQuery({
    search: search || undefined,
    role,
    page,
    page_size: PAGE_SIZE,
  });

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };

  const users = data?.results ?? [];

  return (
    <div>
      <PageHeader
        title="Users"
        description="Clients and staff: change roles, deactivate accounts and read each user’s audit trail."
      />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <form
          role="search"
          className="flex items-end gap-2 sm:w-96"
          onSubmit={(event) => {
            event.preventDefault();
            update({ search: searchText.trim(), page: '' });
          }}
        >
          <div className="flex-1">
            <label htmlFor="users-search" className={labelClass}>
              Search
            </label>
            <input
              id="users-search"
              type="search"
              className={inputClass}
              placeholder="Name, username or e-mail"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
            />
          </div>
          <button type="submit" className={buttonSecondary}>
            Search
          </button>
        </form>
        <div className="sm:w-48">
          <label htmlFor="users-role" className={labelClass}>
            Role
          </label>
          <select
            id="users-role"
            className={inputClass}
            value={role}
            onChange={(event) => update({ role: event.target.value, page: '' })}
          >
            <option value="">All roles</option>
            {ROLES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        {isFetching && !isLoading ? (
          <p role="status" className="text-sm text-ink-500">
            Updating…
          </p>
        ) : null}
      </div>
      {auditId ? (
        <div className="mb-6">
          <UserAuditPanel userId={auditId} onClose={() => update({ audit: '' })} />
        </div>
      ) : null}
      {isLoading ? <LoadingState label="Loading users…" /> : null}
      {error ? (
        <ErrorState error={error} fallback="Users could not be loaded." onRetry={() => void refetch()} />
      ) : null}
      {!isLoading && !error && users.length === 0 ? (
        <EmptyState title="No users match">Try a different search or role.</EmptyState>
      ) : null}
      {users.length > 0 ? (
        <>
          <div className={tableWrapClass}>
            <table className={`${tableClass} ${stackTable}`}>
              <caption className="sr-only">Users</caption>
              <thead className={stackHead}>
                <tr>
                  <th scope="col">User</th>
                  <th scope="col">Role</th>
                  <th scope="col">Status</th>
                  <th scope="col">Joined</th>
                  <th scope="col">Last sign-in</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className={stackBody}>
                {users.map((user) => (
                  <UserRow
                    key={user.id}
                    user={user}
                    self={user.id === me?.id}
                    onAudit={() => {
                      update({ audit: user.id });
                      window.scrollTo?.({ top: 0, behavior: 'smooth' });
                    }}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={data?.page ?? page}
            pageSize={data?.page_size ?? PAGE_SIZE}
            count={data?.count ?? 0}
            onPageChange={(next) => update({ page: String(next) })}
            label="User pages"
          />
        </>
      ) : null}
    </div>
  );
}
