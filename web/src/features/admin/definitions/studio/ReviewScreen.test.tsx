// The Review and release screen (issue 9, four eyes): submit with a note and a source, Approve
// hidden from the submitter and the last editor, publish now or on a date, history, the ADMIN-only
// emergency rollback with a reason, and a save conflict that says who and when.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import sdltJson from '../../../../../../definitions/assessments/sdlt_refund/v1.json';
import sdltParams from '../../../../../../definitions/parameters/sdlt.json';
import type { User } from '../../../auth/types';
import { portalRoutes } from '../../../portal/routes';
import { adminUser, renderWithPortal, stubFetch } from '../../../../test/portal-test-utils';
import type { DraftPayload, ReviewInfo } from '../types';

const ana = { id: '5b0c6a62-8a43-4a53-9a57-1f6f2f7f0010', name: 'Ana Adviser' };
const ben = { id: '5b0c6a62-8a43-4a53-9a57-1f6f2f7f0011', name: 'Ben Reviewer' };
const staff = (who: { id: string; name: string }): User =>
  adminUser({ id: who.id, display_name: who.name, username: who.name, role: 'STAFF' });

const versions = [
  {
    id: 'sdlt_refund',
    serviceType: 'sdlt',
    version: 2,
    status: 'published',
    title: 'SDLT Refund',
    effectiveFrom: '2026-11-01',
  },
  {
    id: 'sdlt_refund',
    serviceType: 'sdlt',
    version: 1,
    status: 'published',
    title: 'SDLT Refund',
    effectiveFrom: '2024-04-06',
  },
  {
    id: 'sdlt_refund',
    serviceType: 'sdlt',
    version: 3,
    status: 'draft',
    title: 'SDLT Refund',
    effectiveFrom: '2026-11-01',
  },
];
const CHECKSUM = 'a'.repeat(64);
const noReview: ReviewInfo = {
  state: 'editing',
  release_note: null,
  source_url: null,
  submitted_by: null,
  submitted_at: null,
  approved_by: null,
  approved_at: null,
  approved_checksum: null,
};

function draftPayload(review: Partial<ReviewInfo>): DraftPayload {
  return {
    id: 'sdlt_refund',
    serviceType: 'sdlt_refund',
    version: 3,
    status: 'draft',
    scheduled: false,
    title: 'SDLT Refund',
    effectiveFrom: '2026-11-01',
    checksum: CHECKSUM,
    updated_by: ana,
    updated_at: '2026-11-26T09:00:00.000Z',
    review: { ...noReview, ...review },
    definition: { ...sdltJson, version: 3, status: 'draft' },
    checks: [],
    coverage: {
      ok: true,
      failing_tests: [],
      failing_reasons: [],
      items: [
        {
          kind: 'rule',
          id: 'purchase_within_12_months',
          label: 'Purchase within 12 months',
          covered_by: ['A recent purchase'],
        },
      ],
    },
  };
}
const submitted: Partial<ReviewInfo> = {
  state: 'submitted',
  release_note: 'Likely threshold 75 → 70',
  source_url: 'https://www.gov.uk/guidance/sdlt',
  submitted_by: ana,
  submitted_at: '2026-11-26T09:05:00.000Z',
};

function stubStudio(
  draft: () => ReturnType<typeof draftPayload>,
  extra: Parameters<typeof stubFetch>[0] = {},
) {
  return stubFetch({
    'GET /api/messages/unread-count/': { body: { unread: 0 } },
    'GET /api/definitions/': { body: versions },
    'GET /api/definitions/sdlt_refund/published/': {
      body: { definition: sdltJson, parameterSets: [sdltParams], asOf: '2026-11-26' },
    },
    'GET /api/definitions/sdlt_refund/drafts/3/': () => ({ body: draft() }),
    'GET /api/definitions/sdlt_refund/history/': {
      body: {
        items: [
          {
            at: '2026-11-26T09:05:00.000Z',
            action: 'definition_submitted',
            label: 'Submitted v3 for review',
            version: 3,
            user: ana,
            detail: { note: 'Likely threshold 75 → 70' },
          },
        ],
      },
    },
    ...extra,
  });
}

