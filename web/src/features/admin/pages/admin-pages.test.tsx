import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { portalRoutes } from '../../portal/routes';
import { adminUser, makeUser, page, renderWithPortal, stubFetch } from '../../../test/portal-test-utils';

const client = makeUser({ id: '5b0c6a62-8a43-4a53-9a57-1f6f2f7f0001' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('users', () => {
  it('changes a user’s role and deactivates after confirmation', async () => {
    const { calls } = stubFetch({
      'GET /api/messages/unread-count/': { body: { unread: 0 } },
      'GET /admin/users/': { body: page([adminUser(), client]) },
      'PATCH /admin/users/5b0c6a62-8a43-4a53-9a57-1f6f2f7f0001/': (request) => ({
        body: { ...client, ...(request.body as object) },
      }),
    });
    renderWithPortal('/portal/users', adminUser(), portalRoutes);
    const role = await screen.findByLabelText('Role of Jane Client');
    // An admin cannot change their own role.
    expect(screen.getByLabelText('Role of Sam Admin')).toBeDisabled();
    await userEvent.selectOptions(role, 'STAFF');
    // Issue 29 §6: nothing is sent until the administrator confirms the new role.
    const ask = screen.getByRole('group', { name: 'Confirm the role change of Jane Client' });
    expect(ask).toHaveTextContent('Change Jane Client from Client to Staff?');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await userEvent.click(within(ask).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      role: 'STAFF',
      confirm_role_change: true,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Deactivate Jane Client' }));
    const confirm = screen.getByRole('group', { name: 'Confirm deactivating Jane Client' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PATCH')[1]?.body).toEqual({ is_active: false });
  });

  it('invites a staff member by e-mail (issue 29 §6)', async () => {
    const { calls } = stubFetch({
      'GET /api/messages/unread-count/': { body: { unread: 0 } },
      'GET /admin/users/': { body: page([adminUser(), client]) },
      'POST /admin/users/invite/': (request) => ({
        status: 201,
        body: {
          ...makeUser({ id: '5b0c6a62-8a43-4a53-9a57-1f6f2f7f0002' }),
          ...(request.body as object),
          is_active: false,
          invite_pending: true,
          invite_expires_at: '2026-12-02T12:00:00.000Z',
        },
      }),
    });
    renderWithPortal('/portal/users', adminUser(), portalRoutes);
    await userEvent.click(await screen.findByRole('button', { name: 'Invite staff member' }));
    const form = screen.getByRole('form', { name: 'Invite staff member' });
    await userEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('Enter the address to invite.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(within(form).getByLabelText(/E-mail address/), 'new.adviser@example.test');
    await userEvent.selectOptions(within(form).getByLabelText('Role'), 'ADMIN');
    await userEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'new.adviser@example.test',
      role: 'ADMIN',
    });
  });

  it('STAFF (not ADMIN): the list, audit and client accounts; roles, staff accounts and invitations are left to administrators', async () => {
    const me = adminUser({ role: 'STAFF', display_name: 'Ana Adviser', username: 'ana.adviser' });
    const colleague = adminUser({
      id: '5b0c6a62-8a43-4a53-9a57-1f6f2f7f0003',
      display_name: 'Ben Reviewer',
      username: 'ben.reviewer',
      role: 'STAFF',
    });
    const invited = {
      ...adminUser({
        id: '5b0c6a62-8a43-4a53-9a57-1f6f2f7f0004',
        display_name: 'Carla Invited',
        username: 'carla.invited',
        role: 'STAFF',
        is_active: false,
      }),
      invite_pending: true,
    };
    const { calls } = stubFetch({
      'GET /api/messages/unread-count/': { body: { unread: 0 } },
      'GET /admin/users/': { body: page([me, colleague, invited, client]) },
      'PATCH /admin/users/5b0c6a62-8a43-4a53-9a57-1f6f2f7f0001/': (request) => ({
        body: { ...client, ...(request.body as object) },
      }),
    });
    const { router } = renderWithPortal('/portal/users', me, portalRoutes);
    // The API answers 403 to STAFF for these (api/test/access-matrix.json): not offered.
    const role = await screen.findByLabelText('Role of Jane Client');
    expect(role).toBeDisabled();
    expect(role).toHaveAttribute('title', 'Only an administrator can change roles');
    expect(screen.queryByRole('button', { name: 'Invite staff member' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Resend invitation to Carla Invited' }),
    ).not.toBeInTheDocument();
    const staffAccount = screen.getByRole('button', { name: 'Deactivate Ben Reviewer' });
    expect(staffAccount).toBeDisabled();
    expect(staffAccount).toHaveAttribute('title', 'Only an administrator can change staff accounts');
    // What the API lets STAFF do: read the audit trail, deactivate a client account.
    expect(screen.getByRole('button', { name: 'Audit trail of Ben Reviewer' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate Jane Client' }));
    const confirm = screen.getByRole('group', { name: 'Confirm deactivating Jane Client' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ is_active: false });
    expect(router.state.location.pathname).toBe('/portal/users');
  });

  it('sends the search to the API', async () => {
    const { calls } = stubFetch({
      'GET /api/messages/unread-count/': { body: { unread: 0 } },
      'GET /admin/users/': (request) => ({
        body: page(request.search.get('search') === 'nobody' ? [] : [client]),
      }),
    });
    renderWithPortal('/portal/users', adminUser(), portalRoutes);
    await screen.findByText('Jane Client');
    await userEvent.type(screen.getByLabelText('Search'), 'nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No users match')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/admin/users/' && c.search.get('search') === 'nobody')).toBe(true);
  });
});

describe('activity logs', () => {
  it('looks an e-mail up to the user id and filters by action and dates', async () => {
    const { calls } = stubFetch({
      'GET /api/messages/unread-count/': { body: { unread: 0 } },
      'GET /admin/users/': { body: page([client]) },
      'GET /admin/activity-logs/': (request) => ({
        body: page(
          request.search.get('user')
            ? [
                {
                  id: 'l1',
                  user: { id: client.id, email: client.email },
                  action: 'login',
                  target_type: 'user',
                  target_id: client.id,
                  ip: '127.0.0.1',
                  user_agent: 'test',
                  detail: null,
                  created_at: '2026-11-20T09:00:00.000Z',
                },
              ]
            : [],
        ),
      }),
    });
    const { router } = renderWithPortal('/portal/activity-logs', adminUser(), portalRoutes);
    expect(await screen.findByText('No activity recorded yet')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('User (e-mail or id)'), 'jane@example.co.uk');
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'login');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await userEvent.type(screen.getByLabelText('To'), '2026-11-30');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByRole('cell', { name: 'jane@example.co.uk' })).toBeInTheDocument();
    const request = calls.filter((c) => c.path === '/admin/activity-logs/').at(-1);
    expect(request?.search.get('user')).toBe(client.id);
    expect(request?.search.get('action')).toBe('login');
    expect(new Date(request?.search.get('from') ?? '').getTime()).toBe(
      new Date('2026-11-01T00:00:00').getTime(),
    );
    expect(new Date(request?.search.get('to') ?? '').getTime()).toBe(
      new Date('2026-11-30T23:59:59.999').getTime(),
    );
    expect(router.state.location.search).toContain(`user=${client.id}`);
  });

  it('refuses a date range that ends before it starts', async () => {
    stubFetch({
      'GET /api/messages/unread-count/': { body: { unread: 0 } },
      'GET /admin/activity-logs/': { body: page([]) },
    });
    renderWithPortal('/portal/activity-logs', adminUser(), portalRoutes);
    await screen.findByText('No activity recorded yet');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-30');
    await userEvent.type(screen.getByLabelText('To'), '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The “from” date must be on or before the “to” date.',
    );
  });
});
