// The Review and release screen's impact (issue 9 point 5): an impact run in the background with a
// progress bar and Cancel, then the rows by client and claim with filters and a CSV download.
import { screen, waitFor, within } from '@testing-library/react';
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
    coverage: null,
  };
}

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

const RUN = '0b7c1c2e-3f4a-4b5c-8d6e-7f8091a2b3c4';
function run(state: string, checked: number, extra: Record<string, unknown> = {}) {
  return {
    run_id: RUN,
    definition_id: 'sdlt_refund',
    draft_version: 3,
    checksum: CHECKSUM,
    state,
    percent: Math.floor((checked / 200) * 100),
    total: 200,
    checked,
    changed_count: 3,
    started_by: ana,
    created_at: '2026-11-26T09:10:00.000Z',
    finished_at: state === 'running' ? null : '2026-11-26T09:10:05.000Z',
    error: null,
    ...extra,
  };
}
const row = {
  assessment_id: '9d1b2c3d-0000-4000-8000-000000000001',
  client_name: 'Carla Client',
  claim_reference: 'RC-2026-000042',
  before: { likelihood: 'Likely', approach: 'Standard', value: 24000 },
  after: { likelihood: 'Possible', approach: 'Standard', value: 24000 },
  changes: ['likelihood'],
};

describe('Review and release: impact at scale', () => {
  it('starts a run, shows its progress bar, cancels it, then lists the replayed rows with filters', async () => {
    let state = 'running';
    const { calls } = stubStudio(() => draftPayload({}), {
      'POST /api/definitions/sdlt_refund/drafts/3/impact-runs/': {
        status: 202,
        body: { run_id: RUN, state: 'queued' },
      },
      [`GET /api/definitions/sdlt_refund/impact-runs/${RUN}/`]: () => ({
        body: state === 'running' ? run('running', 80) : run('cancelled', 80),
      }),
      [`POST /api/definitions/sdlt_refund/impact-runs/${RUN}/cancel/`]: () => {
        state = 'cancelled';
        return { body: run('cancelled', 80) };
      },
      [`GET /api/definitions/sdlt_refund/impact-runs/${RUN}/results/`]: {
        body: { total: 1, page: 1, page_size: 50, rows: [row] },
      },
    });
    await openReview(staff(ben));
    await userEvent.click(screen.getByRole('button', { name: 'Check impact' }));
    const bar = await screen.findByRole('progressbar', {}, { timeout: 5000 });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAccessibleName(/80 of 200 checked/);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByText(/Cancelled after 80 of 200 assessments/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    const table = await screen.findByRole('table', { name: /Stored assessments replayed with draft v3/ });
    const cells = within(table).getAllByRole('row')[1]!;
    expect(cells).toHaveTextContent('Carla Client');
    expect(cells).toHaveTextContent('RC-2026-000042');
    expect(cells).toHaveTextContent(/Likely\s*→?\s*becomes\s*Possible/);
    expect(calls.some((c) => c.path.endsWith('/cancel/') && c.method === 'POST')).toBe(true);

    // Filters become the query of the results (and of the CSV).
    await userEvent.click(screen.getByRole('checkbox', { name: 'Changed only' }));
    await userEvent.selectOptions(screen.getByLabelText('Likelihood now'), 'Likely');
    await waitFor(() => {
      const last = calls.filter((c) => c.path.endsWith('/results/')).at(-1)!;
      expect(last.search.get('changed')).toBe('all');
      expect(last.search.get('likelihood_before')).toBe('Likely');
    });
    expect(screen.getByRole('link', { name: 'Download CSV' })).toBeInTheDocument();
  }, 60_000);

  it('a completed run says how many would change', async () => {
    stubStudio(() => draftPayload({}), {
      'POST /api/definitions/sdlt_refund/drafts/3/impact-runs/': {
        status: 202,
        body: { run_id: RUN, state: 'queued' },
      },
      [`GET /api/definitions/sdlt_refund/impact-runs/${RUN}/`]: {
        body: run('completed', 200, { percent: 100 }),
      },
      [`GET /api/definitions/sdlt_refund/impact-runs/${RUN}/results/`]: {
        body: { total: 1, page: 1, page_size: 50, rows: [row] },
      },
    });
    await openReview(staff(ben));
    await userEvent.click(screen.getByRole('button', { name: 'Check impact' }));
    expect(
      await screen.findByText('3 of 200 stored assessments would change outcome.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: /replayed with draft v3/ })).toBeInTheDocument();
  }, 60_000);
});
