// The assessment state of one questionnaire screen: the record, its definition, answers, the
// current step, the saved flag, saving (clients) or browser storage (guests), and submission.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { surveyTitleFor, type AssessmentEvaluation, type LoadedDefinition } from '@reclaim/engine';
import siteConfig from '@site/site-config.json';
import { useAppDispatch } from '../../../app/hooks';
import { useAuth } from '../../auth/use-auth';
import { conflictCopy, useSaveAssessmentMutation, useSubmitAssessmentMutation } from '../assessmentApi';
import { clearGuestProgress, setReturnTo, writeGuestProgress } from '../lib/guest-storage';
import { answersToSave, canGoNext, clampStep, startStep, stepsFor, type Step } from '../lib/steps';
import { ASSESSMENT_MESSAGES } from '../messages';
import type { LocalAssessmentRecord } from '../types';
import {
  assessmentReducer,
  initialAssessmentState,
  isSaved,
  type AssessmentAction,
} from './assessment-state';
import { loadClientRecord, loadGuestRecord, newGuestRecord, type LoadOutcome } from './load-record';
import { createSaveQueue } from './save-queue';
import { useLoadedDefinition } from './use-loaded-definition';
import { useEvaluation } from './use-evaluation';

export const SAVE_DEBOUNCE_MS = 1000;
export const AUTO_SAVE_MS = 2000;

export type AssessmentMode = 'guest' | 'client';

export interface AssessmentContextValue {
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  mode: AssessmentMode;
  title: string;
  definition: LoadedDefinition | null;
  record: LocalAssessmentRecord | null;
  answers: Record<string, unknown>;
  /** Bumped when answers are replaced from outside the form (server copy, clear). */
  answersEpoch: number;
  steps: Step[];
  stepIndex: number;
  saved: boolean;
  saving: boolean;
  saveError: string | null;
  calculating: boolean;
  submitting: boolean;
  submitError: string | null;
  evaluation: AssessmentEvaluation | null;
  evaluationError: string | null;
  setAnswers: (answers: Record<string, unknown>) => void;
  goTo: (step: number) => void;
  /** Advances when `validate` (the form's own check) passes; marks unsaved and saves if logged in. */
  next: (validate?: () => boolean) => void;
  previous: () => void;
  clear: () => void;
  submit: () => Promise<void>;
  saveNow: () => Promise<void>;
}

const AssessmentContext = createContext<AssessmentContextValue | null>(null);

export function useAssessment(): AssessmentContextValue {
  const value = useContext(AssessmentContext);
  if (value === null) throw new Error(ASSESSMENT_MESSAGES.outsideProvider);
  return value;
}

const titles = siteConfig.questionnaireTitles;

/** What one save sends, and the local revision it carries (unsaved-changes.ts). */
interface SavePayload {
  record: LocalAssessmentRecord;
  answers: Record<string, unknown>;
  step: number;
  revision: number;
}

/**
 * useReducer whose dispatch also keeps `latest` up to date at once, so timers and async callbacks
 * read the state every action so far produced (React applies the same pure reducer on render).
 */
function useLatestReducer() {
  const [state, dispatch] = useReducer(assessmentReducer, initialAssessmentState);
  const latest = useRef(initialAssessmentState);
  const send = useCallback((action: AssessmentAction) => {
    latest.current = assessmentReducer(latest.current, action);
    dispatch(action);
  }, []);
  return [state, send, latest] as const;
}

export interface AssessmentProviderProps {
  /** Service type code from the URL (/assessment/{service}/…). */
  serviceType?: string | undefined;
  /** Assessment id from the URL. */
  assessmentId?: string | undefined;
  /** Path of the questionnaire for an id (public or portal), to keep the URL in step with the record. */
  pathFor?: (record: LocalAssessmentRecord) => string;
  children: ReactNode;
}

const defaultPath = (r: LocalAssessmentRecord) => `/assessment/${encodeURIComponent(r.service_type)}/${r.id}`;

