// Issue 29 §4 in the studio: a parameter draft's own tests in plain English (removable), and the
// saved draft's release gate as the server computed it: the values no test reads, the draft's
// failing tests, and the published tests whose result the new values change.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ana, draft, openParameters, staff, stored, stubStudio } from './parameter-studio.test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

const test2027 = {
  name: 'A £300,000 home in May 2027',
  definition: 'sdlt_refund',
  answers: { propertyTypeSDR: 'Residential', purchaseDateSDR: '2027-05-01', purchasePriceSDR: 300000 },
  asOf: '2027-06-01',
  expect: { 'eligibility.likelihood': 'Likely' },
};

function openDraftWith(coverage: ReturnType<typeof stored>['coverage']) {
  const open = draft('editing');
  open.parameter_set = { ...open.parameter_set, tests: [test2027] };
  return stubStudio({ 'GET /api/parameter-sets/sdlt/': { body: { ...stored(open), coverage } } });
}

describe('tests of a parameter draft and its release gate', () => {
  it('lists the tests in words and says which changed value no passing test reads and which tests fail', async () => {
    openDraftWith({
      ok: false,
      items: [
        {
          kind: 'parameter',
          id: 'sdlt/ftb.max_price@2017-11-22',
          label: 'Highest price for first-time buyers’ relief from 22 November 2017',
          covered_by: [],
        },
      ],
      failing_tests: ['A £300,000 home in May 2027'],
      failing_reasons: ['expected Likely; got Unlikely'],
      changed_outcomes: ['SDLT Refund v2: First-time buyer at £510,000'],
    });
    await openParameters(staff(ana));
    const tests = await screen.findByRole('region', { name: /^Tests of these parameters/ });
    expect(tests).toHaveTextContent(
      /What type of property did you buy\? Residential;.*on 1 June 2027 → Likely/,
    );
    const gate = screen.getByTestId('parameter-coverage-sdlt');
    expect(gate).toHaveTextContent('Not ready for review');
    expect(gate).toHaveTextContent(
      '“Highest price for first-time buyers’ relief from 22 November 2017”: not read by any passing test: add a test dated in its period',
    );
    expect(gate).toHaveTextContent(
      'Failing tests:A £300,000 home in May 2027: expected Likely; got Unlikely',
    );
    expect(gate).toHaveTextContent(
      'Published tests whose result these values change: SDLT Refund v2: First-time buyer at £510,000.',
    );
  });

  it('a test is removed from the set being edited (kept once the parameter draft is saved)', async () => {
    const { calls } = openDraftWith({
      ok: true,
      items: [],
      failing_tests: [],
      failing_reasons: [],
      changed_outcomes: [],
    });
    const save = await openParameters(staff(ana));
    const tests = await screen.findByRole('region', { name: /^Tests of these parameters/ });
    await userEvent.click(within(tests).getByRole('button', { name: `Remove test: ${test2027.name}` }));
    expect(tests).toHaveTextContent('None yet.');
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await waitFor(() => expect(calls.some((r) => r.method === 'PUT')).toBe(true));
    const put = calls.find((r) => r.method === 'PUT' && r.path === '/api/parameter-sets/sdlt/draft/')!;
    expect((put.body as { parameter_set: { tests?: unknown[] } }).parameter_set.tests).toEqual([]);
  });
});
