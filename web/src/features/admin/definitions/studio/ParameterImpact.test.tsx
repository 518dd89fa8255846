// Issue 29 item 3: the impact of a rate change (a saved parameter draft) on every stored assessment,
// as an A/B table with the ten largest value changes and a CSV download.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImpactSummary } from '../types';
import { DRAFT, ana, draft, openParameters, staff, stored, stubStudio } from './parameter-studio.test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

const RUN = '0b7c1c2e-3f4a-4b5c-8d6e-7f8091a2b3c5';
const run = {
  run_id: RUN,
  definition_id: 'sdlt_refund',
  draft_version: 2,
  parameter_set_id: 'sdlt',
  checksum: DRAFT,
  state: 'completed',
  percent: 100,
  total: 16,
  checked: 16,
  changed_count: 12,
  started_by: ana,
  created_at: '2026-11-26T09:10:00.000Z',
  finished_at: '2026-11-26T09:10:05.000Z',
  error: null,
};
const change = (n: number, before: number, after: number) => ({
  assessment_id: `9d1b2c3d-0000-4000-8000-00000000000${n}`,
  client_name: `Client ${n}`,
  claim_reference: `RC-2026-00004${n}`,
  before: { likelihood: 'Likely', approach: 'No-Win No-Fee', value: before },
  after: { likelihood: 'Likely', approach: 'No-Win No-Fee', value: after },
  changes: ['value' as const],
  value_change: after - before,
});
const summary: ImpactSummary = {
  run_id: RUN,
  kind: 'parameters',
  a_label: 'Published parameters',
  b_label: 'Draft of sdlt',
  checked: 16,
  changed: { any: 12, likelihood: 4, value_band: 8, approach: 4 },
  measures: [
    {
      measure: 'likelihood',
      label: 'Likelihood',
      rows: [
        { value: 'Likely', a: 12, b: 8 },
        { value: 'Unlikely', a: 4, b: 8 },
      ],
    },
    {
      measure: 'value_band',
      label: 'Value band',
      rows: [
        { value: 'No value', a: 4, b: 8 },
        { value: '£25,000 to £99,999', a: 0, b: 4 },
        { value: '£100,000 or more', a: 4, b: 0 },
      ],
    },
    { measure: 'approach', label: 'Approach', rows: [{ value: 'No-Win No-Fee', a: 12, b: 8 }] },
  ],
  largest_value_changes: [change(1, 110500, 93000), change(2, 20500, 17000)],
};

describe('Dated parameters: impact of a rate change', () => {
  it('replays the stored assessments with the saved parameter draft and shows the A/B table', async () => {
    const { calls } = stubStudio({
      'GET /api/parameter-sets/sdlt/': { body: stored(draft('editing')) },
      'POST /api/definitions/sdlt_refund/parameter-impact-runs/': {
        status: 202,
        body: { run_id: RUN, state: 'queued' },
      },
      [`GET /api/definitions/sdlt_refund/impact-runs/${RUN}/`]: { body: run },
      [`GET /api/definitions/sdlt_refund/impact-runs/${RUN}/summary/`]: { body: summary },
      [`GET /api/definitions/sdlt_refund/impact-runs/${RUN}/results/`]: {
        body: { total: 0, page: 1, page_size: 50, rows: [] },
      },
    });
    await openParameters(staff(ana));
    await userEvent.click(await screen.findByRole('button', { name: 'Check impact' }, { timeout: 20_000 }));
    expect(
      await screen.findByText(
        '12 of 16 stored assessments would change outcome with the parameter draft.',
        {},
        {
          timeout: 5000,
        },
      ),
    ).toBeInTheDocument();
    const start = calls.find((c) => c.path.endsWith('/parameter-impact-runs/'))!;
    expect(start.method).toBe('POST');
    expect(start.body).toEqual({ set_id: 'sdlt' });

    const ab = await screen.findByTestId('impact-ab', {}, { timeout: 10_000 });
    expect(ab).toHaveTextContent(
      'Of 16 assessments: 4 change likelihood, 8 change value band, 4 change approach.',
    );
    const table = within(ab).getByRole('table', {
      name: 'Published parameters (A) against Draft of sdlt (B)',
    });
    const line = (name: string) =>
      within(table).getByRole('row', { name: new RegExp(`^(Likelihood |Value band )?${name}`) });
    expect(line('Likely')).toHaveTextContent(/Likely\s*12\s*8\s*−4/);
    expect(line('£100,000 or more')).toHaveTextContent(/4\s*0\s*−4/);
    const top = within(ab).getByRole('table', { name: 'The 2 largest value changes' });
    const first = within(top).getAllByRole('row')[1]!;
    expect(first).toHaveTextContent('Client 1');
    expect(first).toHaveTextContent(/£110,500\s*£93,000\s*−£17,500/);
    expect(screen.getByRole('link', { name: 'Download the A/B table (CSV)' })).toBeInTheDocument();
  }, 60_000);

  it('asks for a saved parameter draft before an impact run', async () => {
    stubStudio({ 'GET /api/parameter-sets/sdlt/': { body: stored(null) } });
    await openParameters(staff(ana));
    expect(
      await screen.findByText('Save the parameter draft to check its impact.', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check impact' })).not.toBeInTheDocument();
  }, 60_000);
});
