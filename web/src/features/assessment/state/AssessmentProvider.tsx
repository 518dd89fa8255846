// The assessment state of one questionnaire screen: the record, its definition, answers, the
// current step, the saved flag, saving (clients) or browser storage (guests), and submission.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
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
import {
  assessmentApi,
  conflictCopy,
  errorStatus,
  useSaveAssessmentMutation,
  useSubmitAssessmentMutation,
} from '../assessmentApi';
import { syncGuestProgress } from '../guest-sync';
import { clearGuestProgress, readGuestProgress, setReturnTo, writeGuestProgress } from '../lib/guest-storage';
import { isUuid, newAssessmentId } from '../lib/ids';
import { answersToSave, canGoNext, clampStep, startStep, stepsFor, type Step } from '../lib/steps';
import { ASSESSMENT_MESSAGES } from '../messages';
import type { LocalAssessmentRecord, ServerAssessment } from '../types';
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

function recordFromServer(a: ServerAssessment): LocalAssessmentRecord {
  return {
    id: a.id,
    service_type: a.service_type,
    service_name: a.service_name,
    answers: a.answers ?? {},
    current_step: a.current_step ?? 0,
    status: a.status,
    document_tasks: [],
    eligibility_result: null,
    complexity_result: null,
    value_estimate: null,
    claim_id: a.claim_id,
    version: a.version,
  };
}

