// The Dated parameters screen saves the edited set as a parameter draft (issue 9 points 1 and 6):
// sent with the checksum it started from; a stale one reads who changed it; the four-eyes strip
// hides Approve from the adviser who saved the draft.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ParameterDraftSummary } from '../types';
import {
  DRAFT,
  STORED,
  ana,
  ben,
  draft,
  openParameters,
  sdltParams,
  staff,
  stored,
  stubStudio,
} from './parameter-studio.test-utils';

/** One parameter at a time (issue 29): its page, from the list of parameters. */
async function choose(name: RegExp) {
  await userEvent.click(
    within(screen.getByRole('navigation', { name: 'Parameters' })).getByRole('button', { name }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Dated parameters: save and release', () => {
  it('saves the edited set with the checksum it started from, then offers submit', async () => {
    let open: ParameterDraftSummary | null = null;
    const { calls } = stubStudio({
      'GET /api/parameter-sets/sdlt/': () => ({ body: stored(open) }),
      'PUT /api/parameter-sets/sdlt/draft/': () => {
        open = draft('editing');
        return { body: open };
      },
    });
    const save = await openParameters(staff(ana));
    await choose(/^Highest price for first-time buyers' relief/);
    // The timeline reads as the adviser does: pounds and dates in words, not 500000 and 2017-11-22.
    const timeline = screen.getByRole('img', {
      name: /Timeline of Highest price for first-time buyers' relief/,
    });
    expect(timeline.firstElementChild).toHaveAttribute(
      'title',
      '£500,000 from 22 November 2017 to 7 July 2020',
    );
    expect(timeline.firstElementChild).toHaveTextContent('£500,000');
    const value = screen.getByRole('textbox', {
      name: /Highest price for first-time buyers' relief.* row 1 value/,
    });
    await userEvent.clear(value);
    await userEvent.type(value, '510000');
    await userEvent.click(save);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    const body = put.body as { base_checksum: string; parameter_set: typeof sdltParams };
    expect(put.path).toBe('/api/parameter-sets/sdlt/draft/');
    expect(body.base_checksum).toBe(STORED);
    expect(body.parameter_set.parameters['ftb.max_price'].values[0]!.value).toBe(510000);
    expect(
      await screen.findByText(/Parameter draft being edited · last edited by Ana Adviser/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit parameters for review' })).toBeInTheDocument();
  }, 60_000);

  it('a stale save reads who changed the draft; the editor sees no Approve, another adviser does', async () => {
    const conflict =
      'The parameter draft of sdlt was changed by Ben Reviewer at 09:00 on 2026-11-26 (UTC); reload it to see their changes before saving.';
    const { calls } = stubStudio({
      'GET /api/parameter-sets/sdlt/': { body: stored(draft('submitted')) },
      'PUT /api/parameter-sets/sdlt/draft/': { status: 409, body: { statusCode: 409, message: conflict } },
    });
    const save = await openParameters(staff(ana));
    await choose(/^Highest price for first-time buyers' relief/);
    // The open draft is what is edited, not the stored set under it.
    await waitFor(() =>
      expect(
        screen.getByRole('textbox', { name: /Highest price for first-time buyers' relief.* row 1 value/ }),
      ).toHaveValue('520000'),
    );
    expect(await screen.findByText('Another adviser must approve this parameter draft.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve parameters' })).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: /History of Parameters of/ })).toHaveTextContent(
      'Saved parameter draft · Ana Adviser',
    );
    await userEvent.click(save);
    expect(await screen.findByText(conflict)).toBeInTheDocument();
    expect((calls.find((c) => c.method === 'PUT')!.body as { base_checksum: string }).base_checksum).toBe(
      DRAFT,
    );
  }, 60_000);

  it('another adviser approves the checksum of the draft', async () => {
    const { calls } = stubStudio({
      'GET /api/parameter-sets/sdlt/': { body: stored(draft('submitted')) },
      'POST /api/parameter-sets/sdlt/draft/approve/': { body: draft('approved') },
    });
    await openParameters(staff(ben));
    // The reviewer reads what the draft changes, in words, before approving.
    const changes = await screen.findByRole('region', {
      name: 'What changes against the parameters in force',
    });
    await waitFor(() =>
      expect(changes).toHaveTextContent(
        /Highest price for first-time buyers' relief \(.*\) from 22 November 2017: £500,000 → £520,000/,
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Approve parameters' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/approve/'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/approve/'))!.body).toEqual({ checksum: DRAFT });
  }, 60_000);

  it('a band table is edited as rows of "up to" and "rate %" and saved as numbers', async () => {
    const { calls } = stubStudio({
      'GET /api/parameter-sets/sdlt/': { body: stored(null) },
      'PUT /api/parameter-sets/sdlt/draft/': { body: draft('editing') },
    });
    const save = await openParameters(staff(ana));
    await choose(/^Residential rates of SDLT, band by band$/);
    const rows = sdltParams.parameters['res.bands'].values.length;
    const rate = screen.getByRole('textbox', {
      name: `Residential rates of SDLT, band by band row ${rows} band 2 rate (%)`,
    });
    expect(rate).toHaveValue('2');
    await userEvent.clear(rate);
    await userEvent.type(rate, '2.5');
    expect(rate).toHaveValue('2.5');
    await userEvent.click(save);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const sent = (calls.find((c) => c.method === 'PUT')!.body as { parameter_set: typeof sdltParams })
      .parameter_set.parameters['res.bands'].values[rows - 1]!.value;
    expect(sent).toEqual([
      { upTo: 125000, rate: 0 },
      { upTo: 250000, rate: 0.025 },
      { upTo: 925000, rate: 0.05 },
      { upTo: 1500000, rate: 0.1 },
      { upTo: null, rate: 0.12 },
    ]);
  }, 60_000);

  it('Add period ends the period in force the day before (undoable); a script-filled cell is saved as shown', async () => {
    const { calls } = stubStudio({
      'GET /api/parameter-sets/sdlt/': { body: stored(null) },
      'PUT /api/parameter-sets/sdlt/draft/': { body: draft('editing') },
    });
    const save = await openParameters(staff(ana));
    await choose(/^Residential rates of SDLT, band by band$/);
    const rows = sdltParams.parameters['res.bands'].values.length;
    const add = screen.getByRole('form', { name: /Add a period to Residential rates/ });
    await userEvent.type(within(add).getByLabelText('New period starts on'), '2027-04-01');
    await userEvent.click(within(add).getByRole('button', { name: 'Add period' }));
    const status = await screen.findByTestId('period-added');
    expect(status).toHaveTextContent(
      `Row ${rows + 1} added from 1 April 2027, a copy of the latest value to change; row ${rows} (from 1 April 2025) now ends on 31 March 2027.`,
    );
    // Undo puts the periods back as they were; adding again closes the old one again.
    await userEvent.click(within(status).getByRole('button', { name: 'Undo' }));
    expect(
      screen.queryByRole('textbox', {
        name: `Residential rates of SDLT, band by band row ${rows + 1} band 1 up to (£)`,
      }),
    ).toBeNull();
    await userEvent.type(within(add).getByLabelText('New period starts on'), '2027-04-01');
    await userEvent.click(within(add).getByRole('button', { name: 'Add period' }));
    expect(screen.queryByRole('list', { name: /Problems of/ })).toBeNull();
    // A script sets the value through the element (React's value tracker sees no change): the
    // model follows the input event all the same.
    const cell = screen.getByRole<HTMLInputElement>('textbox', {
      name: `Residential rates of SDLT, band by band row ${rows + 1} band 1 up to (£)`,
    });
    cell.value = '£150,000';
    cell.dispatchEvent(new Event('input', { bubbles: true }));
    await waitFor(() => expect(cell).toHaveValue('£150,000'));
    await userEvent.click(save);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const values = (calls.find((c) => c.method === 'PUT')!.body as { parameter_set: typeof sdltParams })
      .parameter_set.parameters['res.bands'].values;
    expect(values[rows - 1]!.to).toBe('2027-03-31');
    expect(values[rows]).toMatchObject({ from: '2027-04-01', to: null, source: 'S20' });
    expect((values[rows]!.value as { upTo: number | null }[])[0]).toEqual({ upTo: 150000, rate: 0 });
  }, 60_000);

  it('issue 29 §7: "Roll back to this version" starts a draft with an earlier set, then offers submit', async () => {
    const EARLIER = 'e'.repeat(64);
    let open: ParameterDraftSummary | null = null;
    const { calls } = stubStudio({
      'GET /api/parameter-sets/sdlt/': () => ({
        body: {
          ...stored(open),
          versions: [
            {
              checksum: EARLIER,
              replaced_at: '2026-11-21T10:00:00.000Z',
              replaced_by_checksum: STORED,
              is_current: false,
            },
          ],
        },
      }),
      'POST /api/parameter-sets/sdlt/rollback-draft/': () => {
        open = { ...draft('editing'), checksum: EARLIER };
        return { status: 201, body: open };
      },
    });
    await openParameters(staff(ana));
    await userEvent.click(screen.getByText('Earlier versions of these parameters'));
    await userEvent.click(
      screen.getByRole('button', { name: /^Roll back to this version \(in force until/ }),
    );
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/rollback-draft/'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/rollback-draft/'))?.body).toEqual({ checksum: EARLIER });
    expect(await screen.findByRole('button', { name: 'Submit parameters for review' })).toBeInTheDocument();
  });
});
