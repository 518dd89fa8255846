// The assessment state of one questionnaire screen: the record, its definition, answers, the
// current step, the saved flag, saving (clients) or browser storage (guests), and submission.
// The parts live beside it: use-record-loader (loading), use-guest-progress (browser storage),
// use-client-saves (saving), use-step-actions (what the screen can do), assessment-status.
import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useReducer,
  useRef,
  useEffect,
  type ReactNode,
} from 'react';
import { surveyTitleFor, type AssessmentEvaluation, type LoadedDefinition } from '@reclaim/engine';
import siteConfig from '@site/site-config.json';
import { useAuth } from '../../auth/use-auth';
import { clampStep, startStep, stepsFor, type Step } from '../lib/steps';
import { ASSESSMENT_MESSAGES } from '../messages';
import type { LocalAssessmentRecord } from '../types';
import {
  assessmentReducer,
  initialAssessmentState,
  isSaved,
  type AssessmentAction,
} from './assessment-state';
import { screenStatus } from './assessment-status';
import { useClientSaves } from './use-client-saves';
import { useEvaluation } from './use-evaluation';
import { useGuestProgress } from './use-guest-progress';
import { useLoadedDefinition } from './use-loaded-definition';
import { useRecordLoader } from './use-record-loader';
import { useStepActions } from './use-step-actions';

export { AUTO_SAVE_MS, SAVE_DEBOUNCE_MS } from './use-client-saves';

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

/** A ref holding the value of the latest render (read by callbacks without re-creating them). */
function useLatestRef<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

export interface AssessmentProviderProps {
  /** Service type code from the URL (/assessment/{service}/…). */
  serviceType?: string | undefined;
  /** Assessment id from the URL. */
  assessmentId?: string | undefined;
  /** Path of the questionnaire for an id (public or portal), to keep the URL in step with the record. */
  pathFor?: (record: LocalAssessmentRecord) => string;
  /** Answers given on the light first step (QuestionnairePage), taken into a new record. */
  startAnswers?: Record<string, unknown> | undefined;
  children: ReactNode;
}

const defaultPath = (r: LocalAssessmentRecord) => `/assessment/${encodeURIComponent(r.service_type)}/${r.id}`;

export function AssessmentProvider({
  serviceType,
  assessmentId,
  pathFor = defaultPath,
  startAnswers,
  children,
}: AssessmentProviderProps) {
  const { status: authStatus, isAuthenticated } = useAuth();
  const mode: AssessmentMode = isAuthenticated ? 'client' : 'guest';
  const [state, dispatch, latest] = useLatestReducer();
  const { record, answers, stepIndex } = state;
  const loaded = useLoadedDefinition(record?.service_type);
  const definition = loaded.definition;
  const definitionRef = useLatestRef(definition);
  const adopted = useRecordLoader({
    authStatus,
    isAuthenticated,
    serviceType,
    assessmentId,
    pathFor,
    dispatch,
    startAnswers,
  });

  // Steps: the start step once the record and its definition are there.
  const steps = useMemo(() => (definition ? stepsFor(definition, answers) : []), [definition, answers]);
  useEffect(() => {
    if (definition && record && stepIndex === null)
      dispatch({ type: 'stepChosen', step: startStep(definition, answers) });
  }, [definition, record, stepIndex, answers, dispatch]);
  const currentStep = steps.length === 0 ? 0 : clampStep(stepIndex ?? 0, steps);

  // Evaluation (local); "Calculating next step..." from Next until the new step has rendered.
  const { evaluation, error: evaluationError, calculating: evaluating } = useEvaluation(definition, answers);
  useEffect(() => {
    if (state.calculating) dispatch({ type: 'stepRendered' });
  }, [stepIndex, state.calculating, dispatch]);

  useGuestProgress({
    guest: mode === 'guest',
    record,
    definition,
    answers,
    currentStep,
    stepIndex,
    evaluation,
  });
  const saved = isSaved(state);
  const { queue, requestSave, saveNow } = useClientSaves({
    isAuthenticated,
    saved,
    revision: state.changes.edited,
    dispatch,
    latest,
    definitionRef,
  });
  const actions = useStepActions({
    isAuthenticated,
    steps,
    currentStep,
    dispatch,
    latest,
    definitionRef,
    adopted,
    pathFor,
    queue,
    requestSave,
  });

  const { status, error } = screenStatus({
    loadError: state.loadError,
    hasRecord: record !== null,
    hasDefinition: definition !== null,
    stepChosen: stepIndex !== null,
    definitionUnusable: loaded.unusable,
    definitionFetchFailed: loaded.fetchFailed,
  });
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
    ...actions,
    saveNow,
  };
  return <AssessmentContext.Provider value={value}>{children}</AssessmentContext.Provider>;
}
