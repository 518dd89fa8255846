// Issue 30 §1: the claim page shows each draft with its route, status and the missing items named;
// the client fills the missing fields through a bounded form and signs with a typed name; staff
// generate drafts and see the free-text form.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayIso } from './components/ClaimDrafts';
import { portalRoutes } from './routes';
import type { ClaimDraft } from './draftsApi';
import { makeClaim } from '../../test/fixtures';
import { adminUser, makeUser, page, renderWithPortal, stubFetch } from '../../test/portal-test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

const CLAIM_ID = '0f5c3c7e-1111-4222-8333-944455556666';
const ASSESSMENT_ID = 'a1b2c3d4-0000-4000-8000-000000000001';
const DRAFT_ID = 'd1d1d1d1-0000-4000-8000-000000000001';

const UTRN_MISSING = 'UTRN of the original return: ask the client';
const DECLARATION_MISSING =
  'Declaration: the client signs it in the portal once every other required item is in';

function makeDraft(overrides: Partial<ClaimDraft> = {}): ClaimDraft {
  const emptyFields = {
    utrn: '',
    purchasers: '',
    property_address: '',
    title_number: '',
    bank_account_name: '',
    bank_sort_code: '',
    bank_account_number: '',
    appealed_before: '',
    tax_reference: '',
  };
  return {
    id: DRAFT_ID,
    claim_id: CLAIM_ID,
    route_id: 'sdlt_amend_return',
    title: 'an amendment of the SDLT return',
    legal_basis: 'Finance Act 2003 Schedule 10 paragraph 6',
    definition: { id: 'sdlt_refund', version: 3 },
    evaluated_as_of: '2026-11-29',
    limit: {
      date: '2027-06-04',
      rule: 'Within 12 months of the filing date.',
      in_time: true,
      parameter: null,
    },
    items: [],
    sections: [
      {
        id: 'corrected',
        heading: 'Corrected calculation',
        text: 'Amount to be repaid: £500.',
        editable: false,
        source: '',
      },
      {
        id: 'grounds',
        heading: 'Grounds for the claim',
        text: 'Mixed use.',
        editable: true,
        source: 'Mixed use.',
      },
    ],
    complete: false,
    ready_to_sign: false,
    missing_hard: [UTRN_MISSING, DECLARATION_MISSING],
    warn_gaps: ['Sort code for the repayment: ask the client'],
    client_fields: emptyFields,
    client_fields_needed: ['utrn', 'bank_sort_code'],
    signed: null,
    pdf_available: false,
    checksum: 'a'.repeat(64),
    created_at: '2026-11-29T09:00:00.000Z',
    updated_at: '2026-11-29T09:00:00.000Z',
    ...overrides,
  };
}

function stubPage(initial: ClaimDraft[]) {
  let drafts = initial;
  return stubFetch({
    'GET /api/messages/unread-count/': { body: { unread: 0 } },
    [`GET /api/claims/${CLAIM_ID}/`]: { body: makeClaim({ timeline: [] }) },
    [`GET /api/claims/${CLAIM_ID}/drafts/`]: () => ({ body: { results: drafts } }),
    [`POST /api/claims/${CLAIM_ID}/drafts/`]: () => {
      drafts = [makeDraft()];
      return { body: { results: drafts } };
    },
    [`PUT /api/claims/${CLAIM_ID}/drafts/fields/`]: (request) => {
      const body = request.body as { utrn: string };
      drafts = [
        makeDraft({
          ready_to_sign: true,
          missing_hard: [DECLARATION_MISSING],
          client_fields: { ...makeDraft().client_fields, utrn: body.utrn.toUpperCase() },
        }),
      ];
      return { body: { results: drafts } };
    },
    [`POST /api/claims/${CLAIM_ID}/drafts/${DRAFT_ID}/sign/`]: () => {
      drafts = [
        makeDraft({
          complete: true,
          ready_to_sign: true,
          missing_hard: [],
          signed: { name: 'Jane Client', date: todayIso(), at: '2026-11-29T10:00:00.000Z' },
          pdf_available: true,
        }),
      ];
      return { body: drafts[0] };
    },
    'GET /api/documents/': { body: page([]) },
    [`GET /api/assessment/${ASSESSMENT_ID}/documents/`]: { body: [] },
    'GET /api/messages/threads/': { body: page([]) },
  });
}

describe('claim drafts in the portal', () => {
  it('the client sees the route, what is missing, supplies the UTRN and signs; then the PDF is offered', async () => {
    const { calls } = stubPage([makeDraft()]);
    renderWithPortal(`/portal/applications/${CLAIM_ID}`, makeUser(), portalRoutes);
    const draft = await screen.findByRole('article', { name: 'Claim for an amendment of the SDLT return' });
    expect(draft).toHaveTextContent('Finance Act 2003 Schedule 10 paragraph 6');
    expect(draft).toHaveTextContent('Status: Incomplete');
    expect(draft).toHaveTextContent(UTRN_MISSING);
    expect(within(draft).queryByRole('form', { name: /^Edit/ })).not.toBeInTheDocument();

    const sign = within(draft).getByRole('form', { name: /Sign the declaration/ });
    expect(within(sign).getByRole('button', { name: 'Sign the declaration' })).toBeDisabled();

    const details = within(draft).getByRole('form', { name: /Your details/ });
    const utrn = within(details).getByLabelText('UTRN of the original return');
    await userEvent.type(utrn, '12345');
    await userEvent.click(within(details).getByRole('button', { name: 'Save my details' }));
    await waitFor(() => expect(utrn).toHaveAttribute('aria-invalid', 'true'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.clear(utrn);
    await userEvent.type(utrn, '123456789mc');
    await userEvent.click(within(details).getByRole('button', { name: 'Save my details' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        utrn: '123456789mc',
        bank_sort_code: '',
      }),
    );
    await waitFor(() => expect(draft).toHaveTextContent('Status: Ready to sign'));

    const ready = within(draft).getByRole('form', { name: /Sign the declaration/ });
    await userEvent.type(within(ready).getByLabelText('Your full name'), 'Jane Client');
    await userEvent.click(within(ready).getByRole('button', { name: 'Sign the declaration' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/sign/'))?.body).toEqual({
        full_name: 'Jane Client',
        date: todayIso(),
        checksum: 'a'.repeat(64),
      }),
    );
    expect(
      await within(draft).findByRole('button', { name: 'Download the signed claim (PDF)' }),
    ).toBeInTheDocument();
    expect(draft).toHaveTextContent('Status: Signed by Jane Client');
  });

  it('staff generate the drafts and edit the free text; they do not sign', async () => {
    const { calls } = stubPage([]);
    renderWithPortal(`/portal/applications/${CLAIM_ID}`, adminUser(), portalRoutes);
    expect(
      await screen.findByText('No drafts yet: generate them from the claim’s result.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Generate drafts' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/drafts/'))).toBe(true),
    );
    const draft = await screen.findByRole('article', { name: 'Claim for an amendment of the SDLT return' });
    const edit = within(draft).getByRole('form', { name: 'Edit an amendment of the SDLT return' });
    expect(within(edit).getByLabelText('Grounds for the claim')).toHaveValue('Mixed use.');
    expect(within(draft).queryByRole('form', { name: /Sign the declaration/ })).not.toBeInTheDocument();
  });
});
