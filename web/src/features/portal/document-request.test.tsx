// Issue 30 §3: staff ask the client for a document from the claim page (what, why, by when); the
// client never sees the form.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { portalRoutes } from './routes';
import { makeClaim } from '../../test/fixtures';
import { adminUser, makeUser, renderWithPortal, stubFetch } from '../../test/portal-test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

const CLAIM_ID = '0f5c3c7e-1111-4222-8333-944455556666';

function stubPage() {
  return stubFetch({
    'GET /api/messages/unread-count/': { body: { unread: 0 } },
    [`GET /api/claims/${CLAIM_ID}/`]: { body: makeClaim({ timeline: [] }) },
    [`GET /api/claims/${CLAIM_ID}/drafts/`]: { body: { results: [] } },
    [`POST /api/claims/${CLAIM_ID}/document-requests/`]: { status: 201, body: { id: 'x' } },
  });
}

describe('requesting a document', () => {
  it('staff name the document, say why and choose the due date; the request is sent', async () => {
    const { calls } = stubPage();
    renderWithPortal(`/portal/applications/${CLAIM_ID}`, adminUser(), portalRoutes);
    const form = await screen.findByRole('form', { name: 'Request a document' });
    await userEvent.click(within(form).getByRole('button', { name: 'Request document' }));
    expect(await within(form).findByText('Name the document.')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText(/^Document/), 'Completion statement');
    await userEvent.type(within(form).getByLabelText(/^Why it is needed/), 'It shows the SDLT paid.');
    const due = within(form).getByLabelText(/^Due by/);
    await userEvent.clear(due);
    await userEvent.type(due, '2026-12-24');
    await userEvent.click(within(form).getByRole('button', { name: 'Request document' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path.endsWith('/document-requests/'))?.body).toEqual({
        name: 'Completion statement',
        reason: 'It shows the SDLT paid.',
        due_date: '2026-12-24',
      }),
    );
  });

  it('a client does not see the form', async () => {
    stubPage();
    renderWithPortal(`/portal/applications/${CLAIM_ID}`, makeUser(), portalRoutes);
    await screen.findByRole('heading', { name: 'Claim documents' });
    expect(screen.queryByRole('form', { name: 'Request a document' })).not.toBeInTheDocument();
  });
});
