// The light first step (issue 31): a guest's new assessment shows its first question from the
// published definition alone, and the questionnaire (SurveyJS) takes over with the answer given;
// Next pressed meanwhile is carried out once the questionnaire is here.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import patentJson from '../../../../../definitions/assessments/patent_box/v1.json';
import { makeStore } from '../../../app/store';
import { stubFetch } from '../../../test/portal-test-utils';
import { FirstStepLite, liteQuestionOf } from '../components/FirstStepLite';
import QuestionnairePage from './QuestionnairePage';
import type { PublishedDefinition } from '../types';

// The questionnaire's chunk arrives when the test says (on a slow phone, seconds after the first question).
const gate = vi.hoisted(() => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open: () => open() };
});
vi.mock('../questionnaire-chunk', async (importOriginal) => {
  const real = await importOriginal<typeof import('../questionnaire-chunk')>();
  return { loadQuestionnaireFull: () => gate.opened.then(() => real.loadQuestionnaireFull()) };
});

class NoLayoutResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

const definition = patentJson as unknown as PublishedDefinition['definition'];
const first = patentJson.questionnaire.questions[0]!;

function renderPage() {
  window.scrollTo = () => undefined;
  vi.stubGlobal('ResizeObserver', NoLayoutResizeObserver);
  stubFetch({
    'GET /api/definitions/patent_box/published/': { body: { definition: patentJson, parameterSets: [] } },
  });
  const store = makeStore({ session: { status: 'unauthenticated', user: null } });
  const router = createMemoryRouter(
    [{ path: '/assessment/:first/:second?', element: <QuestionnairePage /> }],
    {
      initialEntries: ['/assessment/patent_box'],
    },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('liteQuestionOf', () => {
  it('takes a first choice question without a condition, nothing else', () => {
    expect(liteQuestionOf(definition)?.id).toBe('hasPatents');
    expect(liteQuestionOf(undefined)).toBeNull();
    const withCondition = structuredClone(definition);
    (withCondition.questionnaire.questions[0] as { condition?: unknown }).condition = { all: [] };
    expect(liteQuestionOf(withCondition)).toBeNull();
    const text = structuredClone(definition);
    text.questionnaire.questions[0]!.type = 'text';
    expect(liteQuestionOf(text)).toBeNull();
  });
});

describe('FirstStepLite', () => {
  it('renders the question as named radios; Next waits for an answer', () => {
    const onAnswers = vi.fn();
    const onNext = vi.fn();
    const { rerender } = render(
      <FirstStepLite
        serviceType="patent_box"
        definitionTitle={definition.title}
        question={liteQuestionOf(definition)}
        answers={{}}
        onAnswers={onAnswers}
        onNext={onNext}
        advancing={false}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Patent Box' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: first.question })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(onAnswers).toHaveBeenCalledWith({ hasPatents: false });
    rerender(
      <FirstStepLite
        serviceType="patent_box"
        definitionTitle={definition.title}
        question={liteQuestionOf(definition)}
        answers={{ hasPatents: false }}
        onAnswers={onAnswers}
        onNext={onNext}
        advancing={false}
      />,
    );
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalled();
  });
});

describe('QuestionnairePage', () => {
  it('hands the answer and a pressed Next from the light step to the questionnaire', async () => {
    const router = renderPage();
    // the light step: the first question from the definition alone, while the questionnaire waits
    const no = await screen.findByRole('radio', { name: 'No' });
    expect(document.querySelector('[data-light-step]')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Patent Box' })).toBeInTheDocument();
    fireEvent.click(no);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Calculating next step...')).toBeInTheDocument();
    gate.open();
    // "No" leaves two questions out of the count: the questionnaire has the answer, on step 2
    await waitFor(() => expect(screen.getByTestId('step-counter')).toHaveTextContent('Step 2 / 5'), {
      timeout: 30_000,
    });
    expect(document.querySelector('[data-light-step]')).toBeNull();
    expect(router.state.location.pathname).toMatch(/^\/assessment\/patent_box\/[0-9a-f-]{36}$/);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(screen.getByTestId('step-counter')).toHaveTextContent('Step 1 / 5'));
  }, 60_000);
});
