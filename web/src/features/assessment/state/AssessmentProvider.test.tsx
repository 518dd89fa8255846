// The assessment state without SurveyJS: a probe component reads useAssessment and drives its actions.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, useParams } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import sdltJson from '../../../../../definitions/assessments/sdlt_refund/v1.json';
import sdltParams from '../../../../../definitions/parameters/sdlt.json';
import { makeStore } from '../../../app/store';
import { startSession } from '../../auth/token-storage';
import { makeUser, stubFetch } from '../../../test/portal-test-utils';
import { toast } from '../../../lib/toast';
import { GUEST_KEYS } from '../lib/guest-storage';
import { ASSESSMENT_MESSAGES } from '../messages';
import { AUTO_SAVE_MS, AssessmentProvider, SAVE_DEBOUNCE_MS, useAssessment } from './AssessmentProvider';

const published = { definition: sdltJson, parameterSets: [sdltParams] };
const ID = '0b4f6c0e-3c1a-4d7e-9b1f-2a3c4d5e6f70';

function Probe() {
  const a = useAssessment();
  const step = a.steps[a.stepIndex];
  return (
    <div>
      <p data-testid="status">{a.status}</p>
      <p data-testid="error">{a.error ?? ''}</p>
      <p data-testid="step">{step?.kind === 'question' ? step.question.id : (step?.kind ?? '')}</p>
      <p data-testid="count">{a.steps.length}</p>
      <p data-testid="saved">{String(a.saved)}</p>
      <p data-testid="save-error">{a.saveError ?? ''}</p>
      <p data-testid="likelihood">{a.evaluation?.eligibility.likelihood ?? ''}</p>
      <p data-testid="answers">{JSON.stringify(a.answers)}</p>
      <button onClick={() => a.setAnswers({ ...a.answers, propertyTypeSDR: 'Residential' })}>
        answer type
      </button>
      <button onClick={() => a.next()}>next</button>
      <button onClick={a.previous}>previous</button>
      <button onClick={a.clear}>clear</button>
      <button onClick={() => void a.submit()}>submit</button>
    </div>
  );
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function Screen() {
  const { service, id } = useParams();
  return (
    <AssessmentProvider serviceType={service} assessmentId={id}>
      <Probe />
    </AssessmentProvider>
  );
}

function renderAt(path: string, user: ReturnType<typeof makeUser> | null) {
  window.scrollTo = () => undefined;
  if (user) startSession({ access: 'access-token', refresh: 'refresh-token' }, false);
  const store = makeStore({ session: { status: user ? 'authenticated' : 'unauthenticated', user } });
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Where />
            <Outlet />
          </>
        ),
        children: [
          { path: '/assessment/:service/:id?', element: <Screen /> },
          { path: '/login', element: <h1>Login page</h1> },
          { path: '/portal/applications/:claimId', element: <h1>Application page</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
      <ToastContainer />
    </Provider>,
  );
  return router;
}

const text = (id: string) => screen.getByTestId(id).textContent ?? '';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useAssessment', () => {
  it('throws outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Probe />)).toThrow('useAssessment must be used within an AssessmentProvider');
  });
});