async function openReview(user: User) {
  renderWithPortal('/portal/definitions/sdlt_refund', user, portalRoutes);
  await userEvent.click(await screen.findByRole('tab', { name: 'Review and release' }, { timeout: 20_000 }));
  return screen.findByTestId('review-panel');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('studio: review and release', { timeout: 40_000 }, () => {
  it('hides Approve from the adviser who submitted the draft, and says why', async () => {
    stubStudio(() => draftPayload(submitted));
    const panel = await openReview(staff(ana));
    expect(within(panel).getByTestId('review-state')).toHaveTextContent('Draft v3: Submitted for review');
    // The reviewer reads the release gate's coverage of the changes.
    expect(within(panel).getByRole('region', { name: 'Test coverage of the changes' })).toHaveTextContent(
      'Rule “Purchase within 12 months”: covered by 1 passing test (A recent purchase)',
    );
    expect(panel).toHaveTextContent('Likely threshold 75 → 70');
    expect(within(panel).getByRole('link', { name: 'https://www.gov.uk/guidance/sdlt' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(within(panel).getByTestId('approve-not-yours')).toHaveTextContent(
      'You submitted or last edited this draft; a different adviser must approve it.',
    );
    expect(within(panel).queryByRole('button', { name: 'Request changes…' })).not.toBeInTheDocument();
    // Only an administrator sees the emergency rollback.
    expect(screen.queryByRole('button', { name: 'Emergency rollback…' })).not.toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'History' })).toHaveTextContent(
      'Submitted v3 for review · Ana Adviser',
    );
  });

  it('hides Approve from the last editor too, even when someone else submitted', async () => {
    stubStudio(() => ({ ...draftPayload({ ...submitted, submitted_by: ben }), updated_by: ana }));
    const panel = await openReview(staff(ana));
    expect(within(panel).getByTestId('review-state')).toHaveTextContent('Submitted for review');
    expect(within(panel).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(within(panel).getByTestId('approve-not-yours')).toBeInTheDocument();
  });

  it('another adviser approves the checksum they read, then schedules the version for a date', async () => {
    let state: Partial<ReviewInfo> = submitted;
    const { calls } = stubStudio(() => draftPayload(state), {
      'POST /api/definitions/sdlt_refund/drafts/3/approve/': () => {
        state = {
          ...submitted,
          state: 'approved',
          approved_by: ben,
          approved_at: '2026-11-26T10:00:00.000Z',
        };
        return { body: draftPayload(state) };
      },
      'POST /api/definitions/sdlt_refund/drafts/3/publish/': () => ({
        body: {
          ...draftPayload({ state: 'published' }),
          status: 'published',
          scheduled: true,
          effectiveFrom: '2027-01-01',
        },
      }),
    });
    const panel = await openReview(staff(ben));
    await userEvent.click(within(panel).getByRole('button', { name: 'Approve v3' }));
    await waitFor(() => expect(within(panel).getByTestId('review-state')).toHaveTextContent('Approved'));
    expect(calls.find((c) => c.path.endsWith('/approve/'))?.body).toEqual({ checksum: CHECKSUM });
    await userEvent.click(within(panel).getByRole('radio', { name: 'From a later date' }));
    // A day that is not after today is refused before anything is sent.
    fireEvent.change(within(panel).getByLabelText(/Applies from/), { target: { value: '2026-11-26' } });
    await userEvent.click(within(panel).getByRole('button', { name: 'Schedule v3' }));
    expect(within(panel).getByText(/Choose a day after today/)).toBeInTheDocument();
    fireEvent.change(within(panel).getByLabelText(/Applies from/), { target: { value: '2027-01-01' } });
    await userEvent.click(within(panel).getByRole('button', { name: 'Schedule v3' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/publish/'))?.body).toEqual({ effective_from: '2027-01-01' }),
    );
    // The published version is no longer a draft: it is not fetched as one again (that was a 404).
    const publishedAt = calls.findIndex((c) => c.path.endsWith('/publish/'));
    await waitFor(() =>
      expect(calls.slice(publishedAt).some((c) => c.path.endsWith('/history/'))).toBe(true),
    );
    expect(calls.slice(publishedAt + 1).filter((c) => c.path.endsWith('/drafts/3/'))).toEqual([]);
  });

  it('submitting needs a release note and a source link', async () => {
    const { calls } = stubStudio(() => draftPayload({}), {
      'POST /api/definitions/sdlt_refund/drafts/3/submit/': { body: draftPayload(submitted) },
    });
    const panel = await openReview(staff(ana));
    const form = within(panel).getByRole('form', { name: 'Submit for review' });
    await userEvent.click(within(form).getByRole('button', { name: 'Submit for review' }));
    expect(form).toHaveTextContent('Say what changes and why.');
    expect(form).toHaveTextContent('A link starting https://');
    await userEvent.type(within(form).getByLabelText(/Release note/), 'Likely threshold 75 → 70');
    await userEvent.type(within(form).getByLabelText(/Source link/), 'https://www.gov.uk/guidance/sdlt');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit for review' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/submit/'))?.body).toEqual({
        release_note: 'Likely threshold 75 → 70',
        source_url: 'https://www.gov.uk/guidance/sdlt',
      }),
    );
  });

  it('an administrator’s emergency rollback needs a reason', async () => {
    const { calls } = stubStudio(() => draftPayload({}), {
      'POST /api/definitions/sdlt_refund/rollback/': {
        body: { retired: { ...versions[0], checksum: 'x' }, current: { ...versions[1], checksum: 'y' } },
      },
    });
    await openReview(adminUser());
    await userEvent.click(screen.getByRole('button', { name: 'Emergency rollback…' }));
    const form = screen.getByRole('form', { name: 'Emergency rollback' });
    await userEvent.click(within(form).getByRole('button', { name: 'Roll back now' }));
    expect(form).toHaveTextContent('Say why this cannot wait for a review.');
    expect(calls.some((c) => c.path.endsWith('/rollback/'))).toBe(false);
    await userEvent.type(within(form).getByLabelText(/Reason/), 'Wrong threshold live');
    await userEvent.click(within(form).getByRole('button', { name: 'Roll back now' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/rollback/'))?.body).toEqual({
        reason: 'Wrong threshold live',
      }),
    );
  });

  it('a save over another adviser’s newer draft is refused, naming who and when, and sends the opened checksum', async () => {
    const { calls } = stubStudio(() => draftPayload({}), {
      'PUT /api/definitions/sdlt_refund/draft/': {
        status: 409,
        body: {
          statusCode: 409,
          message:
            'Draft v3 was changed by Ben Reviewer at 10:15 on 2026-11-26 (UTC); reload it to see their changes before saving.',
          version: 3,
          changed_by: ben,
          changed_at: '2026-11-26T10:15:00.000Z',
          checksum: 'b'.repeat(64),
        },
      },
    });
    renderWithPortal('/portal/definitions/sdlt_refund', staff(ana), portalRoutes);
    await userEvent.click(await screen.findByRole('tab', { name: 'Scoring' }, { timeout: 20_000 }));
    fireEvent.change(screen.getByLabelText('Likely at or above'), { target: { value: '70' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const alert = await screen.findByTestId('save-conflict');
    expect(alert).toHaveTextContent('Not saved: someone else changed this draft.');
    expect(alert).toHaveTextContent(/Ben Reviewer saved draft v3 at/);
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ base_checksum: CHECKSUM });
  });

  it('a reviewer sends the draft back with a comment', async () => {
    const { calls } = stubStudio(() => draftPayload(submitted), {
      'POST /api/definitions/sdlt_refund/drafts/3/request-changes/': { body: draftPayload({}) },
    });
    const panel = await openReview(staff(ben));
    await userEvent.click(within(panel).getByRole('button', { name: 'Request changes…' }));
    const form = within(panel).getByRole('form', { name: 'Request changes' });
    await userEvent.click(within(form).getByRole('button', { name: 'Send back for changes' }));
    expect(form).toHaveTextContent('Say what should change.');
    await userEvent.type(within(form).getByLabelText(/What should change/), 'Cite the SDLTM page');
    await userEvent.click(within(form).getByRole('button', { name: 'Send back for changes' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/request-changes/'))?.body).toEqual({
        comment: 'Cite the SDLTM page',
      }),
    );
  });
});
