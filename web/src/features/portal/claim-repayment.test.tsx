// Issue 11: the amount repaid and the fee are fields staff fill in at Paid; a paid claim stops
// asking the client for documents; documents still outstanding warn the staff member first.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parsePounds } from './components/StatusChangeForm';
import { portalRoutes } from './routes';
import { makeAssessment, makeClaim } from '../../test/fixtures';
import { adminUser, makeUser, page, renderWithPortal, stubFetch } from '../../test/portal-test-utils';
import type { Claim, DocumentTask } from './types';

afterEach(() => {
  vi.unstubAllGlobals();
});

const CLAIM_ID = '0f5c3c7e-1111-4222-8333-944455556666';
const ASSESSMENT_ID = 'a1b2c3d4-0000-4000-8000-000000000001';

const pendingTask: DocumentTask = {
  id: 'task-1',
  document_id: 'completionStatement',
  name: 'Completion statement',
  description: 'From your solicitor.',
  required: true,
  status: 'pending',
  uploaded_document_id: null,
  completed_at: null,
  due_date: null,
  requested_by_staff: false,
  requested_at: '2026-11-01T00:00:00.000Z',
};

function stubClaimPage(claim: Claim, tasks: DocumentTask[]) {
  let current = claim;
  return stubFetch({
    'GET /api/messages/unread-count/': { body: { unread: 0 } },
    [`GET /api/claims/${CLAIM_ID}/`]: () => ({ body: current }),
    [`POST /api/claims/${CLAIM_ID}/status/`]: (request) => {
      const body = request.body as { status: Claim['status']; amount_repaid?: number; fee?: number };
      current = {
        ...current,
        status: body.status,
        amount_repaid: body.amount_repaid ?? null,
        fee: body.fee ?? null,
      };
      return { body: current };
    },
    'GET /api/documents/': { body: page([]) },
    [`GET /api/assessment/${ASSESSMENT_ID}/documents/`]: { body: tasks },
    'GET /api/messages/threads/': { body: page([]) },
  });
}

const acceptedClaim = () => makeClaim({ status: 'accepted', stage: 'claim', timeline: [] });

describe('parsePounds', () => {
  it('reads pounds with commas, a £ and pence; refuses negatives and fractions of a penny', () => {
    expect(parsePounds('12,345.67')).toBe(12345.67);
    expect(parsePounds('£1850')).toBe(1850);
    expect(parsePounds(' 0.5 ')).toBe(0.5);
    expect(parsePounds('-1')).toBeNull();
    expect(parsePounds('10.005')).toBeNull();
    expect(parsePounds('ten')).toBeNull();
    expect(parsePounds('')).toBeNull();
  });
});

