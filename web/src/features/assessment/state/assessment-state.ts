// The questionnaire's state as one reducer, pure: the record, the answers, the step, and the flags
// for saving and submitting. The provider dispatches; the save order and the unsaved-change
// bookkeeping are their own modules (save-queue.ts, unsaved-changes.ts).
import type { LocalAssessmentRecord, ServerAssessment } from '../types';
import {
  hasUnsavedChanges,
  markAllSaved,
  markEdited,
  markSavedUpTo,
  noUnsavedChanges,
  type UnsavedChanges,
} from './unsaved-changes';

export interface AssessmentState {
  record: LocalAssessmentRecord | null;
  loadError: string | null;
  answers: Record<string, unknown>;
  /** Bumped when answers are replaced from outside the form (a record adopted, the server's copy, Clear). */
  answersEpoch: number;
  /** null until the record's resume step has been chosen (needs the definition). */
  stepIndex: number | null;
  changes: UnsavedChanges;
  saving: boolean;
  saveError: string | null;
  /** From Next until the new step has rendered. */
  calculating: boolean;
  submitting: boolean;
  submitError: string | null;
}

export type AssessmentAction =
  | { type: 'loadStarted' }
  | { type: 'loadFailed'; message: string }
  /** A record to show: loaded, created, kept by the browser, or a fresh guest record after Clear. */
  | { type: 'adopted'; record: LocalAssessmentRecord; step?: number }
  | { type: 'answersEdited'; answers: Record<string, unknown> }
  | { type: 'stepChosen'; step: number }
  | { type: 'steppedBack' }
  /** Next: the step moves on and the progress needs saving. */
  | { type: 'advanced'; step: number }
  | { type: 'stepRendered' }
  /** Clear for a client: the same record, no answers, unsaved until saved. */
  | { type: 'answersCleared' }
  | { type: 'savingChanged'; saving: boolean }
  | {
      type: 'saveSucceeded';
      revision: number;
      result: Pick<ServerAssessment, 'version' | 'status' | 'claim_id'>;
    }
  /** 409: the server's copy replaces the local answers. */
  | { type: 'saveConflicted'; server: ServerAssessment }
  | { type: 'saveFailed'; message: string }
  | { type: 'submitStarted' }
  | { type: 'submitSucceeded'; status: string; claimId: string }
  | { type: 'submitFailed'; message: string };

export const initialAssessmentState: AssessmentState = {
  record: null,
  loadError: null,
  answers: {},
  answersEpoch: 0,
  stepIndex: null,
  changes: noUnsavedChanges,
  saving: false,
  saveError: null,
  calculating: false,
  submitting: false,
  submitError: null,
};

export function recordFromServer(a: ServerAssessment): LocalAssessmentRecord {
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

function adopt(state: AssessmentState, record: LocalAssessmentRecord, step: number | null): AssessmentState {
  return {
    ...state,
    record,
    answers: record.answers,
    answersEpoch: state.answersEpoch + 1,
    stepIndex: step,
    changes: markAllSaved(state.changes),
  };
}

export function assessmentReducer(state: AssessmentState, action: AssessmentAction): AssessmentState {
  switch (action.type) {
    case 'loadStarted':
      return state.loadError === null ? state : { ...state, loadError: null };
    case 'loadFailed':
      return { ...state, loadError: action.message };
    case 'adopted':
      return adopt(state, action.record, action.step ?? null);
    case 'answersEdited':
      return { ...state, answers: action.answers, changes: markEdited(state.changes) };
    case 'stepChosen':
      return { ...state, stepIndex: action.step };
    case 'steppedBack':
      return { ...state, stepIndex: Math.max(0, (state.stepIndex ?? 0) - 1) };
    case 'advanced':
      return { ...state, calculating: true, stepIndex: action.step, changes: markEdited(state.changes) };
    case 'stepRendered':
      return state.calculating ? { ...state, calculating: false } : state;
    case 'answersCleared':
      return {
        ...state,
        answers: {},
        answersEpoch: state.answersEpoch + 1,
        stepIndex: 0,
        changes: markEdited(state.changes),
      };
    case 'savingChanged':
      return state.saving === action.saving ? state : { ...state, saving: action.saving };
    case 'saveSucceeded': {
      const { version, status, claim_id } = action.result;
      // The answers on screen stay: a save's answer never replaces them, it only moves the version.
      return {
        ...state,
        record: state.record ? { ...state.record, version, status, claim_id } : state.record,
        saveError: null,
        changes: markSavedUpTo(state.changes, action.revision),
      };
    }
    case 'saveConflicted':
      return { ...adopt(state, recordFromServer(action.server), null), saveError: null };
    case 'saveFailed':
      return { ...state, saveError: action.message };
    case 'submitStarted':
      return { ...state, submitting: true, submitError: null };
    case 'submitSucceeded':
      return {
        ...state,
        submitting: false,
        record: state.record ? { ...state.record, status: action.status, claim_id: action.claimId } : null,
        changes: markAllSaved(state.changes),
      };
    case 'submitFailed':
      return { ...state, submitting: false, submitError: action.message };
  }
}

export const isSaved = (state: AssessmentState): boolean => !hasUnsavedChanges(state.changes);
