// GOV.UK's Day / Month / Year fields inside the SurveyJS questionnaire (jsdom): what people type
// becomes the ISO answer; impossible and (for questions about the past) future dates are refused
// with GOV.UK's wording, and the answer is neither saved nor evaluated meanwhile.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answersToSave } from '../lib/steps';
import { definitionFile } from '../testing/definitions';
import { QuestionnaireSurvey } from './QuestionnaireSurvey';

class NoLayoutResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

const sdlt = definitionFile('sdlt_refund/v2.json').load();

function renderDate(answers: Record<string, unknown> = { propertyTypeSDR: 'Residential' }) {
  window.scrollTo = () => undefined;
  vi.stubGlobal('ResizeObserver', NoLayoutResizeObserver);
  let latest: Record<string, unknown> = answers;
  let validate: () => boolean = () => true;
  render(
    <QuestionnaireSurvey
      definition={sdlt}
      answers={answers}
      answersEpoch={0}
      questionId="purchaseDateSDR"
      onAnswers={(a) => {
        latest = a;
      }}
      registerValidate={(fn) => {
        validate = fn;
      }}
    />,
  );
  return { answers: () => latest, validate: () => validate() };
}

async function fields() {
  const group = await screen.findByRole('group', { name: /When did the purchase complete/ });
  return {
    group,
    day: within(group).getByLabelText('Day'),
    month: within(group).getByLabelText('Month'),
    year: within(group).getByLabelText('Year'),
  };
}

async function typeDate(day: string, month: string, year: string) {
  const f = await fields();
  const user = userEvent.setup();
  for (const [input, text] of [
    [f.day, day],
    [f.month, month],
    [f.year, year],
  ] as const) {
    await user.clear(input);
    if (text !== '') await user.type(input, text);
  }
  return f;
}

afterEach(() => vi.unstubAllGlobals());

describe('date questions: Day, Month and Year fields', () => {
  it('12 / 6 / 2025 is stored as 2025-06-12, and a month name is accepted', async () => {
    const survey = renderDate();
    const f = await typeDate('12', '6', '2025');
    expect(screen.getByText('For example, 27 3 2007')).toBeInTheDocument();
    expect(survey.answers().purchaseDateSDR).toBe('2025-06-12');
    let valid = false;
    await waitFor(() => {
      valid = survey.validate();
    });
    expect(valid).toBe(true);
    expect(f.day).not.toHaveAttribute('aria-invalid');

    await typeDate('3', 'Jun', '2025');
    expect(survey.answers().purchaseDateSDR).toBe('2025-06-03');
    await typeDate('3', 'September', '2024');
    expect(survey.answers().purchaseDateSDR).toBe('2024-09-03');
  });

  it('31 / 2 / 2025 is refused as not a real date, the day marked, and not saved', async () => {
    const survey = renderDate();
    const f = await typeDate('31', '2', '2025');
    expect(survey.validate()).toBe(false);
    expect(await screen.findByText('The date must be a real date')).toBeInTheDocument();
    await waitFor(() => expect(f.day).toHaveAttribute('aria-invalid', 'true'));
    expect(f.month).not.toHaveAttribute('aria-invalid');
    expect(survey.answers().purchaseDateSDR).toBe('31/2/2025');
    expect(answersToSave(sdlt, survey.answers())).not.toHaveProperty('purchaseDateSDR');
  });

  it('a missing field and a two-digit year get GOV.UK’s messages', async () => {
    const survey = renderDate();
    await typeDate('12', '', '2025');
    expect(survey.validate()).toBe(false);
    expect(await screen.findByText('The date must include a month')).toBeInTheDocument();
    await typeDate('12', '6', '25');
    expect(survey.validate()).toBe(false);
    expect(await screen.findByText('The year must include 4 numbers')).toBeInTheDocument();
  });

  it('a completion date in the future is refused (the question is about the past)', async () => {
    const survey = renderDate();
    const f = await typeDate('12', '6', '2031');
    expect(survey.answers().purchaseDateSDR).toBe('2031-06-12');
    expect(survey.validate()).toBe(false);
    expect(await screen.findByText('The date must be today or in the past')).toBeInTheDocument();
    await waitFor(() => expect(f.year).toHaveAttribute('aria-invalid', 'true'));
    expect(answersToSave(sdlt, survey.answers())).not.toHaveProperty('purchaseDateSDR');
  });

  it('a whole date typed into the Day field fills the three fields', async () => {
    const survey = renderDate();
    const f = await fields();
    await userEvent.setup().type(f.day, '12/06/2025');
    expect(survey.answers().purchaseDateSDR).toBe('2025-06-12');
    expect([f.day, f.month, f.year].map((i) => (i as HTMLInputElement).value)).toEqual(['12', '06', '2025']);
  });

  it('shows a saved ISO answer as people write it', async () => {
    renderDate({ propertyTypeSDR: 'Residential', purchaseDateSDR: '2024-02-29' });
    const f = await fields();
    await waitFor(() =>
      expect([f.day, f.month, f.year].map((i) => (i as HTMLInputElement).value)).toEqual(['29', '2', '2024']),
    );
  });
});
