// The adviser definitions page (D7, issue 9): the list, and the studio: form edits of one draft,
// checks in the browser (the engine's loadDefinition, build-time standalone validators) in words.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import sdltJson from '../../../../../definitions/assessments/sdlt_refund/v1.json';
import sdltParams from '../../../../../definitions/parameters/sdlt.json';
import { portalRoutes } from '../../portal/routes';
import { adminUser, makeUser, renderWithPortal, stubFetch } from '../../../test/portal-test-utils';

const versions = [
  {
    id: 'sdlt_refund',
    serviceType: 'sdlt',
    version: 1,
    status: 'retired',
    title: 'SDLT Refund',
    effectiveFrom: '2024-04-06',
  },
  {
    id: 'sdlt_refund',
    serviceType: 'sdlt',
    version: 2,
    status: 'published',
    title: 'SDLT Refund',
    effectiveFrom: '2026-11-01',
  },
  {
    id: 'patent_box',
    serviceType: 'patent_box',
    version: 1,
    status: 'published',
    title: 'Patent Box',
    effectiveFrom: '2024-04-06',
  },
  {
    id: 'patent_box',
    serviceType: 'patent_box',
    version: 2,
    status: 'draft',
    title: 'Patent Box',
    effectiveFrom: '2024-04-06',
  },
];

