// The questionnaire screen with SurveyJS rendering the question (jsdom): title, loading text,
// step counter, Previous / Next states, the review step and its way back.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import patentJson from '../../../../../definitions/assessments/patent_box/v1.json';
import ratesJson from '../../../../../definitions/assessments/business_rates_appeals/v1.json';
import allowancesJson from '../../../../../definitions/assessments/capital_allowances/v1.json';
import { makeStore } from '../../../app/store';
import { stubFetch } from '../../../test/portal-test-utils';
import { AssessmentProvider } from '../state/AssessmentProvider';
import { QuestionnaireScreen } from './QuestionnaireScreen';

function Screen() {
  const { service, id } = useParams();
  return (
    <AssessmentProvider serviceType={service} assessmentId={id}>
      <QuestionnaireScreen />
    </AssessmentProvider>
  );
}

// jsdom has no layout: SurveyJS only needs ResizeObserver to exist.
class NoLayoutResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

function renderScreen(service = 'patent_box', definition: unknown = patentJson) {
  window.scrollTo = () => undefined;
  vi.stubGlobal('ResizeObserver', NoLayoutResizeObserver);
  stubFetch({
    [`GET /api/definitions/${service}/published/`]: { body: { definition, parameterSets: [] } },
  });
  const store = makeStore({ session: { status: 'unauthenticated', user: null } });
  const router = createMemoryRouter([{ path: '/assessment/:service/:id?', element: <Screen /> }], {
    initialEntries: [`/assessment/${service}`],
  });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

const next = () => screen.getByRole('button', { name: 'Next' });

afterEach(() => vi.unstubAllGlobals());

describe('questionnaire screen', () => {
  it('walks the visible questions with Next disabled until answered, and reviews them', async () => {
    renderScreen();
    expect(screen.getByText('Loading Questionnaire...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Patent Box' })).toBeInTheDocument();
    await screen.findByText(patentJson.questionnaire.questions[0]!.question);
    // Unanswered, the patent questions that depend on "Yes" may still be asked: they are counted,
    // so answering never makes the total jump up.
    expect(screen.getByTestId('step-counter')).toHaveTextContent('Step 1 / 7');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(next()).toBeDisabled();
    fireEvent.click(screen.getByText('Yes', { selector: '[data-name="hasPatents"] *' }));
    await waitFor(() => expect(next()).toBeEnabled());
    expect(screen.getByTestId('step-counter')).toHaveTextContent('Step 1 / 7');

    // "No": the two questions leave the count.
    fireEvent.click(screen.getByText('No', { selector: '[data-name="hasPatents"] *' }));
    await waitFor(() => expect(screen.getByTestId('step-counter')).toHaveTextContent('Step 1 / 5'));
    expect(next()).toBeEnabled();
    fireEvent.click(next());
    await waitFor(() => expect(screen.getByTestId('step-counter')).toHaveTextContent('Step 2 / 5'));
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(next()).toBeDisabled();
    const income = document.querySelector<HTMLInputElement>('[data-name="patentIncome"] input');
    expect(income).not.toBeNull();
    fireEvent.input(income!, { target: { value: '25000' } });
    fireEvent.change(income!, { target: { value: '25000' } });
    fireEvent.blur(income!);
    await waitFor(() => expect(next()).toBeEnabled());
    fireEvent.click(next());
    await waitFor(() => expect(screen.getByTestId('step-counter')).toHaveTextContent('Step 3 / 5'));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(screen.getByTestId('step-counter')).toHaveTextContent('Step 2 / 5'));
    fireEvent.click(next());
    fireEvent.click(screen.getByText('Yes', { selector: '[data-name="involvedInDevelopment"] *' }));
    await waitFor(() => expect(next()).toBeEnabled());
    fireEvent.click(next());
    fireEvent.click(screen.getByText('No', { selector: '[data-name="isGroupMember"] *' }));
    await waitFor(() => expect(next()).toBeEnabled());
    fireEvent.click(next());

    const review = await screen.findByTestId('review-step');
    expect(screen.getByTestId('step-counter')).toHaveTextContent('Step 5 / 5');
    expect(screen.getByRole('button', { name: 'Submit Assessment' })).toBeEnabled();
    expect(review).toHaveTextContent('£25,000');
    expect(review).not.toHaveTextContent('Where were the patents granted?');
    fireEvent.click(screen.getByRole('button', { name: /^Change: What is the company’s annual income/ }));
    await waitFor(() => expect(screen.getByTestId('step-counter')).toHaveTextContent('Step 2 / 5'));
  });
});

describe('Clear', () => {
  it('asks before wiping every answer: Cancel keeps them, Clear answers starts again', async () => {
    renderScreen();
    await screen.findByText(patentJson.questionnaire.questions[0]!.question);
    fireEvent.click(screen.getByText('No', { selector: '[data-name="hasPatents"] *' }));
    await waitFor(() => expect(next()).toBeEnabled());
    fireEvent.click(next());
    await waitFor(() => expect(screen.getByTestId('step-counter')).toHaveTextContent(/^Step 2 /));

    const clear = screen.getByRole('button', { name: 'Clear' });
    clear.focus();
    fireEvent.click(clear);
    const dialog = await screen.findByRole('alertdialog', { name: 'Clear all answers?' });
    expect(dialog).toHaveAccessibleDescription(/This cannot be undone/);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(clear).toHaveFocus();
    expect(screen.getByTestId('step-counter')).toHaveTextContent(/^Step 2 /);

    // Escape is Cancel too.
    fireEvent.click(clear);
    await screen.findByRole('alertdialog', { name: 'Clear all answers?' });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('step-counter')).toHaveTextContent(/^Step 2 /);

    fireEvent.click(clear);
    fireEvent.click(await screen.findByRole('button', { name: 'Clear answers' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('step-counter')).toHaveTextContent(/^Step 1 /));
    expect(next()).toBeDisabled();
  });
});

describe('title', () => {
  it.each([
    ['business_rates_appeals', ratesJson],
    ['capital_allowances', allowancesJson],
  ])('%s is titled by its definition, not "Tax Assessment"', async (service, json) => {
    renderScreen(service, json);
    expect(await screen.findByRole('heading', { level: 1, name: json.title })).toBeInTheDocument();
    expect(screen.queryByText('Tax Assessment')).not.toBeInTheDocument();
  });
});
