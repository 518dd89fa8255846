// Issue 29 item 5: embedded tests in plain English on the Tests tab (no result path shown to the
// adviser), and "Save this run as a test" on Try adds the questionnaire run to the draft's tests.
import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createNextState } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import sdltJson from '../../../../../../definitions/assessments/sdlt_refund/v3.json';
import sdltParams from '../../../../../../definitions/parameters/sdlt.json';
import genericJson from '../../../../../../definitions/assessments/generic/v2.json';
import type { ParameterSet } from '@reclaim/engine';
import type { Draft, UpdateDraft } from './model';
import TestsScreen from './TestsScreen';
import TryScreen from './TryScreen';

class NoLayoutResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

function Harness({ start, sets, tryIt }: { start: Draft; sets: ParameterSet[]; tryIt?: boolean }) {
  const [draft, setDraft] = useState(start);
  const update: UpdateDraft = (recipe) => setDraft((d) => createNextState(d, recipe));
  return (
    <>
      {tryIt ? (
        <TryScreen
          draft={draft}
          update={update}
          parameterSets={sets}
          onParameterSets={() => undefined}
          published={undefined}
        />
      ) : null}
      <TestsScreen draft={draft} update={update} parameterSets={sets} />
    </>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('embedded tests in plain English', () => {
  it('shows each case as a sentence and its expectations in words, never a result path', async () => {
    const draft = structuredClone(sdltJson) as unknown as Draft;
    render(<Harness start={draft} sets={[sdltParams as unknown as ParameterSet]} />);
    const table = screen.getByRole('table', { name: 'Embedded tests' });
    expect(within(table).getByTestId('test-sentence-0')).toHaveTextContent(
      /^Where is the property\? England; What type of property did you buy\? Mixed-Use; .*What was the purchase price\? £600,000; .*on 21 November 2026 → .*Likely, .*refund £24,000, .*approach No-Win No-Fee/,
    );
    const expected = within(table).getByRole('list', { name: `Expected of ${draft.tests[0]!.name}` });
    expect(expected).toHaveTextContent('eligibility score 85 out of 100');
    expect(expected).toHaveTextContent('SDLT due on the rates your answers support: £19,500');
    // No `eligibility.score = 85` (nor any other path) in any case's sentence or expectations.
    const said = [
      ...within(table).getAllByTestId(/^test-sentence-/),
      ...within(table).getAllByRole('list', { name: /^Expected of / }),
    ].map((e) => e.textContent ?? '');
    expect(said).toHaveLength(draft.tests.length * 2);
    for (const text of said) {
      expect(text).not.toMatch(/\b(eligibility|complexity|value|facts|inputs|resultFields)\.\w/);
      expect(text).not.toMatch(/ = /);
    }

    await userEvent.click(screen.getByRole('button', { name: 'Run all' }));
    expect(await screen.findByTestId('tests-summary', {}, { timeout: 20_000 })).toHaveTextContent(
      `${draft.tests.length} of ${draft.tests.length} tests pass.`,
    );
  }, 60_000);

  it('a failing case says in words what was expected and what came out', async () => {
    const draft = structuredClone(sdltJson) as unknown as Draft;
    draft.tests = [{ ...draft.tests[0]!, expect: { 'eligibility.likelihood': 'Unlikely' } }];
    render(<Harness start={draft} sets={[sdltParams as unknown as ParameterSet]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Run all' }));
    expect(
      await screen.findByText('Expected Unlikely; got Likely', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
  }, 60_000);

  it('saves a questionnaire run on Try as a test case of the draft, named by its sentence', async () => {
    window.scrollTo = () => undefined;
    vi.stubGlobal('ResizeObserver', NoLayoutResizeObserver);
    const draft = structuredClone(genericJson) as unknown as Draft;
    const before = draft.tests.length;
    render(<Harness start={draft} sets={[]} tryIt />);
    const survey = screen.getByTestId('try-survey');
    await userEvent.click(await within(survey).findByText('A company'));
    const next = () => within(survey).queryByRole('button', { name: 'Next' });
    for (let i = 0; i < 6 && !within(survey).queryByRole('button', { name: 'See results' }); i++) {
      const years = within(survey).queryByRole('textbox', { name: /Which tax years/ });
      if (years && !(years as HTMLInputElement).value) await userEvent.type(years, '2023-24');
      const no = within(survey).queryByText('No');
      if (no) await userEvent.click(no);
      const button = next();
      if (button) await userEvent.click(button);
    }
    const years = within(survey).queryByRole('textbox', { name: /Which tax years/ });
    if (years && !(years as HTMLInputElement).value) await userEvent.type(years, '2023-24');
    const no = within(survey).queryByText('No');
    if (no) await userEvent.click(no);
    await userEvent.click(within(survey).getByRole('button', { name: 'See results' }));

    const sentence = await screen.findByTestId('try-test-sentence', {}, { timeout: 20_000 });
    await waitFor(() => expect(sentence).toHaveTextContent(/^Who is the claim for\? A company; .* → /));
    const said = sentence.textContent ?? '';
    expect(said).toMatch(/→ Possible, benefit £10,000, approach Consultancy Fee$/);
    await userEvent.click(screen.getByRole('button', { name: 'Save this run as a test' }));
    expect(screen.getByRole('status')).toHaveTextContent(`Saved as a test of the draft: “${said}”.`);

    const rows = within(screen.getByRole('table', { name: 'Embedded tests' })).getAllByRole('row');
    expect(rows).toHaveLength(before + 2); // the header and every case
    expect(within(rows.at(-1)!).getByTestId(`test-sentence-${before}`)).toHaveTextContent(said);
    await userEvent.click(screen.getByRole('button', { name: 'Run all' }));
    expect(await screen.findByTestId('tests-summary', {}, { timeout: 20_000 })).toHaveTextContent(
      `${before + 1} of ${before + 1} tests pass.`,
    );
  }, 60_000);
});