function stubApi() {
  return stubFetch({
    'GET /api/messages/unread-count/': { body: { unread: 0 } },
    'GET /api/definitions/': { body: versions },
    'GET /api/definitions/sdlt_refund/published/': {
      body: { definition: sdltJson, parameterSets: [sdltParams] },
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openStudio() {
  const utils = renderWithPortal('/portal/definitions/sdlt_refund', adminUser(), portalRoutes);
  await screen.findByRole('tab', { name: 'Questions' }, { timeout: 20_000 });
  return utils;
}

// The lazy page and the studio chunk (engine, rules engine) take a while to transform when cold.
describe('assessment definitions', { timeout: 40_000 }, () => {
  it('lists every definition with its versions and their status', async () => {
    stubApi();
    renderWithPortal('/portal/definitions', adminUser(), portalRoutes);
    const sdlt = await screen.findByRole('list', { name: 'Versions of SDLT Refund' }, { timeout: 15_000 });
    expect(
      within(sdlt)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['v2Published', 'v1Retired']);
    const patent = screen.getByRole('list', { name: 'Versions of Patent Box' });
    expect(
      within(patent)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['v2Draft', 'v1Published']);
    expect(screen.getByRole('link', { name: 'Open Patent Box' })).toHaveTextContent('Edit draft v2');
    expect(screen.getByRole('link', { name: 'Open SDLT Refund' })).toHaveAttribute(
      'href',
      '/portal/definitions/sdlt_refund',
    );
  });

  it('is for staff only', async () => {
    stubApi();
    renderWithPortal('/portal/definitions', makeUser(), portalRoutes);
    expect(await screen.findByRole('heading', { name: 'Unauthorized page' })).toBeInTheDocument();
  });

  it('edits the draft in forms and checks it in the browser, naming screen and field', async () => {
    const { calls } = stubApi();
    await openStudio();
    expect(screen.getByTestId('draft-state')).toHaveTextContent('Saving creates draft v3');
    expect(screen.getByTestId('checks')).toHaveTextContent(/^Nothing to fix/);

    await userEvent.click(screen.getByRole('tab', { name: 'Scoring' }));
    const likely = screen.getByLabelText('Likely at or above');
    expect(likely).toHaveValue(75);
    fireEvent.change(likely, { target: { value: '70' } });
    expect(screen.getByLabelText('Likely at or above')).toHaveValue(70);
    expect(screen.getByLabelText('Possible at or above')).toHaveValue(40);
    // Nonsense is caught as it is typed: Possible above Likely.
    fireEvent.change(screen.getByLabelText('Possible at or above'), { target: { value: '80' } });
    await waitFor(() => expect(screen.getByTestId('checks')).toHaveTextContent(/Scoring › .*Possible/));
    fireEvent.change(screen.getByLabelText('Possible at or above'), { target: { value: '40' } });
    // The diff reads the change as a sentence.
    await userEvent.click(screen.getByRole('tab', { name: 'Review and release' }));
    expect(screen.getByTestId('diff')).toHaveTextContent('75 → 70');
    // A problem the engine finds is named by screen and field: an empty question text.
    await userEvent.click(screen.getByRole('tab', { name: 'Questions' }));
    fireEvent.change(screen.getByLabelText('Question text'), { target: { value: '' } });
    await waitFor(() =>
      expect(screen.getByTestId('checks')).toHaveTextContent(/^1 problem to fix before reviewQuestions › /),
    );
    fireEvent.change(screen.getByLabelText('Question text'), { target: { value: 'What type of property?' } });
    await waitFor(() => expect(screen.getByTestId('checks')).toHaveTextContent(/^Nothing to fix/));
    expect(screen.getByTestId('draft-state')).toHaveTextContent('Saving creates draft v3');
    // Nothing was sent: the checks run in the browser.
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('adds a Yes/No question with an answer input, shown by a condition read as a sentence', async () => {
    stubApi();
    await openStudio();
    await userEvent.type(screen.getByLabelText('New question text'), 'Is it your only home?');
    await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    const form = await screen.findByTestId('question-form');
    expect(within(form).getByLabelText('Question text')).toHaveValue('Is it your only home?');
    expect(form).toHaveTextContent('Rules read this answer as: isItYourOnly.');
    expect(within(form).getByTestId('condition-sentence')).toHaveTextContent('Reads: Always');
    await userEvent.click(within(form).getByRole('button', { name: '+ Condition' }));
    await waitFor(() =>
      expect(within(form).getByTestId('condition-sentence')).toHaveTextContent(
        'Reads: “What type of property did you buy?” is Residential',
      ),
    );
  });

  it('saves the draft and shows the server’s refusal in words', async () => {
    let attempt = 0;
    const { calls } = stubFetch({
      'GET /api/messages/unread-count/': { body: { unread: 0 } },
      'GET /api/definitions/': { body: versions },
      'GET /api/definitions/sdlt_refund/published/': {
        body: { definition: sdltJson, parameterSets: [sdltParams] },
      },
      'PUT /api/definitions/sdlt_refund/draft/': () =>
        ++attempt === 1
          ? {
              status: 400,
              body: {
                statusCode: 400,
                message: 'The definition is not valid',
                errors: [{ field: 'definition.eligibility.bands.0.min', message: 'must be number' }],
              },
            }
          : {
              body: {
                id: 'sdlt_refund',
                serviceType: 'sdlt_refund',
                version: 3,
                status: 'draft',
                title: 'SDLT Refund',
                effectiveFrom: '2024-01-01',
                checksum: 'x',
              },
            },
    });
    await openStudio();
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const problems = await screen.findByRole('list', { name: 'Problems' });
    expect(within(problems).getByRole('listitem')).toHaveTextContent(
      'Scoring › Likelihood bands › Likely › at or above: must be a number',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.getByTestId('draft-state')).toHaveTextContent('Draft v3 · saved'));
    expect(screen.queryByRole('list', { name: 'Problems' })).not.toBeInTheDocument();
    const put = calls.filter((c) => c.method === 'PUT');
    expect(put).toHaveLength(2);
    // The studio opened no draft: base_checksum null, so a draft started meanwhile is a conflict.
    expect(put[1]?.body).toEqual({ definition: sdltJson, base_checksum: null });
  });

  it('is linked from the admin dashboard’s Manage card', async () => {
    stubFetch({
      'GET /api/messages/unread-count/': { body: { unread: 0 } },
      'GET /admin/dashboard/': {
        body: {
          users: { total: 1, clients: 0, staff: 1, new_last_30_days: 0 },
          assessments: { by_service: {}, by_status: {} },
          claims: { by_status: {}, total: 0 },
          pipeline_value: { low: 0, median: 0, high: 0 },
          value_over_time: [],
          recent_activity: [],
        },
      },
    });
    renderWithPortal('/portal/admin-dashboard', adminUser(), portalRoutes);
    const manage = await screen.findByRole('region', { name: 'Manage' });
    expect(within(manage).getByRole('link', { name: 'Assessment definitions' })).toHaveAttribute(
      'href',
      '/portal/definitions',
    );
  });
});
