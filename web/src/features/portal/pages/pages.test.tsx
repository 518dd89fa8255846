import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { portalRoutes } from '../routes';
import { API_NEXT_STATUSES, makeAssessment, makeClaim } from '../../../test/fixtures';
import { adminUser, makeUser, page, renderWithPortal, stubFetch } from '../../../test/portal-test-utils';
import type { Claim } from '../types';

afterEach(() => {
  vi.unstubAllGlobals();
});

const unread = (n: number) => ({ 'GET /api/messages/unread-count/': { body: { unread: n } } });

describe('applications list', () => {
  it('lists the client’s applications from the API with status and estimated value', async () => {
    const { calls } = stubFetch({
      ...unread(0),
      'GET /api/claims/': {
        body: page([
          makeClaim(),
          makeClaim({
            id: '0f5c3c7e-1111-4222-8333-944455550002',
            reference: 'RCL-2026-0002',
            status: 'documents_requested',
            estimated_value: null,
          }),
        ]),
      },
    });
    renderWithPortal('/portal/applications', makeUser(), portalRoutes);
    const table = await screen.findByRole('table', { name: 'Applications' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('link', { name: 'RCL-2026-0001' })).toHaveAttribute(
      'href',
      '/portal/applications/0f5c3c7e-1111-4222-8333-944455556666',
    );
    expect(rows[1]).toHaveTextContent('In review');
    expect(rows[1]).toHaveTextContent('£7,000 – £13,000');
    expect(rows[2]).toHaveTextContent('Documents requested');
    expect(rows[2]).toHaveTextContent('Not estimated');
    const request = calls.find((call) => call.path === '/api/claims/');
    expect(request?.search.get('stage')).toBe('application');
    expect(request?.headers.get('Authorization')).toBe('Bearer access-token');
    // A client does not see the Client column.
    expect(within(table).queryByRole('columnheader', { name: 'Client' })).not.toBeInTheDocument();
  });

  it('shows an empty state when there are none', async () => {
    stubFetch({ ...unread(0), 'GET /api/claims/': { body: page([]) } });
    renderWithPortal('/portal/claims', makeUser(), portalRoutes);
    expect(await screen.findByText('No claims yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('pages through the list with the API’s page parameter', async () => {
    const claims = Array.from({ length: 20 }, (_, i) =>
      makeClaim({
        id: `0f5c3c7e-1111-4222-8333-9444555500${String(i).padStart(2, '0')}`,
        reference: `RCL-2026-${1000 + i}`,
      }),
    );
    const { calls } = stubFetch({
      ...unread(0),
      'GET /api/claims/': (request) =>
        request.search.get('page') === '2'
          ? {
              body: page(
                [makeClaim({ id: '0f5c3c7e-1111-4222-8333-944455559999', reference: 'RCL-2026-2000' })],
                { count: 21, page: 2 },
              ),
            }
          : { body: page(claims, { count: 21 }) },
    });
    renderWithPortal('/portal/applications', makeUser(), portalRoutes);
    expect(await screen.findByText('Showing 1–20 of 21')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'RCL-2026-2000' })).toBeInTheDocument();
    expect(screen.getByText('Showing 21–21 of 21')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/claims/' && call.search.get('page') === '2')).toBe(true);
  });
});

describe('claim detail for staff', () => {
  it('moves a claim to its next status with a note and shows the new timeline', async () => {
    let current: Claim = makeClaim({
      status: 'ready_to_file',
      timeline: [
        {
          id: 'e1',
          status: 'submitted',
          note: '',
          actor: { id: 'u1', display_name: 'Jane Client', role: 'CLIENT' },
          created_at: '2026-10-01T09:00:00.000Z',
        },
      ],
    });
    const { calls } = stubFetch({
      ...unread(0),
      'GET /api/claims/0f5c3c7e-1111-4222-8333-944455556666/': () => ({ body: current }),
      'POST /api/claims/0f5c3c7e-1111-4222-8333-944455556666/status/': (request) => {
        const { status, note } = request.body as { status: Claim['status']; note: string };
        current = {
          ...current,
          status,
          stage: 'claim',
          next_statuses: API_NEXT_STATUSES[status],
          timeline: [
            ...(current.timeline ?? []),
            {
              id: 'e2',
              status,
              note,
              actor: { id: 'a1', display_name: 'Sam Admin', role: 'ADMIN' },
              created_at: '2026-11-21T10:00:00.000Z',
            },
          ],
        };
        return { body: current };
      },
      'GET /api/documents/': { body: page([]) },
      'GET /api/assessment/a1b2c3d4-0000-4000-8000-000000000001/documents/': { body: [] },
      'GET /api/messages/threads/': { body: page([]) },
    });
    renderWithPortal('/portal/applications/0f5c3c7e-1111-4222-8333-944455556666', adminUser(), portalRoutes);
    const form = await screen.findByRole('form', { name: 'Change status' });
    const select = within(form).getByLabelText('New status');
    expect(select).toHaveValue('filed');
    await userEvent.click(within(form).getByRole('button', { name: 'Change status' }));
    const noteField = within(form).getByLabelText('Note');
    // The problem is shown beside its field, and focus goes there so it is read out.
    await waitFor(() => expect(noteField).toHaveAccessibleDescription(/Add a note/));
    expect(noteField).toHaveFocus();
    await userEvent.type(noteField, 'Filed with HMRC today.');
    await userEvent.click(within(form).getByRole('button', { name: 'Change status' }));
    const history = await screen.findByRole('list', { name: 'Status history' });
    await waitFor(() => expect(history).toHaveTextContent('Filed with HMRC today.'));
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ status: 'filed', note: 'Filed with HMRC today.' });
    // The next choices are the API's next_statuses for filed.
    const nextSelect = within(screen.getByRole('form', { name: 'Change status' })).getByLabelText(
      'New status',
    );
    expect(
      within(nextSelect)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['accepted', 'rejected']);
  });

  it('does not offer status changes to a client', async () => {
    stubFetch({
      ...unread(0),
      'GET /api/claims/0f5c3c7e-1111-4222-8333-944455556666/': { body: makeClaim({ timeline: [] }) },
      'GET /api/documents/': { body: page([]) },
      'GET /api/assessment/a1b2c3d4-0000-4000-8000-000000000001/documents/': { body: [] },
      'GET /api/messages/threads/': { body: page([]) },
    });
    renderWithPortal('/portal/applications/0f5c3c7e-1111-4222-8333-944455556666', makeUser(), portalRoutes);
    expect(await screen.findByRole('heading', { name: 'Status timeline' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Change status' })).not.toBeInTheDocument();
    expect(screen.getByText('£10,000')).toBeInTheDocument();
  });
});

describe('profile', () => {
  it('shows the spec’s error text when the update fails', async () => {
    stubFetch({
      ...unread(0),
      'PATCH /users/current/': {
        status: 400,
        body: { statusCode: 400, message: 'Bad Request', detail: 'username is taken' },
      },
    });
    renderWithPortal('/portal/profile', makeUser(), portalRoutes);
    const name = await screen.findByLabelText('Display name');
    expect(name).toHaveValue('Jane Client');
    await userEvent.clear(name);
    await userEvent.type(name, 'Jane Q Client');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update user data');
  });

  it('saves the profile and updates the signed-in user', async () => {
    const { calls } = stubFetch({
      ...unread(0),
      'PATCH /users/current/': (request) => ({ body: { ...makeUser(), ...(request.body as object) } }),
    });
    const { store } = renderWithPortal('/portal/profile', makeUser(), portalRoutes);
    const username = await screen.findByLabelText('Username');
    await userEvent.clear(username);
    await userEvent.type(username, 'jane.q');
    const name = screen.getByLabelText('Display name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Jane Q Client');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(store.getState().session.user?.username).toBe('jane.q'));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      username: 'jane.q',
      email: 'jane@example.co.uk',
    });
    expect((await screen.findAllByText(/Logged in as/))[0]).toHaveTextContent('Logged in as Jane Q Client');
  });
});

