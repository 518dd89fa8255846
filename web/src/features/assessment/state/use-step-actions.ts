// What a questionnaire screen can do: edit answers, move between steps, clear, submit.
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { LoadedDefinition } from '@reclaim/engine';
import { toast } from '../../../lib/toast';
import { useSubmitAssessmentMutation } from '../assessmentApi';
import { clearGuestProgress, markSubmitPending, setReturnTo } from '../lib/guest-storage';
import { answersToSave, canGoNext, clampStep, stepsFor, type Step } from '../lib/steps';
import { ASSESSMENT_MESSAGES } from '../messages';
import type { LocalAssessmentRecord } from '../types';
import type { AssessmentAction, AssessmentState } from './assessment-state';
import { newGuestRecord } from './load-record';
import type { SaveQueue } from './save-queue';
import type { AdoptedRef } from './use-record-loader';

export interface StepActionsInput {
  isAuthenticated: boolean;
  steps: Step[];
  currentStep: number;
  dispatch: (action: AssessmentAction) => void;
  latest: { readonly current: AssessmentState };
  definitionRef: { readonly current: LoadedDefinition | null };
  adopted: AdoptedRef;
  pathFor: (record: LocalAssessmentRecord) => string;
  queue: Pick<SaveQueue<unknown>, 'suspend' | 'resume'>;
  requestSave: (step?: number) => Promise<void>;
}

export interface StepActions {
  setAnswers: (answers: Record<string, unknown>) => void;
  goTo: (step: number) => void;
  next: (validate?: () => boolean) => void;
  previous: () => void;
  clear: () => void;
  submit: () => Promise<void>;
}

export function useStepActions({
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
}: StepActionsInput): StepActions {
  const navigate = useNavigate();
  const location = useLocation();
  const [submitAssessment] = useSubmitAssessmentMutation();

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
    [steps, currentStep, isAuthenticated, requestSave, dispatch, latest, definitionRef],
  );

  const previous = useCallback(() => dispatch({ type: 'steppedBack' }), [dispatch]);

  const clear = useCallback(() => {
    const current = latest.current.record;
    if (!current) return;
    if (!isAuthenticated) {
      clearGuestProgress();
      const fresh = newGuestRecord(current.service_type);
      adopted.current = { id: fresh.id, client: false };
      dispatch({ type: 'adopted', record: fresh, step: 0 });
      void navigate(pathFor(fresh), { replace: true });
      return;
    }
    dispatch({ type: 'answersCleared' });
  }, [isAuthenticated, navigate, pathFor, dispatch, latest, adopted]);

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
      // Once signed in (or signed up), GuestProgressSync saves and submits the answers: no second press.
      markSubmitPending();
      void navigate('/login', { state: { from: location, notice: ASSESSMENT_MESSAGES.signInToSubmit } });
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
  }, [isAuthenticated, location, navigate, submitAssessment, queue, dispatch, latest, definitionRef]);

  return { setAnswers, goTo, next, previous, clear, submit };
}