function newGuestRecord(serviceType: string): LocalAssessmentRecord {
  return {
    id: newAssessmentId(),
    service_type: serviceType,
    service_name: surveyTitleFor(serviceType, titles),
    answers: {},
    current_step: 0,
    status: 'in_progress',
    document_tasks: [],
    eligibility_result: null,
    complexity_result: null,
    value_estimate: null,
  };
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
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [saveAssessment] = useSaveAssessmentMutation();
  const [submitAssessment] = useSubmitAssessmentMutation();

  const [record, setRecord] = useState<LocalAssessmentRecord | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [answers, setAnswersState] = useState<Record<string, unknown>>({});
  const [answersEpoch, setAnswersEpoch] = useState(0);
  const [stepIndex, setStepIndex] = useState<number | null>(null);
  const [saved, setSaved] = useState(true);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [calculating, setCalculating] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [revision, setRevision] = useState(0);

  const creating = useRef<ReturnType<typeof saveAssessment> | null>(null);
  const loaded = useLoadedDefinition(record?.service_type);
  const definition = loaded.definition;

  // ------------------------------------------------------------------ loading the record
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
    setLoadError(null);

    const adopt = (next: LocalAssessmentRecord) => {
      if (cancelled) return;
      adopted.current = { id: next.id, client: isAuthenticated };
      setRecord(next);
      setAnswersState(next.answers);
      setAnswersEpoch((e) => e + 1);
      setStepIndex(null);
      setSaved(true);
      const target = pathFor(next);
      if (location.pathname !== target && !location.pathname.startsWith('/portal/'))
        void navigate(target, { replace: true });
    };
    const fail = (message: string) => {
      if (!cancelled) setLoadError(message);
    };

    async function loadClient(): Promise<void> {
      const guest = readGuestProgress();
      if (assessmentId !== undefined) {
        if (!isUuid(assessmentId)) return fail(ASSESSMENT_MESSAGES.loadFailed);
        const result = await dispatch(
          assessmentApi.endpoints.getAssessment.initiate(assessmentId, {
            forceRefetch: true,
            subscribe: false,
          }),
        );
        if (result.data) return adopt(recordFromServer(result.data));
        const status = errorStatus(result.error);
        if (status === 404 && guest?.record?.id === assessmentId) {
          const synced = await syncGuestProgress(dispatch).catch(() => null);
          return synced ? adopt(recordFromServer(synced)) : fail(ASSESSMENT_MESSAGES.notInitiated);
        }
        return fail(
          status === 404 || status === 400 || status === 403
            ? ASSESSMENT_MESSAGES.loadFailed
            : ASSESSMENT_MESSAGES.loadSavedFailed,
        );
      }
      if (!serviceType) return fail(ASSESSMENT_MESSAGES.idMissing);
      if (guest && guest.service === serviceType) {
        const synced = await syncGuestProgress(dispatch).catch(() => null);
        if (synced) return adopt(recordFromServer(synced));
      }
      // One new record per screen, even when the effect runs twice.
      creating.current ??= saveAssessment({ service_type: serviceType, answers: {}, current_step: 0 });
      const created = await creating.current;
      if ('data' in created && created.data) return adopt(recordFromServer(created.data));
      creating.current = null;
      return fail(ASSESSMENT_MESSAGES.notInitiated);
    }

    function loadGuest(): void {
      if (!serviceType) return fail(ASSESSMENT_MESSAGES.idMissing);
      const guest = readGuestProgress();
      const kept =
        guest && guest.service === serviceType && guest.record
          ? { ...guest.record, answers: guest.answers, current_step: guest.step }
          : null;
      if (assessmentId !== undefined) {
        if (!isUuid(assessmentId)) return fail(ASSESSMENT_MESSAGES.loadFailed);
        if (kept?.id === assessmentId) return adopt(kept);
        // Another assessment's progress is kept here: this id is not this browser's.
        if (guest) return fail(ASSESSMENT_MESSAGES.notInitiated);
        // Nothing kept yet (no answer given before a reload): start under the address's id.
        return adopt({ ...newGuestRecord(serviceType), id: assessmentId });
      }
      adopt(kept ?? newGuestRecord(serviceType));
    }

    if (isAuthenticated) void loadClient();
    else loadGuest();
    return () => {
      cancelled = true;
    };
    // Reload only when the address or the session changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [authStatus, isAuthenticated, serviceType, assessmentId]);

  // ------------------------------------------------------------------ steps
  const steps = useMemo(() => (definition ? stepsFor(definition, answers) : []), [definition, answers]);
  useEffect(() => {
    if (definition && record && stepIndex === null) setStepIndex(startStep(definition, answers));
  }, [definition, record, stepIndex, answers]);
  const currentStep = steps.length === 0 ? 0 : clampStep(stepIndex ?? 0, steps);

  // refs for timers and async callbacks
  const answersRef = useRef(answers);
  answersRef.current = answers;
  const recordRef = useRef(record);
  recordRef.current = record;
  const stepRef = useRef(currentStep);
  stepRef.current = currentStep;
  const definitionRef = useRef(definition);
  definitionRef.current = definition;
  const revisionRef = useRef(revision);
  revisionRef.current = revision;
  const submittingRef = useRef(false);

  // ------------------------------------------------------------------ evaluation (local)
  const { evaluation, error: evaluationError, calculating: evaluating } = useEvaluation(definition, answers);
  // "Calculating next step..." from Next until the new step has rendered.
  useEffect(() => {
    if (calculating) setCalculating(false);
  }, [stepIndex, calculating]);

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
  const inFlight = useRef<Promise<void> | null>(null);
  const again = useRef(false);

  const applyServerCopy = useCallback((server: ServerAssessment) => {
    const next = recordFromServer(server);
    setRecord(next);
    setAnswersState(next.answers);
    setAnswersEpoch((e) => e + 1);
    setStepIndex(null);
    setSaved(true);
  }, []);

  const saveNow = useCallback((): Promise<void> => {
    const current = recordRef.current;
    const def = definitionRef.current;
    if (!isAuthenticated || !current || !def || current.status !== 'in_progress' || submittingRef.current)
      return Promise.resolve();
    if (inFlight.current) {
      again.current = true;
      return inFlight.current;
    }
    const startRevision = revisionRef.current;
    setSaving(true);
    const run = (async () => {
      const result = await saveAssessment({
        assessment_id: current.id,
        service_type: current.service_type,
        answers: answersToSave(def, answersRef.current),
        current_step: stepRef.current,
        ...(current.version !== undefined ? { version: current.version } : {}),
      });
      if ('data' in result && result.data) {
        const data = result.data;
        setRecord((r) =>
          r ? { ...r, version: data.version, status: data.status, claim_id: data.claim_id } : r,
        );
        recordRef.current = { ...current, version: data.version };
        setSaveError(null);
        if (revisionRef.current === startRevision) setSaved(true);
        return;
      }
      const server = conflictCopy(result.error);
      if (server) {
        applyServerCopy(server);
        recordRef.current = recordFromServer(server);
        setSaveError(null);
        toast.info(ASSESSMENT_MESSAGES.staleVersion);
        return;
      }
      setSaveError(ASSESSMENT_MESSAGES.saveProgressFailed);
    })().finally(() => {
      inFlight.current = null;
      setSaving(false);
      if (again.current) {
        again.current = false;
        void saveNow();
      }
    });
    inFlight.current = run;
    return run;
  }, [isAuthenticated, saveAssessment, applyServerCopy]);

  // Saved to the server 1 s after the last edit, and by the 2 s auto-save while unsaved.
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
  const setAnswers = useCallback((next: Record<string, unknown>) => {
    setAnswersState(next);
    setSaved(false);
    setRevision((r) => r + 1);
  }, []);

  const goTo = useCallback(
    (step: number) => {
      setStepIndex(clampStep(step, steps));
    },
    [steps],
  );

  const next = useCallback(
    (validate?: () => boolean) => {
      const step = steps[currentStep];
      if (!canGoNext(step, answersRef.current)) {
        toast.warn(ASSESSMENT_MESSAGES.requiredFields);
        return;
      }
      if (validate && !validate()) return;
      setCalculating(true);
      // The next step is computed from the answers as they are now (visibility may have changed).
      const def = definitionRef.current;
      const fresh = def ? stepsFor(def, answersRef.current) : steps;
      const target = clampStep(currentStep + 1, fresh);
      stepRef.current = target;
      setStepIndex(target);
      setSaved(false);
      setRevision((r) => r + 1);
      if (isAuthenticated) void saveNow();
    },
    [steps, currentStep, isAuthenticated, saveNow],
  );

  const previous = useCallback(() => {
    setStepIndex((s) => Math.max(0, (s ?? 0) - 1));
  }, []);

  const clear = useCallback(() => {
    const current = recordRef.current;
    if (!current) return;
    if (mode === 'guest') {
      clearGuestProgress();
      const fresh = newGuestRecord(current.service_type);
      adopted.current = { id: fresh.id, client: false };
      setRecord(fresh);
      setAnswersState({});
      setAnswersEpoch((e) => e + 1);
      setStepIndex(0);
      void navigate(pathFor(fresh), { replace: true });
      return;
    }
    setAnswersState({});
    setAnswersEpoch((e) => e + 1);
    setStepIndex(0);
    setSaved(false);
    setRevision((r) => r + 1);
  }, [mode, navigate, pathFor]);

  const submit = useCallback(async () => {
    const current = recordRef.current;
    const def = definitionRef.current;
    if (!current || !def) return;
    const firstMissing = stepsFor(def, answersRef.current).findIndex(
      (s) => !canGoNext(s, answersRef.current),
    );
    if (firstMissing !== -1) {
      toast.warn(ASSESSMENT_MESSAGES.requiredFields);
      setStepIndex(firstMissing);
      return;
    }
    if (!isAuthenticated) {
      toast.warn(ASSESSMENT_MESSAGES.loginToSubmit);
      setReturnTo(location.pathname);
      void navigate('/login', { state: { from: location } });
      return;
    }
    submittingRef.current = true;
    setSubmitting(true);
    setSubmitError(null);
    try {
      await inFlight.current;
      const result = await submitAssessment({
        assessment_id: current.id,
        service_type: current.service_type,
        answers: answersToSave(def, answersRef.current),
      }).unwrap();
      setRecord((r) => (r ? { ...r, status: result.assessment.status, claim_id: result.claim_id } : r));
      setSaved(true);
      toast.success(ASSESSMENT_MESSAGES.submitted);
      void navigate(`/portal/applications/${encodeURIComponent(result.claim_id)}`);
    } catch {
      submittingRef.current = false;
      setSubmitError(ASSESSMENT_MESSAGES.submitFailed);
      toast.error(ASSESSMENT_MESSAGES.submitFailedToast);
    } finally {
      setSubmitting(false);
    }
  }, [isAuthenticated, location, navigate, submitAssessment]);

  // ------------------------------------------------------------------ status
  let status: AssessmentContextValue['status'] = 'loading';
  let error: string | null = loadError;
  if (loadError === null && record) {
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
    answersEpoch,
    steps,
    stepIndex: currentStep,
    saved,
    saving,
    saveError,
    calculating: calculating || evaluating,
    submitting,
    submitError,
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
