// Guests: the browser keeps the progress (and the local record with its results).
import { useEffect } from 'react';
import type { AssessmentEvaluation, LoadedDefinition } from '@reclaim/engine';
import { clearGuestProgress, writeGuestProgress } from '../lib/guest-storage';
import { answersToSave } from '../lib/steps';
import type { LocalAssessmentRecord } from '../types';

export interface GuestProgressInput {
  guest: boolean;
  record: LocalAssessmentRecord | null;
  definition: LoadedDefinition | null;
  answers: Record<string, unknown>;
  currentStep: number;
  /** Null until the start step is chosen. */
  stepIndex: number | null;
  evaluation: AssessmentEvaluation | null;
}

export function useGuestProgress({
  guest,
  record,
  definition,
  answers,
  currentStep,
  stepIndex,
  evaluation,
}: GuestProgressInput): void {
  useEffect(() => {
    if (!guest || !record || !definition || stepIndex === null || record.status !== 'in_progress') return;
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
  }, [guest, record, definition, answers, currentStep, stepIndex, evaluation]);
}