describe('profile: changing the e-mail address (SECURITY row 30)', () => {
  it('asks for the current password only when the address changes, and sends it', async () => {
    const { calls } = stubFetch({
      ...unread(0),
      'PATCH /users/current/': (request) => ({ body: { ...makeUser(), ...(request.body as object) } }),
    });
    renderWithPortal('/portal/profile', makeUser(), portalRoutes);
    const email = await screen.findByLabelText('E-mail address');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, 'jane.new@example.co.uk');
    const password = screen.getByLabelText('Current password');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Enter your current password to change your e-mail address.'),
    ).toBeVisible();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    await userEvent.type(password, 'my-current-passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
        email: 'jane.new@example.co.uk',
        current_password: 'my-current-passphrase',
      }),
    );
  });

  it('shows a wrong current password once, beside its field, without the field name', async () => {
    stubFetch({
      ...unread(0),
      'PATCH /users/current/': {
        status: 400,
        body: {
          statusCode: 400,
          message: 'Current password is incorrect',
          detail: 'Current password is incorrect',
          errors: [{ field: 'current_password', message: 'Current password is incorrect' }],
        },
      },
    });
    renderWithPortal('/portal/profile', makeUser(), portalRoutes);
    const email = await screen.findByLabelText('E-mail address');
    await userEvent.clear(email);
    await userEvent.type(email, 'jane.new@example.co.uk');
    await userEvent.type(screen.getByLabelText('Current password'), 'wrong-passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Current password is incorrect.')).toBeVisible();
    expect(screen.getAllByText(/Current password is incorrect/)).toHaveLength(1);
    expect(screen.queryByText(/current_password/)).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to update user data');
  });
});

