import { useId, useState } from 'react';
import { toast } from '../../../lib/toast';
import { useAuth } from '../../auth/use-auth';
import { PageHeader } from '../../../components/PageHeader';
import { FilterSelect, SearchForm } from '../../../components/ListFilters';
import { PagedResults } from '../../../components/PagedResults';
import { StackedTable } from '../../../components/StackedTable';
import { EmptyState } from '../../../components/States';
import {
  buttonDanger,
  buttonSecondary,
  inputClass,
  stackActions,
  stackCell,
  stackRow,
} from '../../../components/ui';
import {
  FormAlert,
  SelectField,
  TextField,
  apiRules,
  applyServerErrors,
  useAppForm,
} from '../../../components/form';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import type { Role } from '../../portal/types';
import { useInviteStaffMutation, useListAdminUsersQuery, useUpdateAdminUserMutation } from '../adminApi';
import type { AdminUser, StaffInviteInput } from '../types';
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

const roleLabel = (role: Role): string => ROLES.find((r) => r.value === role)?.label ?? role;

// The form holds every field (the name as '' when left empty).
type InviteValues = Required<StaffInviteInput>;

/** Issue 29 §6: an administrator invites a staff member; the e-mail carries a set-password link. */
function InviteForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const [invite] = useInviteStaffMutation();
  const form = useAppForm<InviteValues>({ defaultValues: { email: '', display_name: '', role: 'STAFF' } });
  const onValid = async (values: InviteValues) => {
    try {
      const sent = await invite({
        email: values.email.trim(),
        role: values.role,
        ...(values.display_name.trim() ? { display_name: values.display_name.trim() } : {}),
      }).unwrap();
      toast.success(`Invitation sent to ${sent.email}. The link works once, for 72 hours.`);
      form.reset();
      onDone();
    } catch (error) {
      applyServerErrors(form, error, { fallback: 'The invitation could not be sent.' });
    }
  };
  return (
    <form
      noValidate
      aria-label="Invite staff member"
      onSubmit={(e) => void form.submit(onValid)(e)}
      className="mb-6 space-y-4 rounded-lg border border-ink-200 bg-white p-4"
    >
      <h2 className="text-lg font-semibold text-ink-900">Invite a staff member</h2>
      <FormAlert form={form} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          id={`${id}-email`}
          label="E-mail address"
          type="email"
          autoComplete="off"
          required
          {...form.field(
            'email',
            apiRules('InviteStaffDto', 'email', { required: 'Enter the address to invite.' }),
          )}
        />
        <TextField
          id={`${id}-name`}
          label="Name (optional)"
          autoComplete="off"
          {...form.field('display_name', apiRules('InviteStaffDto', 'display_name'))}
        />
        <SelectField id={`${id}-role`} label="Role" {...form.field('role')}>
          <option value="STAFF">Staff</option>
          <option value="ADMIN">Admin</option>
        </SelectField>
      </div>
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Sending…' : 'Send invitation'}
        </button>
        <button type="button" className={buttonSecondary} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * One user. `administrator` is whether the signed-in user is an ADMIN: the API lets other staff
 * (STAFF) list users, read audit trails and deactivate or reactivate client accounts, but only an
 * administrator changes roles, changes staff accounts or sends invitations, so those controls are
 * not offered to STAFF (a control that can only answer 403 is a defect).
 */
function UserRow({
  user,
  self,
  administrator,
  onAudit,
}: {
  user: AdminUser;
  self: boolean;
  administrator: boolean;
  onAudit: () => void;
}) {
  const [updateUser, { isLoading }] = useUpdateAdminUserMutation();
  const [invite, inviting] = useInviteStaffMutation();
  const [confirmDeactivate, setConfirmDeactivate] = useState(false);
  // The role chosen in the select, waiting for the administrator's confirmation.
  const [pendingRole, setPendingRole] = useState<Role | null>(null);

  const change = async (
    changes: { role?: Role; is_active?: boolean; confirm_role_change?: boolean },
    success: string,
  ) => {
    try {
      await updateUser({ id: user.id, ...changes }).unwrap();
      toast.success(success);
      setConfirmDeactivate(false);
      setPendingRole(null);
    } catch (error) {
      toast.error(errorMessage(error, 'The user could not be updated.'));
    }
  };
  const resend = async () => {
    try {
      const role = user.role === 'ADMIN' ? 'ADMIN' : 'STAFF';
      await invite({ email: user.email, role }).unwrap();
      toast.success(`A new invitation was sent to ${user.email}; the old link no longer works.`);
    } catch (error) {
      toast.error(errorMessage(error, 'The invitation could not be sent.'));
    }
  };

  const name = user.display_name || user.username;
  const canChangeRole = administrator && !self;
  // Deactivating or reactivating: anyone but oneself; a staff account only by an administrator.
  const canChangeStatus = !self && (administrator || user.role === 'CLIENT');
  const roleTitle = self
    ? 'You cannot change your own role'
    : administrator
      ? undefined
      : 'Only an administrator can change roles';
  const statusTitle =
    !self && !canChangeStatus ? 'Only an administrator can change staff accounts' : undefined;
  return (
    <tr className={`${stackRow} ${user.is_active ? '' : 'bg-ink-50 text-ink-500'}`}>
      <td data-label="User" className={stackCell}>
        <div className="min-w-0">
          {/* a long address breaks anywhere rather than widening the table */}
          <span className="block font-medium wrap-anywhere text-ink-900">{name}</span>
          <span className="block text-xs wrap-anywhere text-ink-500">{user.email}</span>
        </div>
      </td>
      <td data-label="Role" className={stackCell}>
        <label htmlFor={`role-${user.id}`} className="sr-only">
          Role of {name}
        </label>
        <select
          id={`role-${user.id}`}
          className={`${inputClass} w-32 py-1.5`}
          value={pendingRole ?? user.role}
          disabled={isLoading || !canChangeRole || pendingRole !== null}
          title={roleTitle}
          onChange={(event) => {
            const next = event.target.value as Role;
            if (next !== user.role) setPendingRole(next);
          }}
        >
          {ROLES.map((role) => (
            <option key={role.value} value={role.value}>
              {role.label}
            </option>
          ))}
        </select>
      </td>
      <td data-label="Status" className={`whitespace-nowrap ${stackCell}`}>
        {user.invite_pending ? 'Invited' : user.is_active ? 'Active' : 'Deactivated'}
      </td>
      <td data-label="Joined" className={`whitespace-nowrap ${stackCell}`}>
        {formatDate(user.date_joined)}
      </td>
      <td data-label="Last sign-in" className={`whitespace-nowrap ${stackCell}`}>
        {formatDate(user.last_login)}
      </td>
      <td className={`whitespace-nowrap text-right ${stackActions}`}>
        {pendingRole !== null ? (
          <div
            role="group"
            aria-label={`Confirm the role change of ${name}`}
            className="ml-auto flex max-w-72 flex-wrap items-center justify-end gap-2 whitespace-normal"
          >
            <span className="w-full text-right text-sm">
              Change {name} from {roleLabel(user.role)} to {roleLabel(pendingRole)}?
            </span>
            <button
              type="button"
              className={`btn btn-primary btn-sm`}
              disabled={isLoading}
              onClick={() =>
                void change(
                  { role: pendingRole, confirm_role_change: true },
                  `${name} is now ${roleLabel(pendingRole).toLowerCase()}.`,
                )
              }
            >
              Change role
            </button>
            <button
              type="button"
              className={`${buttonSecondary} btn-sm`}
              autoFocus
              onClick={() => setPendingRole(null)}
            >
              Cancel
            </button>
          </div>
        ) : confirmDeactivate ? (
          <div
            role="group"
            aria-label={`Confirm deactivating ${name}`}
            className="ml-auto flex max-w-72 flex-wrap items-center justify-end gap-2 whitespace-normal"
          >
            {/* the question wraps above its buttons: a long name never widens the table */}
            <span className="w-full text-right text-sm">Deactivate {name}?</span>
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
            {user.invite_pending ? (
              administrator ? (
                <button
                  type="button"
                  className={`${buttonSecondary} btn-sm`}
                  disabled={inviting.isLoading}
                  onClick={() => void resend()}
                  aria-label={`Resend invitation to ${name}`}
                >
                  Resend invitation
                </button>
              ) : null
            ) : user.is_active ? (
              <button
                type="button"
                className={`${buttonSecondary} btn-sm`}
                disabled={!canChangeStatus || isLoading}
                title={statusTitle}
                onClick={() => setConfirmDeactivate(true)}
                aria-label={`Deactivate ${name}`}
              >
                Deactivate
              </button>
            ) : (
              <button
                type="button"
                className={`${buttonSecondary} btn-sm`}
                disabled={!canChangeStatus || isLoading}
                title={statusTitle}
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
  const { params, page, update } = useListParams();
  const search = params.get('search') ?? '';
  const role = parseRole(params.get('role'));
  const auditId = params.get('audit');
  const query = useListAdminUsersQuery({
    search: search || undefined,
    role,
    page,
    page_size: PAGE_SIZE,
  });
  const { data, isLoading, isFetching } = query;

  const users = data?.results ?? [];
  const [inviting, setInviting] = useState(false);

  return (
    <div>
      <PageHeader
        title="Users"
        description="Clients and staff: invite staff, change roles, deactivate accounts and read each user’s audit trail."
      />
      {me?.role === 'ADMIN' ? (
        inviting ? (
          <InviteForm onDone={() => setInviting(false)} />
        ) : (
          <div className="mb-4">
            <button type="button" className="btn btn-primary" onClick={() => setInviting(true)}>
              Invite staff member
            </button>
          </div>
        )
      ) : null}
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchForm
          id="users-search"
          initial={search}
          placeholder="Name, username or e-mail"
          className="sm:w-96"
          onSearch={(text) => update({ search: text, page: '' })}
        />
        <FilterSelect
          id="users-role"
          label="Role"
          allLabel="All roles"
          value={role}
          onChange={(value) => update({ role: value, page: '' })}
          className="sm:w-48"
        >
          {ROLES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </FilterSelect>
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
      <PagedResults
        query={query}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={(next) => update({ page: String(next) })}
        loadingLabel="Loading users…"
        errorFallback="Users could not be loaded."
        empty={<EmptyState title="No users match">Try a different search or role.</EmptyState>}
        pagesLabel="User pages"
      >
        <StackedTable
          caption="Users"
          thClassName="whitespace-nowrap"
          columns={['User', 'Role', 'Status', 'Joined', 'Last sign-in', { label: 'Actions', srOnly: true }]}
        >
          {users.map((user) => (
            <UserRow
              key={user.id}
              user={user}
              self={user.id === me?.id}
              administrator={me?.role === 'ADMIN'}
              onAudit={() => {
                update({ audit: user.id });
                window.scrollTo?.({ top: 0, behavior: 'smooth' });
              }}
            />
          ))}
        </StackedTable>
      </PagedResults>
    </div>
  );
}
