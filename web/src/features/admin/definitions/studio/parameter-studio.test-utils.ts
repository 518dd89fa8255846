// What the Dated parameters tests share (ParameterRelease, ParameterImpact and ParameterTests):
// two STAFF advisers; the SDLT parameter set as stored and as an open draft; stubs of the studio's
// API for that set; and a helper that opens the Dated parameters screen.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import sdltJson from '../../../../../../definitions/assessments/sdlt_refund/v2.json';
import sdltParams from '../../../../../../definitions/parameters/sdlt.json';
import type { User } from '../../../auth/types';
import { portalRoutes } from '../../../portal/routes';
import { adminUser, renderWithPortal, stubFetch } from '../../../../test/portal-test-utils';
import type { ParameterDraftSummary, ParameterSetPayload } from '../types';

export { sdltParams };

export const ana = { id: '5b0c6a62-8a43-4a53-9a57-1f6f2f7f0010', name: 'Ana Adviser' };
export const ben = { id: '5b0c6a62-8a43-4a53-9a57-1f6f2f7f0011', name: 'Ben Reviewer' };

/** A STAFF adviser signed in as `who`. */
export const staff = (who: { id: string; name: string }): User =>
  adminUser({ id: who.id, display_name: who.name, username: who.name, role: 'STAFF' });

/** The checksum of the stored set. */
export const STORED = 'b'.repeat(64);
/** The checksum of its open draft. */
export const DRAFT = 'c'.repeat(64);

/** The set as an open draft has it: the first price limit raised to £520,000. */
const draftSet = structuredClone(sdltParams);
draftSet.parameters['ftb.max_price'].values[0]!.value = 520000;

const versions = [
  {
    id: 'sdlt_refund',
    serviceType: 'sdlt',
    version: 2,
    status: 'published',
    title: 'SDLT Refund',
    effectiveFrom: '2024-04-06',
  },
];

/** The open parameter draft in review state `state`, saved (and submitted) by `by`. */
export function draft(state: ParameterDraftSummary['review']['state'], by = ana): ParameterDraftSummary {
  return {
    checksum: DRAFT,
    base_checksum: STORED,
    updated_by: by,
    updated_at: '2026-11-26T09:00:00.000Z',
    review: {
      state,
      release_note: state === 'editing' ? null : 'Nil band from April',
      source_url: state === 'editing' ? null : 'https://www.gov.uk/',
      submitted_by: state === 'editing' ? null : by,
      submitted_at: state === 'editing' ? null : '2026-11-26T09:05:00.000Z',
      approved_by: null,
      approved_at: null,
      approved_checksum: null,
    },
    parameter_set: draftSet,
  };
}

/** GET /api/parameter-sets/sdlt/: the stored set, with `open` as its draft (and its history). */
export function stored(open: ParameterDraftSummary | null): ParameterSetPayload {
  return {
    id: 'sdlt',
    checksum: STORED,
    coverage: null,
    updated_at: '2026-11-20T08:00:00.000Z',
    updated_by: null,
    parameter_set: sdltParams,
    versions: [],
    draft: open,
    history: open
      ? [
          {
            at: '2026-11-26T09:00:00.000Z',
            action: 'parameter_set_draft_saved',
            label: 'Saved parameter draft',
            user: open.updated_by,
            detail: { checksum: open.checksum },
          },
        ]
      : [],
  };
}

/** The studio's API for SDLT (published v2, no history), plus the answers in `extra`. */
export function stubStudio(extra: Parameters<typeof stubFetch>[0]) {
  return stubFetch({
    'GET /api/messages/unread-count/': { body: { unread: 0 } },
    'GET /api/definitions/': { body: versions },
    'GET /api/definitions/sdlt_refund/published/': {
      body: { definition: sdltJson, parameterSets: [sdltParams], asOf: '2026-11-26' },
    },
    'GET /api/definitions/sdlt_refund/history/': { body: { items: [] } },
    ...extra,
  });
}

/** Opens the SDLT studio as `user` on its Dated parameters tab; the Save parameter draft button. */
export async function openParameters(user: User) {
  renderWithPortal('/portal/definitions/sdlt_refund', user, portalRoutes);
  await userEvent.click(await screen.findByRole('tab', { name: 'Dated parameters' }, { timeout: 20_000 }));
  return screen.findByRole('button', { name: 'Save parameter draft' }, { timeout: 10_000 });
}