describe('guest', () => {
  it('starts a new assessment, builds its path, and keeps progress under the three keys', async () => {
    stubFetch({ 'GET /api/definitions/sdlt_refund/published/': { body: published } });
    renderAt('/assessment/sdlt_refund', null);
    await waitFor(() => expect(text('status')).toBe('ready'));
    // The address follows the new record once the router has moved (navigate() settles on its own time).
    await waitFor(() => expect(text('where')).toMatch(/^\/assessment\/sdlt_refund\/[0-9a-f-]{36}$/));
    expect(text('step')).toBe('propertyTypeSDR');
    fireEvent.click(screen.getByText('answer type'));
    await waitFor(() =>
      expect(localStorage.getItem(GUEST_KEYS.answers)).toBe('{"propertyTypeSDR":"Residential"}'),
    );
    expect(localStorage.getItem(GUEST_KEYS.service)).toBe('sdlt_refund');
    fireEvent.click(screen.getByText('next'));
    await waitFor(() => expect(text('step')).toBe('purchaseDateSDR'));
    expect(localStorage.getItem(GUEST_KEYS.step)).toBe('1');
    const current = JSON.parse(localStorage.getItem(GUEST_KEYS.current) ?? '{}') as Record<string, unknown>;
    expect(current.id).toBe(text('where').split('/').at(-1));
    await waitFor(() =>
      expect(
        (
          JSON.parse(localStorage.getItem(GUEST_KEYS.current) ?? '{}') as {
            eligibility_result: { likelihood: string } | null;
          }
        ).eligibility_result?.likelihood,
      ).toBe('Unlikely'),
    );
  });

  it('resumes at the first unanswered question and Clear removes the keys', async () => {
    stubFetch({ 'GET /api/definitions/sdlt_refund/published/': { body: published } });
    const record = {
      id: ID,
      service_type: 'sdlt_refund',
      service_name: 'SDLT Refund',
      answers: {},
      current_step: 2,
      status: 'in_progress',
      document_tasks: [],
      eligibility_result: null,
      complexity_result: null,
      value_estimate: null,
    };
    localStorage.setItem(GUEST_KEYS.service, 'sdlt_refund');
    localStorage.setItem(
      GUEST_KEYS.answers,
      JSON.stringify({
        propertyTypeSDR: 'Mixed-Use',
        purchaseDateSDR: '2026-05-21',
        purchasePriceSDR: 600000,
      }),
    );
    localStorage.setItem(GUEST_KEYS.step, '2');
    localStorage.setItem(GUEST_KEYS.current, JSON.stringify(record));
    renderAt(`/assessment/sdlt_refund/${ID}`, null);
    await waitFor(() => expect(text('status')).toBe('ready'));
    expect(text('step')).toBe('sdltPaidSDR');
    await waitFor(() => expect(text('likelihood')).not.toBe(''));
    fireEvent.click(screen.getByText('clear'));
    await waitFor(() => expect(text('answers')).toBe('{}'));
    for (const key of Object.values(GUEST_KEYS)) expect(localStorage.getItem(key)).toBeNull();
    expect(text('step')).toBe('propertyTypeSDR');
    await waitFor(() => expect(text('where')).toMatch(/^\/assessment\/sdlt_refund\/[0-9a-f-]{36}$/));
    expect(text('where')).not.toContain(ID);
  });

  it('cannot open an id other than the one whose progress this browser keeps', async () => {
    stubFetch({ 'GET /api/definitions/sdlt_refund/published/': { body: published } });
    localStorage.setItem(GUEST_KEYS.service, 'sdlt_refund');
    localStorage.setItem(GUEST_KEYS.answers, '{"propertyTypeSDR":"Commercial"}');
    localStorage.setItem(
      GUEST_KEYS.current,
      JSON.stringify({
        id: '11111111-2222-4333-8444-555555555555',
        service_type: 'sdlt_refund',
        answers: {},
        current_step: 0,
        status: 'in_progress',
      }),
    );
    renderAt(`/assessment/sdlt_refund/${ID}`, null);
    await waitFor(() => expect(text('status')).toBe('error'));
    expect(text('error')).toBe(ASSESSMENT_MESSAGES.notInitiated);
  });

  it('shows the steps error when the definition cannot be used', async () => {
    stubFetch({
      'GET /api/definitions/sdlt_refund/published/': {
        body: { definition: { id: 'broken' }, parameterSets: [] },
      },
    });
    renderAt('/assessment/sdlt_refund', null);
    await waitFor(() => expect(text('status')).toBe('error'));
    expect(text('error')).toBe(ASSESSMENT_MESSAGES.noSteps);
  });

  it('Submit warns and goes to /login', async () => {
    stubFetch({ 'GET /api/definitions/sdlt_refund/published/': { body: published } });
    const answers = {
      propertyTypeSDR: 'Mixed-Use',
      purchaseDateSDR: '2026-05-21',
      purchasePriceSDR: 600000,
      sdltPaidSDR: 19500,
      firstTimeBuyerSDR: false,
      multipleDwellingsSDR: false,
      propertyUninhabitableSDR: false,
      hasAnnexeSDR: false,
      partialBusinessUseSDR: true,
      linkedTransactionsSDR: false,
      multipleOwnersSDR: false,
    };
    localStorage.setItem(GUEST_KEYS.service, 'sdlt_refund');
    localStorage.setItem(GUEST_KEYS.answers, JSON.stringify(answers));
    localStorage.setItem(
      GUEST_KEYS.current,
      JSON.stringify({
        id: ID,
        service_type: 'sdlt_refund',
        answers,
        current_step: 11,
        status: 'in_progress',
      }),
    );
    renderAt(`/assessment/sdlt_refund/${ID}`, null);
    await waitFor(() => expect(text('step')).toBe('review'));
    fireEvent.click(screen.getByText('submit'));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(text('where')).toBe('/login');
    expect(await screen.findByText(ASSESSMENT_MESSAGES.loginToSubmit)).toBeInTheDocument();
  });
});