describe('staff move a claim to Paid', () => {
  it('asks for the amount repaid (and the optional fee) and warns first about outstanding documents', async () => {
    const { calls } = stubClaimPage(acceptedClaim(), [pendingTask]);
    renderWithPortal(`/portal/claims/${CLAIM_ID}`, adminUser(), portalRoutes);
    const form = await screen.findByRole('form', { name: 'Change status' });
    expect(within(form).getByLabelText('New status')).toHaveValue('paid');
    await userEvent.type(within(form).getByLabelText('Note'), 'HMRC has repaid the overpayment.');

    // No amount: the form says so beside the field and sends nothing.
    await userEvent.click(within(form).getByRole('button', { name: 'Change status' }));
    const amount = within(form).getByLabelText('Amount repaid (£)');
    await waitFor(() => expect(amount).toHaveAccessibleDescription(/Enter the amount HMRC repaid\./));
    expect(amount).toHaveFocus();
    await userEvent.type(amount, '12,345.67');
    await userEvent.type(within(form).getByLabelText('Our fee (£, optional)'), '1850');

    // A requested document never came: confirm first; Go back sends nothing.
    await userEvent.click(within(form).getByRole('button', { name: 'Change status' }));
    const warning = await screen.findByRole('alertdialog', { name: 'Documents still outstanding' });
    expect(warning).toHaveAccessibleDescription(/Completion statement/);
    await userEvent.click(within(warning).getByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.click(within(form).getByRole('button', { name: 'Change status' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Move to Paid anyway' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      status: 'paid',
      note: 'HMRC has repaid the overpayment.',
      amount_repaid: 12345.67,
      fee: 1850,
    });
    const repayment = await screen.findByRole('region', { name: 'Repayment' });
    expect(repayment).toHaveTextContent('Amount repaid£12,345.67');
    expect(repayment).toHaveTextContent('Our fee£1,850');
  });

  it('goes straight to Paid when every requested document has arrived', async () => {
    const { calls } = stubClaimPage(acceptedClaim(), [{ ...pendingTask, status: 'completed' }]);
    renderWithPortal(`/portal/claims/${CLAIM_ID}`, adminUser(), portalRoutes);
    const form = await screen.findByRole('form', { name: 'Change status' });
    await userEvent.type(within(form).getByLabelText('Amount repaid (£)'), '900');
    await userEvent.type(within(form).getByLabelText('Note'), 'Paid.');
    await userEvent.click(within(form).getByRole('button', { name: 'Change status' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        status: 'paid',
        note: 'Paid.',
        amount_repaid: 900,
      }),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows the API’s field error beside the amount, in words', async () => {
    stubFetch({
      'GET /api/messages/unread-count/': { body: { unread: 0 } },
      [`GET /api/claims/${CLAIM_ID}/`]: { body: acceptedClaim() },
      [`POST /api/claims/${CLAIM_ID}/status/`]: {
        status: 400,
        body: {
          message: 'Amount repaid cannot be more than £100,000,000',
          errors: [{ field: 'amount_repaid', message: 'Amount repaid cannot be more than £100,000,000' }],
        },
      },
      'GET /api/documents/': { body: page([]) },
      [`GET /api/assessment/${ASSESSMENT_ID}/documents/`]: { body: [] },
      'GET /api/messages/threads/': { body: page([]) },
    });
    renderWithPortal(`/portal/claims/${CLAIM_ID}`, adminUser(), portalRoutes);
    const form = await screen.findByRole('form', { name: 'Change status' });
    await userEvent.type(within(form).getByLabelText('Amount repaid (£)'), '99999999');
    await userEvent.type(within(form).getByLabelText('Note'), 'Paid.');
    await userEvent.click(within(form).getByRole('button', { name: 'Change status' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Amount repaid (£)')).toHaveAccessibleDescription(
        /Amount repaid cannot be more than £100,000,000\./,
      ),
    );
    expect(form).not.toHaveTextContent('amount_repaid');
  });
});

describe('the client at Paid', () => {
  const paidClaim = () =>
    makeClaim({ status: 'paid', stage: 'claim', amount_repaid: 12345.67, fee: 1850, timeline: [] });

  it('the claim page shows the amount repaid and fee, and no longer asks for documents', async () => {
    stubClaimPage(paidClaim(), [pendingTask]);
    renderWithPortal(`/portal/claims/${CLAIM_ID}`, makeUser(), portalRoutes);
    const repayment = await screen.findByRole('region', { name: 'Repayment' });
    expect(repayment).toHaveTextContent('Amount repaid£12,345.67');
    expect(repayment).toHaveTextContent('Our fee£1,850');
    const documents = screen.getByRole('region', { name: 'Documents' });
    await screen.findByText(/No documents are linked/);
    expect(documents).not.toHaveTextContent('Documents we still need');
    expect(within(documents).queryByRole('link', { name: 'Upload' })).not.toBeInTheDocument();
  });

  it('the dashboard shows the repayment and does not ask to upload its documents', async () => {
    const submittedAssessment = makeAssessment({
      assessment_id: ASSESSMENT_ID,
      id: ASSESSMENT_ID,
      claim_id: CLAIM_ID,
      service_type: 'sdlt_refund',
      status: 'submitted',
    });
    stubFetch({
      'GET /api/messages/unread-count/': { body: { unread: 0 } },
      'GET /api/claims/': (request) =>
        request.search.get('stage') === 'claim' ? { body: page([paidClaim()]) } : { body: page([]) },
      'GET /api/assessments/': { body: [submittedAssessment] },
      // The API leaves out the tasks of a paid claim (api/test/claim-repayment.test.ts).
      'GET /api/document-tasks/pending/': { body: [] },
    });
    renderWithPortal('/portal/client-dashboard', makeUser(), portalRoutes);
    const repayments = await screen.findByRole('region', { name: 'Repayments' });
    expect(repayments).toHaveTextContent('Amount repaid £12,345.67 · our fee £1,850');
    expect(screen.queryByText(/Upload Completion statement/)).not.toBeInTheDocument();
    expect(screen.getByText(/Nothing needs your attention right now/)).toBeInTheDocument();
  });
});

describe('the estimated value on a claim page', () => {
  it('is one number when it was worked out exactly from the client’s own figures', async () => {
    stubClaimPage(
      makeClaim({
        status: 'submitted',
        estimated_value: { low: 4250, median: 4250, high: 4250 },
        timeline: [],
      }),
      [],
    );
    renderWithPortal(`/portal/applications/${CLAIM_ID}`, makeUser(), portalRoutes);
    expect(await screen.findByText('Estimated from the figures you gave')).toBeInTheDocument();
    expect(screen.getByText('£4,250')).toBeInTheDocument();
    expect(screen.queryByText(/Range £4,250 to £4,250/)).not.toBeInTheDocument();
  });

  it('tells staff whose figures they were, on a client’s claim', async () => {
    stubClaimPage(
      makeClaim({
        status: 'submitted',
        estimated_value: { low: 4250, median: 4250, high: 4250 },
        timeline: [],
      }),
      [],
    );
    renderWithPortal(`/portal/applications/${CLAIM_ID}`, adminUser(), portalRoutes);
    expect(await screen.findByText('Estimated from the figures the client gave')).toBeInTheDocument();
    expect(screen.queryByText('Estimated from the figures you gave')).not.toBeInTheDocument();
    expect(screen.getByText('£4,250')).toBeInTheDocument();
  });
});
