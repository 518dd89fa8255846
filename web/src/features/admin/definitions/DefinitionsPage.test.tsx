// The adviser definitions page (D7): the list, and the editor's in-browser validation, which runs
// the engine's loadDefinition (build-time standalone validators) and lists every issue by path.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import sdltJson from '../../../../../definitions/assessments/sdlt_refund/v1.json';
import sdltParams from '../../../../../definitions/parameters/sdlt.json';
import { portalRoutes } from '../../portal/routes';
import { adminUser, makeUser, renderWithPortal, stubFetch } from '../../portal/testing/portal-test-utils';

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

async function openEditor() {
  const utils = renderWithPortal('/portal/definitions/sdlt_refund', adminUser(), portalRoutes);
  const editor = await screen.findByLabelText('Definition (JSON)', {}, { timeout: 5000 });
  return { ...utils, editor: editor as HTMLTextAreaElement };
}

describe('assessment definitions', () => {
  it('lists every definition with its versions and their status', async () => {
    stubApi();
    renderWithPortal('/portal/definitions', adminUser(), portalRoutes);
    const sdlt = await screen.findByRole('list', { name: 'Versions of SDLT Refund' });
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

  it('validates in the browser and lists each problem as path: message', async () => {
    const { calls, editor } = await (async () => {
      const stub = stubApi();
      return { ...stub, ...(await openEditor()) };
    })();
    // Prefilled with the published JSON.
    expect(JSON.parse(editor.value)).toEqual(sdltJson);
    expect(screen.getByTestId('draft-state')).toHaveTextContent('Saving creates draft v3');

    const broken = structuredClone(sdltJson) as unknown as {
      eligibility: { bands: { min: unknown }[] };
      questionnaire: { questions: { type: string }[] };
      approach: { rules: { conditions: { all: { fact: string }[] } }[] };
    };
    broken.eligibility.bands[0]!.min = 'ninety';
    broken.questionnaire.questions[1]!.type = 'calendar';
    broken.approach.rules[0]!.conditions.all[0]!.fact = 'likelyhood';
    fireEvent.change(editor, { target: { value: JSON.stringify(broken, null, 2) } });
    await userEvent.click(screen.getByRole('button', { name: 'Validate' }));

    const problems = await screen.findByRole('list', { name: 'Problems' });
    const lines = within(problems)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toContain('/eligibility/bands/0/min: must be number');
    expect(lines.some((line) => line?.startsWith('/questionnaire/questions/1/type: '))).toBe(true);
    expect(lines.filter((line) => !line?.startsWith('/'))).toEqual([]);

    // A schema-valid definition reading a fact nothing provides: the semantic check names the rule.
    broken.eligibility.bands[0]!.min = 90;
    broken.questionnaire.questions[1]!.type = 'date';
    fireEvent.change(editor, { target: { value: JSON.stringify(broken, null, 2) } });
    await userEvent.click(screen.getByRole('button', { name: 'Validate' }));
    await waitFor(() => {
      const items = within(screen.getByRole('list', { name: 'Problems' })).getAllByRole('listitem');
      expect(items.map((li) => li.textContent)).toHaveLength(1);
      expect(items[0]?.textContent).toMatch(/^\/approach\/rules\/0\/conditions\/all\/0\/fact: .*likelyhood/);
    });

    // Not JSON at all.
    fireEvent.change(editor, { target: { value: '{ "id": "sdlt_refund", ' } });
    await userEvent.click(screen.getByRole('button', { name: 'Validate' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Problems' })).getByRole('listitem').textContent,
      ).toMatch(/^\(JSON\): /),
    );

    // Fixed: valid, and the problems are gone.
    broken.approach.rules[0]!.conditions.all[0]!.fact = 'likelihood';
    fireEvent.change(editor, { target: { value: JSON.stringify(broken, null, 2) } });
    await userEvent.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('The definition is valid.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Problems' })).not.toBeInTheDocument();
    // Validation ran in the browser: nothing was sent.
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('saves the draft and shows the server’s refusal by path', async () => {
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
                errors: [{ field: 'definition.parameters.0.key', message: 'names no value of the set sdlt' }],
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
    await openEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const problems = await screen.findByRole('list', { name: 'Problems' });
    expect(within(problems).getByRole('listitem')).toHaveTextContent(
      '/parameters/0/key: names no value of the set sdlt',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.getByTestId('draft-state')).toHaveTextContent('Draft v3 · saved'));
    expect(screen.queryByRole('list', { name: 'Problems' })).not.toBeInTheDocument();
    const put = calls.filter((c) => c.method === 'PUT');
    expect(put).toHaveLength(2);
    expect(put[1]?.body).toEqual({ definition: sdltJson });
    // Publishing asks first.
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.getByRole('group', { name: 'Confirm publishing' })).toHaveTextContent(
      'Publish draft v3 of SDLT Refund?',
    );
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
