// Saving (clients): one save at a time through the save queue, the version last read sent with
// each, a conflict replacing the answers with the server's copy; 1 s after the last edit and by
// the 2 s auto-save while unsaved.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LoadedDefinition } from '@reclaim/engine';
import { toast } from '../../../lib/toast';
import { conflictCopy, useSaveAssessmentMutation } from '../assessmentApi';
import { answersToSave, clampStep, stepsFor } from '../lib/steps';
import { ASSESSMENT_MESSAGES } from '../messages';
import type { LocalAssessmentRecord } from '../types';
import type { AssessmentAction, AssessmentState } from './assessment-state';
import { createSaveQueue, type SaveQueue } from './save-queue';

export const SAVE_DEBOUNCE_MS = 1000;
export const AUTO_SAVE_MS = 2000;

/** What one save sends, and the local revision it carries (unsaved-changes.ts). */
export interface SavePayload {
  record: LocalAssessmentRecord;
  answers: Record<string, unknown>;
  step: number;
  revision: number;
}

export interface ClientSavesInput {
  isAuthenticated: boolean;
  /** Whether everything edited so far is saved. */
  saved: boolean;
  /** The local revision of the answers (bumped by every edit). */
  revision: number;
  dispatch: (action: AssessmentAction) => void;
  /** The state every action so far produced (read by timers and async callbacks). */
  latest: { readonly current: AssessmentState };
  definitionRef: { readonly current: LoadedDefinition | null };
}

export interface ClientSaves {
  queue: SaveQueue<SavePayload>;
  /** Saves the latest answers and step (clients, while in progress); `step` overrides the step shown. */
  requestSave: (step?: number) => Promise<void>;
  saveNow: () => Promise<void>;
}

export function useClientSaves({
  isAuthenticated,
  saved,
  revision,
  dispatch,
  latest,
  definitionRef,
}: ClientSavesInput): ClientSaves {
  const [saveAssessment] = useSaveAssessmentMutation();
  const sendSaveRef = useRef<(payload: SavePayload) => Promise<void>>(() => Promise.resolve());
  const [queue] = useState(() =>
    createSaveQueue<SavePayload>({
      send: (payload) => sendSaveRef.current(payload),
      onBusyChange: (saving) => dispatch({ type: 'savingChanged', saving }),
    }),
  );
  const sendSave = useCallback(
    async ({
      record: sent,
      answers: sentAnswers,
      step,
      revision: sentRevision,
    }: SavePayload): Promise<void> => {
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
        dispatch({ type: 'saveSucceeded', revision: sentRevision, result: result.data });
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
    [isAuthenticated, queue, latest, definitionRef],
  );
  const saveNow = useCallback(() => requestSave(), [requestSave]);

  useEffect(() => {
    if (!isAuthenticated || saved) return;
    const debounce = setTimeout(() => void saveNow(), SAVE_DEBOUNCE_MS);
    const auto = setTimeout(() => void saveNow(), AUTO_SAVE_MS);
    return () => {
      clearTimeout(debounce);
      clearTimeout(auto);
    };
  }, [isAuthenticated, saved, revision, saveNow]);

  return { queue, requestSave, saveNow };
}