describe('client', () => {
  const server = (over: Record<string, unknown> = {}) => ({
    assessment_id: ID,
    id: ID,
    claim_id: null,
    service_type: 'sdlt_refund',
    assessment_type: 'sdlt_refund',
    service_name: 'SDLT Refunds',
    answers: {},
    current_step: 0,
    status: 'in_progress',
    version: 1,
    definition_version: 1,
    created_at: '',
    updated_at: '',
    results: null,
    ...over,
  });

  it('saves the active answers 1 s after an edit, with the version last read', async () => {
    const { calls } = stubFetch({
      'GET /api/definitions/sdlt_refund/published/': { body: published },
      [`GET /api/assessment/${ID}/`]: { body: server() },
      'POST /api/assessment/save/': (req) => ({
        body: server({ answers: (req.body as { answers: unknown }).answers, version: 2 }),
      }),
    });
    renderAt(`/assessment/sdlt_refund/${ID}`, makeUser());
    await waitFor(() => expect(text('status')).toBe('ready'));
    fireEvent.click(screen.getByText('answer type'));
    expect(text('saved')).toBe('false');
    await waitFor(() => expect(text('saved')).toBe('true'), { timeout: 3000 });
    const save = calls.find((c) => c.method === 'POST' && c.path === '/api/assessment/save/');
    expect(save?.body).toMatchObject({
      assessment_id: ID,
      service_type: 'sdlt_refund',
      answers: { propertyTypeSDR: 'Residential' },
      version: 1,
    });
  });

  it('the context auto-save saves 2 s after the last change while still unsaved (after the 1 s save failed)', async () => {
    expect([SAVE_DEBOUNCE_MS, AUTO_SAVE_MS]).toEqual([1000, 2000]);
    let attempts = 0;
    const { calls } = stubFetch({
      'GET /api/definitions/sdlt_refund/published/': { body: published },
      [`GET /api/assessment/${ID}/`]: { body: server() },
      'POST /api/assessment/save/': (req) =>
        ++attempts === 1
          ? { status: 500, body: { detail: 'boom' } }
          : { body: server({ answers: (req.body as { answers: unknown }).answers, version: 2 }) },
    });
    renderAt(`/assessment/sdlt_refund/${ID}`, makeUser());
    await waitFor(() => expect(text('status')).toBe('ready'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const saves = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/assessment/save/').length;
    // Timers advance by hand (waitFor would wait on the faked clock); the save's promises settle on the way.
    const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

    fireEvent.click(screen.getByText('answer type'));
    await advance(SAVE_DEBOUNCE_MS - 1);
    expect(saves()).toBe(0);
    // 1 s: the questionnaire debounce saves, and that save fails: still unsaved.
    await advance(1);
    expect(text('save-error')).toBe(ASSESSMENT_MESSAGES.saveProgressFailed);
    expect(saves()).toBe(1);
    expect(text('saved')).toBe('false');
    await advance(AUTO_SAVE_MS - SAVE_DEBOUNCE_MS - 1);
    expect(saves()).toBe(1);
    // 2 s after the change, still unsaved: the auto-save saves the progress.
    await advance(1);
    expect(text('saved')).toBe('true');
    expect(saves()).toBe(2);
    expect(text('save-error')).toBe('');
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toMatchObject({
      assessment_id: ID,
      answers: { propertyTypeSDR: 'Residential' },
    });
  });

  it('an edit made while a save is in flight is sent by one follow-up; the first answer does not mark it saved', async () => {
    // The server holds its answers back until the test lets them go (from the third on it answers at once).
    const held: Array<() => void> = [];
    let version = 1;
    const { calls } = stubFetch({
      'GET /api/definitions/sdlt_refund/published/': { body: published },
      [`GET /api/assessment/${ID}/`]: { body: server() },
      'POST /api/assessment/save/': (req) => {
        const answer = {
          body: server({ answers: (req.body as { answers: unknown }).answers, version: ++version }),
        };
        return held.length >= 2 ? answer : new Promise((resolve) => held.push(() => resolve(answer)));
      },
    });
    const saves = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/assessment/save/');
    renderAt(`/assessment/sdlt_refund/${ID}`, makeUser());
    await waitFor(() => expect(text('status')).toBe('ready'));
    fireEvent.click(screen.getByText('answer type'));
    // Next saves at once; its answer is held back.
    fireEvent.click(screen.getByText('next'));
    await waitFor(() => expect(saves()).toHaveLength(1));
    fireEvent.click(screen.getByText('previous'));
    fireEvent.click(screen.getByText('next'));
    fireEvent.click(screen.getByText('previous'));
    fireEvent.click(screen.getByText('next'));
    // Still one save in flight: the later ones wait, folded into one.
    expect(saves()).toHaveLength(1);
    held[0]?.();
    // The first answer landed and the follow-up went out with the version it returned; the later
    // Next is not saved until the follow-up's answer lands.
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]?.body).toMatchObject({ version: 2, current_step: 1 });
    expect(text('saved')).toBe('false');
    held[1]?.();
    await waitFor(() => expect(text('saved')).toBe('true'));
    expect(text('step')).toBe('purchaseDateSDR');
    expect(text('answers')).toBe('{"propertyTypeSDR":"Residential"}');
    // Each save carried the version the one before it returned: none was sent alongside another.
    expect(saves().map((c) => (c.body as { version: number }).version)).toEqual(saves().map((_, i) => i + 1));
  });

  it('a failed save shows the spec text', async () => {
    stubFetch({
      'GET /api/definitions/sdlt_refund/published/': { body: published },
      [`GET /api/assessment/${ID}/`]: { body: server() },
      'POST /api/assessment/save/': { status: 500, body: { detail: 'boom' } },
    });
    renderAt(`/assessment/sdlt_refund/${ID}`, makeUser());
    await waitFor(() => expect(text('status')).toBe('ready'));
    fireEvent.click(screen.getByText('answer type'));
    await waitFor(() => expect(text('save-error')).toBe(ASSESSMENT_MESSAGES.saveProgressFailed), {
      timeout: 3000,
    });
    expect(text('saved')).toBe('false');
  });

  it('a stale version (409) loads the server copy and says so', async () => {
    stubFetch({
      'GET /api/definitions/sdlt_refund/published/': { body: published },
      [`GET /api/assessment/${ID}/`]: { body: server() },
      'POST /api/assessment/save/': {
        status: 409,
        body: {
          detail: 'Assessment was changed elsewhere',
          current: server({ answers: { propertyTypeSDR: 'Commercial' }, version: 5 }),
        },
      },
    });
    renderAt(`/assessment/sdlt_refund/${ID}`, makeUser());
    await waitFor(() => expect(text('status')).toBe('ready'));
    fireEvent.click(screen.getByText('answer type'));
    await waitFor(() => expect(text('answers')).toBe('{"propertyTypeSDR":"Commercial"}'), { timeout: 3000 });
    expect(await screen.findByText(ASSESSMENT_MESSAGES.staleVersion)).toBeInTheDocument();
    expect(text('step')).toBe('purchaseDateSDR');
  });

  it('an unknown id shows the load error', async () => {
    stubFetch({ 'GET /api/definitions/sdlt_refund/published/': { body: published } });
    renderAt(`/assessment/sdlt_refund/${ID}`, makeUser());
    await waitFor(() => expect(text('status')).toBe('error'));
    expect(text('error')).toBe(ASSESSMENT_MESSAGES.loadFailed);
  });

  it('a guest’s progress is saved to the account on sign-in, under the same id', async () => {
    const { calls } = stubFetch({
      'GET /api/definitions/sdlt_refund/published/': { body: published },
      'POST /api/assessment/save/': (req) => ({
        status: 201,
        body: server({ answers: (req.body as { answers: unknown }).answers }),
      }),
    });
    localStorage.setItem(GUEST_KEYS.service, 'sdlt_refund');
    localStorage.setItem(GUEST_KEYS.answers, JSON.stringify({ propertyTypeSDR: 'Mixed-Use' }));
    localStorage.setItem(GUEST_KEYS.step, '1');
    localStorage.setItem(
      GUEST_KEYS.current,
      JSON.stringify({
        id: ID,
        service_type: 'sdlt_refund',
        answers: {},
        current_step: 1,
        status: 'in_progress',
      }),
    );
    renderAt('/assessment/sdlt_refund', makeUser());
    await waitFor(() => expect(text('status')).toBe('ready'));
    await waitFor(() => expect(text('where')).toBe(`/assessment/sdlt_refund/${ID}`));
    expect(text('answers')).toBe('{"propertyTypeSDR":"Mixed-Use"}');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        assessment_id: ID,
        answers: { propertyTypeSDR: 'Mixed-Use' },
      }),
    );
    expect(localStorage.getItem(GUEST_KEYS.service)).toBeNull();
  });

  it('submit posts the answers and lands on the application', async () => {
    const answers = {
      propertyTypeSDR: 'Mixed-Use',
      purchaseDateSDR: '2026-05-21',
      purchasePriceSDR: 600000,
      sdltPaidSDR: 19500,
      firstTimeBuyerSDR: false,
      multipleDwellingsSDR: false,
      propertyUninhabitableSDR: false,
      hasAnnexeSDR: false,
      partialBusinessUseSDR: true,
      linkedTransactionsSDR: false,
      multipleOwnersSDR: false,
    };
    const claimId = '9d1f3a5b-7c9e-4b2d-8f6a-1e3c5a7b9d01';
    const { calls } = stubFetch({
      'GET /api/definitions/sdlt_refund/published/': { body: published },
      [`GET /api/assessment/${ID}/`]: { body: server({ answers }) },
      'POST /api/assessment/submit/': {
        body: { claim_id: claimId, assessment: server({ answers, status: 'COMPLETED', claim_id: claimId }) },
      },
    });
    renderAt(`/assessment/sdlt_refund/${ID}`, makeUser());
    await waitFor(() => expect(text('step')).toBe('review'));
    // a guest who has just signed up was told their progress is saved to the account
    act(() => void toast.success(ASSESSMENT_MESSAGES.guestSaved, { autoClose: false }));
    expect(await screen.findByText(ASSESSMENT_MESSAGES.guestSaved)).toBeInTheDocument();
    fireEvent.click(screen.getByText('submit'));
    expect(await screen.findByRole('heading', { name: 'Application page' })).toBeInTheDocument();
    expect(text('where')).toBe(`/portal/applications/${claimId}`);
    expect(await screen.findByText(ASSESSMENT_MESSAGES.submitted)).toBeInTheDocument();
    // one toast on the application page: the saved-progress one is stale once submitted
    // (jsdom runs no CSS animations: the toast stays in the DOM, marked as leaving)
    await waitFor(() =>
      expect(screen.getByText(ASSESSMENT_MESSAGES.guestSaved).closest('.Toastify__toast')).toHaveAttribute(
        'data-in',
        'false',
      ),
    );
    expect(screen.getByText(ASSESSMENT_MESSAGES.submitted).closest('.Toastify__toast')).toHaveAttribute(
      'data-in',
      'true',
    );
    expect(calls.find((c) => c.path === '/api/assessment/submit/')?.body).toEqual({
      assessment_id: ID,
      service_type: 'sdlt_refund',
      answers,
    });
  });

  it('a failed submit shows the text and the toast', async () => {
    const answers = {
      propertyTypeSDR: 'Mixed-Use',
      purchaseDateSDR: '2026-05-21',
      purchasePriceSDR: 600000,
      sdltPaidSDR: 19500,
      firstTimeBuyerSDR: false,
      multipleDwellingsSDR: false,
      propertyUninhabitableSDR: false,
      hasAnnexeSDR: false,
      partialBusinessUseSDR: true,
      linkedTransactionsSDR: false,
      multipleOwnersSDR: false,
    };
    stubFetch({
      'GET /api/definitions/sdlt_refund/published/': { body: published },
      [`GET /api/assessment/${ID}/`]: { body: server({ answers }) },
      'POST /api/assessment/submit/': { status: 500, body: { detail: 'boom' } },
    });
    renderAt(`/assessment/sdlt_refund/${ID}`, makeUser());
    await waitFor(() => expect(text('step')).toBe('review'));
    fireEvent.click(screen.getByText('submit'));
    expect(await screen.findByText(ASSESSMENT_MESSAGES.submitFailedToast)).toBeInTheDocument();
    expect(text('where')).toBe(`/assessment/sdlt_refund/${ID}`);
    expect(screen.queryByRole('heading', { name: 'Application page' })).not.toBeInTheDocument();
  });
});
