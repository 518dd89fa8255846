// Issue 30 §2: the staff claims page is the workbench: deadline countdowns, SLA flags, selection
// and a bulk action whose per-claim failures are listed.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { portalRoutes } from '../portal/routes';
import { adminUser, page, renderWithPortal, stubFetch } from '../../test/portal-test-utils';
import { countdownText } from './components/DeadlineBadge';
import type { WorkbenchRow } from './types';

afterEach(() => {
  vi.unstubAllGlobals();
});

function row(id: string, reference: string, overrides: Partial<WorkbenchRow> = {}): WorkbenchRow {
  return {
    id,
    reference,
    assessment_id: `a-${id}`,
    status: 'submitted',
    status_label: 'Submitted',
    stage: 'application',
    next_statuses: ['in_review'],
    service_type: 'sdlt_refund',
    service_name: 'SDLT refund',
    client: { id: 'c1', email: 'client@example.test', display_name: 'Clara Client' },
    assignee: null,
    created_at: '2026-11-01T10:00:00.000Z',
    status_changed_at: '2026-11-01T10:00:00.000Z',
    deadline: null,
    sla: null,
    ...overrides,
  };
}

const rows = [
  row('11111111-1111-4111-8111-111111111111', 'RC-2026-1', {
    deadline: { date: '2026-11-26', label: 'SDLT overpayment relief claim', days_left: -3 },
    sla: { working_days: 2, due_at: '2026-11-03T10:00:00.000Z', breached: true },
  }),
  row('22222222-2222-4222-8222-222222222222', 'RC-2026-2', {
    deadline: { date: '2026-12-11', label: 'SDLT overpayment relief claim', days_left: 12 },
    assignee: { id: 's1', display_name: 'Sam Staff' },
  }),
];

describe('countdownText', () => {
  it('counts down, says today, and says how long ago a deadline passed', () => {
    expect(countdownText(12)).toBe('12 days left');
    expect(countdownText(1)).toBe('1 day left');
    expect(countdownText(0)).toBe('Due today');
    expect(countdownText(-3)).toBe('Passed 3 days ago');
  });
});

describe('claims workbench', () => {
  it('shows countdowns and SLA flags; bulk-assigns the selected claims and lists the ones refused', async () => {
    const fetch = stubFetch({
      'GET /api/messages/unread-count/': { body: { unread: 0 } },
      'GET /api/workbench/claims/': { body: page(rows) },
      'GET /api/workbench/staff/': {
        body: { results: [{ id: 's1', display_name: 'Sam Staff', role: 'STAFF' }] },
      },
      'GET /api/workbench/views/': { body: { results: [] } },
      'GET /api/workbench/service-staff/': {
        body: { results: [{ service_type: 'sdlt_refund', service_name: 'SDLT refund', staff: [] }] },
      },
      'POST /api/workbench/bulk/': {
        body: {
          action: 'assign',
          results: [
            { claim_id: rows[0]!.id, ok: true, error: null },
            { claim_id: rows[1]!.id, ok: false, error: 'Claim not found' },
          ],
        },
      },
    });
    renderWithPortal('/portal/claims', adminUser(), portalRoutes);
    expect(await screen.findByRole('heading', { name: 'Claims workbench' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Passed 3 days ago')).toBeInTheDocument();
    expect(within(table).getByText('12 days left')).toBeInTheDocument();
    expect(within(table).getByText('Over SLA')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select every claim on this page' }));
    const bar = await screen.findByRole('form', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 claims selected')).toBeInTheDocument();
    await user.selectOptions(within(bar).getByLabelText('Assign to'), 's1');
    await user.click(within(bar).getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(fetch.calls.some((c) => c.method === 'POST')).toBe(true));
    const post = fetch.calls.find((c) => c.method === 'POST' && c.path === '/api/workbench/bulk/');
    expect(post?.body).toEqual({
      action: 'assign',
      claim_ids: [rows[0]!.id, rows[1]!.id],
      assignee_id: 's1',
    });
    // The refused claim stays selected and its reason is listed.
    expect(await screen.findByText('RC-2026-2: Claim not found')).toBeInTheDocument();
    expect(screen.getByText('1 claim selected')).toBeInTheDocument();
  });

  it('a bulk message is one of the message templates, with the text for its {{message}}', async () => {
    const template = (key: string, name: string, fields: string[]) => ({
      key,
      name,
      version: 3,
      subject: `${name} for {{claim_reference}}`,
      body: fields.map((f) => `{{${f}}}`).join(' '),
      fields,
      created_at: '2026-11-01T10:00:00.000Z',
      created_by: null,
    });
    const fetch = stubFetch({
      'GET /api/messages/unread-count/': { body: { unread: 0 } },
      'GET /api/workbench/claims/': { body: page(rows) },
      'GET /api/workbench/staff/': { body: { results: [] } },
      'GET /api/workbench/views/': { body: { results: [] } },
      'GET /api/workbench/service-staff/': { body: { results: [] } },
      'GET /api/message-templates/': {
        body: [
          template('claim_update', 'Claim update', ['client_name', 'message']),
          template('document_request', 'Document request', ['document_name']),
        ],
      },
      'POST /api/workbench/bulk/': {
        body: { action: 'message', results: [{ claim_id: rows[0]!.id, ok: true, error: null }] },
      },
    });
    renderWithPortal('/portal/claims', adminUser(), portalRoutes);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select RC-2026-1' }));
    const bar = await screen.findByRole('form', { name: 'Bulk actions' });
    await user.selectOptions(within(bar).getByLabelText('Action'), 'message');
    // No typed subject or body: a template is chosen.
    expect(within(bar).queryByLabelText(/subject/i)).not.toBeInTheDocument();
    const picker = await within(bar).findByRole('option', { name: 'Claim update (version 3)' });
    await user.selectOptions(within(bar).getByLabelText('Template'), picker);
    await user.type(within(bar).getByLabelText(/Text for/), 'Your refund is on its way.');
    await user.click(within(bar).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(fetch.calls.find((c) => c.method === 'POST' && c.path === '/api/workbench/bulk/')?.body).toEqual(
        {
          action: 'message',
          claim_ids: [rows[0]!.id],
          template_key: 'claim_update',
          message: 'Your refund is on its way.',
        },
      ),
    );
  });

  it('a filter is a query parameter of the list', async () => {
    const fetch = stubFetch({
      'GET /api/messages/unread-count/': { body: { unread: 0 } },
      'GET /api/workbench/claims/': { body: page([]) },
      'GET /api/workbench/staff/': { body: { results: [] } },
      'GET /api/workbench/views/': { body: { results: [] } },
      'GET /api/workbench/service-staff/': { body: { results: [] } },
    });
    renderWithPortal('/portal/claims', adminUser(), portalRoutes);
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Due'), 'overdue');
    await waitFor(() =>
      expect(
        fetch.calls.some((c) => c.path === '/api/workbench/claims/' && c.search.get('due') === 'overdue'),
      ).toBe(true),
    );
    expect(await screen.findByText('No claims match these filters')).toBeInTheDocument();
  });
});