export function AssessmentProvider({
  serviceType,
  assessmentId,
  pathFor = defaultPath,
  children,
}: AssessmentProviderProps) {
  const { status: authStatus, isAuthenticated } = useAuth();
  const mode: AssessmentMode = isAuthenticated ? 'client' : 'guest';
  const appDispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [saveAssessment] = useSaveAssessmentMutation();
  const [submitAssessment] = useSubmitAssessmentMutation();

  const [state, dispatch, latest] = useLatestReducer();
  const { record, answers, stepIndex } = state;
  const loaded = useLoadedDefinition(record?.service_type);
  const definition = loaded.definition;
  const definitionRef = useRef(definition);
  definitionRef.current = definition;

  // ------------------------------------------------------------------ loading the record
  // One new record per screen, even when the effect runs twice.
  const creating = useRef<ReturnType<typeof saveAssessment> | null>(null);
  // The record this screen adopted, and for whom: the URL change that follows adopting it is no reload.
  const adopted = useRef<{ id: string; client: boolean } | null>(null);
  useEffect(() => {
    if (authStatus === 'checking') return;
    if (
      assessmentId !== undefined &&
      adopted.current?.id === assessmentId &&
      adopted.current.client === isAuthenticated
    )
      return;
    let cancelled = false;
    dispatch({ type: 'loadStarted' });

    const show = (outcome: LoadOutcome) => {
      if (cancelled) return;
      if ('error' in outcome) {
        dispatch({ type: 'loadFailed', message: outcome.error });
        return;
      }
      const next = outcome.record;
      adopted.current = { id: next.id, client: isAuthenticated };
      dispatch({ type: 'adopted', record: next });
      const target = pathFor(next);
      if (location.pathname !== target && !location.pathname.startsWith('/portal/'))
        void navigate(target, { replace: true });
    };
    const create = async (service: string) => {
      creating.current ??= saveAssessment({ service_type: service, answers: {}, current_step: 0 });
      const created = await creating.current;
      if ('data' in created && created.data) return created.data;
      creating.current = null;
      return null;
    };

    if (isAuthenticated) void loadClientRecord(appDispatch, serviceType, assessmentId, create).then(show);
    else show(loadGuestRecord(serviceType, assessmentId));
    return () => {
      cancelled = true;
    };
    // Reload only when the address or the session changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [authStatus, isAuthenticated, serviceType, assessmentId]);

  // ------------------------------------------------------------------ steps
  const steps = useMemo(() => (definition ? stepsFor(definition, answers) : []), [definition, answers]);
  useEffect(() => {
    if (definition && record && stepIndex === null)
      dispatch({ type: 'stepChosen', step: startStep(definition, answers) });
  }, [definition, record, stepIndex, answers, dispatch]);
  const currentStep = steps.length === 0 ? 0 : clampStep(stepIndex ?? 0, steps);

  // ------------------------------------------------------------------ evaluation (local)
  const { evaluation, error: evaluationError, calculating: evaluating } = useEvaluation(definition, answers);
  // "Calculating next step..." from Next until the new step has rendered.
  useEffect(() => {
    if (state.calculating) dispatch({ type: 'stepRendered' });
  }, [stepIndex, state.calculating, dispatch]);

  // Guests: the browser keeps the progress (and the local record with its results).
  useEffect(() => {
    if (mode !== 'guest' || !record || !definition || stepIndex === null || record.status !== 'in_progress')
      return;
    const active = answersToSave(definition, answers);
    // No answers, no progress: after Clear the keys stay removed.
    if (Object.keys(active).length === 0) {
      clearGuestProgress();
      return;
    }
    writeGuestProgress({
      ...record,
      answers: active,
      current_step: currentStep,
      eligibility_result: evaluation?.eligibility ?? null,
      complexity_result: evaluation?.complexity ?? null,
      value_estimate: evaluation?.value ?? null,
    });
  }, [mode, record, definition, answers, currentStep, stepIndex, evaluation]);

  // ------------------------------------------------------------------ saving (clients)
  const sendSaveRef = useRef<(payload: SavePayload) => Promise<void>>(() => Promise.resolve());
  const [queue] = useState(() =>
    createSaveQueue<SavePayload>({
      send: (payload) => sendSaveRef.current(payload),
      onBusyChange: (saving) => dispatch({ type: 'savingChanged', saving }),
    }),
  );
  const sendSave = useCallback(
    async ({ record: sent, answers: sentAnswers, step, revision }: SavePayload): Promise<void> => {
      // The version last read, at the moment of sending: the save before this one may have moved it.
      const version = latest.current.record?.id === sent.id ? latest.current.record.version : sent.version;
      const result = await saveAssessment({
        assessment_id: sent.id,
        service_type: sent.service_type,
        answers: sentAnswers,
        current_step: step,
        ...(version !== undefined ? { version } : {}),
      });
      if ('data' in result && result.data) {
        dispatch({ type: 'saveSucceeded', revision, result: result.data });
        return;
      }
      const server = conflictCopy(result.error);
      if (server) {
        // The server's copy replaces the answers: what was waiting to be saved is stale now.
        queue.discardPending();
        dispatch({ type: 'saveConflicted', server });
        toast.info(ASSESSMENT_MESSAGES.staleVersion);
        return;
      }
      dispatch({ type: 'saveFailed', message: ASSESSMENT_MESSAGES.saveProgressFailed });
    },
    [saveAssessment, dispatch, latest, queue],
  );
  sendSaveRef.current = sendSave;

  /** Saves the latest answers and step (clients, while in progress); `step` overrides the step shown. */
  const requestSave = useCallback(
    (step?: number): Promise<void> => {
      const now = latest.current;
      const def = definitionRef.current;
      const current = now.record;
      if (!isAuthenticated || !current || !def || current.status !== 'in_progress') return Promise.resolve();
      return queue.request({
        record: current,
        answers: answersToSave(def, now.answers),
        step: step ?? clampStep(now.stepIndex ?? 0, stepsFor(def, now.answers)),
        revision: now.changes.edited,
      });
    },
    [isAuthenticated, queue, latest],
  );
  const saveNow = useCallback(() => requestSave(), [requestSave]);

  // Saved to the server 1 s after the last edit, and by the 2 s auto-save while unsaved.
  const saved = isSaved(state);
  const revision = state.changes.edited;
  useEffect(() => {
    if (mode !== 'client' || saved) return;
    const debounce = setTimeout(() => void saveNow(), SAVE_DEBOUNCE_MS);
    const auto = setTimeout(() => void saveNow(), AUTO_SAVE_MS);
    return () => {
      clearTimeout(debounce);
      clearTimeout(auto);
    };
  }, [mode, saved, revision, saveNow]);

  // ------------------------------------------------------------------ actions
  const setAnswers = useCallback(
    (next: Record<string, unknown>) => dispatch({ type: 'answersEdited', answers: next }),
    [dispatch],
  );

  const goTo = useCallback(
    (step: number) => dispatch({ type: 'stepChosen', step: clampStep(step, steps) }),
    [steps, dispatch],
  );

  const next = useCallback(
    (validate?: () => boolean) => {
      const now = latest.current.answers;
      if (!canGoNext(steps[currentStep], now)) {
        toast.warn(ASSESSMENT_MESSAGES.requiredFields);
        return;
      }
      if (validate && !validate()) return;
      // The next step is computed from the answers as they are now (visibility may have changed).
      const def = definitionRef.current;
      const target = clampStep(currentStep + 1, def ? stepsFor(def, now) : steps);
      dispatch({ type: 'advanced', step: target });
      if (isAuthenticated) void requestSave(target);
    },
    [steps, currentStep, isAuthenticated, requestSave, dispatch, latest],
  );

  const previous = useCallback(() => dispatch({ type: 'steppedBack' }), [dispatch]);

  const clear = useCallback(() => {
    const current = latest.current.record;
    if (!current) return;
    if (mode === 'guest') {
      clearGuestProgress();
      const fresh = newGuestRecord(current.service_type);
      adopted.current = { id: fresh.id, client: false };
      dispatch({ type: 'adopted', record: fresh, step: 0 });
      void navigate(pathFor(fresh), { replace: true });
      return;
    }
    dispatch({ type: 'answersCleared' });
  }, [mode, navigate, pathFor, dispatch, latest]);

  const submit = useCallback(async () => {
    const { record: current, answers: now } = latest.current;
    const def = definitionRef.current;
    if (!current || !def) return;
    const firstMissing = stepsFor(def, now).findIndex((s) => !canGoNext(s, now));
    if (firstMissing !== -1) {
      toast.warn(ASSESSMENT_MESSAGES.requiredFields);
      dispatch({ type: 'stepChosen', step: firstMissing });
      return;
    }
    if (!isAuthenticated) {
      toast.warn(ASSESSMENT_MESSAGES.loginToSubmit);
      setReturnTo(location.pathname);
      void navigate('/login', { state: { from: location } });
      return;
    }
    dispatch({ type: 'submitStarted' });
    try {
      // No save runs alongside the submit (nor after it): the submit carries the answers.
      await queue.suspend();
      const result = await submitAssessment({
        assessment_id: current.id,
        service_type: current.service_type,
        answers: answersToSave(def, latest.current.answers),
      }).unwrap();
      dispatch({ type: 'submitSucceeded', status: result.assessment.status, claimId: result.claim_id });
      // "progress saved to your account" (a guest who just signed up) is stale once submitted: one
      // toast, not two stacked over the application's heading on a phone
      toast.dismiss('success', ASSESSMENT_MESSAGES.guestSaved);
      toast.success(ASSESSMENT_MESSAGES.submitted);
      void navigate(`/portal/applications/${encodeURIComponent(result.claim_id)}`);
    } catch {
      queue.resume();
      dispatch({ type: 'submitFailed', message: ASSESSMENT_MESSAGES.submitFailed });
      toast.error(ASSESSMENT_MESSAGES.submitFailedToast);
    }
  }, [isAuthenticated, location, navigate, submitAssessment, queue, dispatch, latest]);

  // ------------------------------------------------------------------ status
  let status: AssessmentContextValue['status'] = 'loading';
  let error: string | null = state.loadError;
  if (state.loadError === null && record) {
    if (loaded.unusable) error = ASSESSMENT_MESSAGES.noSteps;
    else if (loaded.fetchFailed) error = ASSESSMENT_MESSAGES.notInitiated;
    else if (definition && stepIndex !== null) status = 'ready';
  }
  if (error !== null) status = 'error';

  const value: AssessmentContextValue = {
    status,
    error,
    mode,
    title: surveyTitleFor(record?.service_type ?? serviceType, titles, definition?.title),
    definition,
    record,
    answers,
    answersEpoch: state.answersEpoch,
    steps,
    stepIndex: currentStep,
    saved,
    saving: state.saving,
    saveError: state.saveError,
    calculating: state.calculating || evaluating,
    submitting: state.submitting,
    submitError: state.submitError,
    evaluation,
    evaluationError,
    setAnswers,
    goTo,
    next,
    previous,
    clear,
    submit,
    saveNow,
  };
  return <AssessmentContext.Provider value={value}>{children}</AssessmentContext.Provider>;
}