describe('client dashboard', () => {
  it('sums the figures from the API and links an assessment in progress to its page', async () => {
    stubFetch({
      ...unread(2),
      'GET /api/claims/': (request) =>
        request.search.get('stage') === 'application'
          ? {
              body: page([
                makeClaim(),
                makeClaim({
                  id: '0f5c3c7e-1111-4222-8333-944455550002',
                  reference: 'RCL-2026-0002',
                  status: 'documents_requested',
                }),
              ]),
            }
          : {
              body: page([
                makeClaim({
                  id: '0f5c3c7e-1111-4222-8333-944455550003',
                  reference: 'RCL-2026-0003',
                  status: 'filed',
                  stage: 'claim',
                  estimated_value: { low: 1000, median: 2500, high: 4000 },
                }),
                makeClaim({
                  id: '0f5c3c7e-1111-4222-8333-944455550004',
                  reference: 'RCL-2026-0004',
                  status: 'rejected',
                  stage: 'claim',
                }),
              ]),
            },
      'GET /api/assessments/': { body: [makeAssessment()] },
    });
    renderWithPortal('/portal/client-dashboard', makeUser(), portalRoutes);
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Open applications').nextSibling).toHaveTextContent('2');
    expect(within(summary).getByText('Claims').nextSibling).toHaveTextContent('2');
    // 10,000 + 10,000 + 2,500; the rejected claim does not count.
    expect(within(summary).getByText('Total estimated value').nextSibling).toHaveTextContent('£22,500');
    expect(within(summary).getByText('Unread messages').nextSibling).toHaveTextContent('2');
    expect(screen.getByText('Documents requested for RCL-2026-0002')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue assessment' })).toHaveAttribute(
      'href',
      '/assessment/rd_tax_credits/a1b2c3d4-0000-4000-8000-000000000009',
    );
    expect(screen.getByText(/^Welcome back, Jane Client\./)).toBeInTheDocument();
  });

  it('greets a brand-new account with "Welcome", not "Welcome back"', async () => {
    stubFetch({
      ...unread(0),
      'GET /api/claims/': { body: page([]) },
      'GET /api/assessments/': { body: [] },
    });
    const joined = new Date().toISOString();
    renderWithPortal(
      '/portal/client-dashboard',
      makeUser({ date_joined: joined, last_login: joined }),
      portalRoutes,
    );
    expect(await screen.findByText(/^Welcome, Jane Client\./)).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
  });
  it('lists every pending document from one request, however many assessments there are', async () => {
    const assessments = Array.from({ length: 40 }, (_, i) =>
      makeAssessment({
        id: `a1b2c3d4-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`,
        assessment_id: `a1b2c3d4-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`,
        status: 'submitted',
      }),
    );
    const { calls } = stubFetch({
      ...unread(0),
      'GET /api/claims/': { body: page([]) },
      'GET /api/assessments/': { body: assessments },
      'GET /api/document-tasks/pending/': {
        body: [
          {
            id: 'task-1',
            document_id: 'sdlt1_return',
            name: 'SDLT1 return',
            description: 'The return your conveyancer filed',
            required: true,
            status: 'pending',
            uploaded_document_id: null,
            completed_at: null,
            assessment_id: assessments[3]!.id,
            service_type: 'sdlt_refund',
            service_name: 'SDLT Refunds',
          },
        ],
      },
    });
    renderWithPortal('/portal/client-dashboard', makeUser(), portalRoutes);
    expect(await screen.findByText('Upload SDLT1 return')).toBeInTheDocument();
    expect(screen.getByText(/SDLT Refunds · The return your conveyancer filed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload document' })).toHaveAttribute(
      'href',
      `/portal/documents?task=task-1&assessment=${assessments[3]!.id}`,
    );
    expect(calls.filter((call) => call.path.includes('/documents/'))).toHaveLength(0);
    expect(calls.filter((call) => call.path === '/api/document-tasks/pending/')).toHaveLength(1);
  });
});
