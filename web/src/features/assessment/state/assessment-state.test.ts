import { describe, expect, it } from 'vitest';
import type { LocalAssessmentRecord, ServerAssessment } from '../types';
import {
  assessmentReducer,
  initialAssessmentState,
  isSaved,
  recordFromServer,
  type AssessmentAction,
  type AssessmentState,
} from './assessment-state';

const record: LocalAssessmentRecord = {
  id: 'a1',
  service_type: 'sdlt_refund',
  service_name: 'SDLT Refunds',
  answers: { propertyTypeSDR: 'Mixed-Use' },
  current_step: 1,
  status: 'in_progress',
  document_tasks: [],
  eligibility_result: null,
  complexity_result: null,
  value_estimate: null,
  claim_id: null,
  version: 1,
};

const server = (over: Partial<ServerAssessment> = {}) =>
  ({
    id: 'a1',
    assessment_id: 'a1',
    claim_id: null,
    service_type: 'sdlt_refund',
    service_name: 'SDLT Refunds',
    answers: { propertyTypeSDR: 'Commercial' },
    current_step: 0,
    status: 'in_progress',
    version: 5,
    results: null,
    ...over,
  }) as unknown as ServerAssessment;

const run = (...actions: AssessmentAction[]): AssessmentState =>
  actions.reduce(assessmentReducer, initialAssessmentState);

describe('assessment reducer', () => {
  it('adopting a record shows its answers as saved, bumps the epoch and waits for the resume step', () => {
    const s = run({ type: 'adopted', record });
    expect(s.answers).toEqual(record.answers);
    expect(s.answersEpoch).toBe(1);
    expect(s.stepIndex).toBeNull();
    expect(isSaved(s)).toBe(true);
    expect(run({ type: 'adopted', record, step: 0 }).stepIndex).toBe(0);
  });

  it('an edit is unsaved until a save of that revision lands', () => {
    const edited = run({ type: 'adopted', record }, { type: 'answersEdited', answers: { a: 1 } });
    expect(isSaved(edited)).toBe(false);
    const savedState = assessmentReducer(edited, {
      type: 'saveSucceeded',
      revision: edited.changes.edited,
      result: { version: 2, status: 'in_progress', claim_id: null },
    });
    expect(isSaved(savedState)).toBe(true);
    expect(savedState.record?.version).toBe(2);
  });

  it('a save that sent older answers moves the version but neither marks newer edits saved nor replaces them', () => {
    const first = run({ type: 'adopted', record }, { type: 'answersEdited', answers: { a: 1 } });
    const sentRevision = first.changes.edited;
    const newer = assessmentReducer(first, { type: 'answersEdited', answers: { a: 2 } });
    const after = assessmentReducer(newer, {
      type: 'saveSucceeded',
      revision: sentRevision,
      result: { version: 2, status: 'in_progress', claim_id: null },
    });
    expect(after.answers).toEqual({ a: 2 });
    expect(isSaved(after)).toBe(false);
    expect(after.record?.version).toBe(2);
  });

  it('a conflict adopts the server copy (answers, version), clears the save error, and counts as saved', () => {
    const s = run(
      { type: 'adopted', record },
      { type: 'saveFailed', message: 'failed' },
      { type: 'answersEdited', answers: { a: 1 } },
      { type: 'stepChosen', step: 3 },
      { type: 'saveConflicted', server: server() },
    );
    expect(s.answers).toEqual({ propertyTypeSDR: 'Commercial' });
    expect(s.record?.version).toBe(5);
    expect(s.answersEpoch).toBe(2);
    expect(s.stepIndex).toBeNull();
    expect(s.saveError).toBeNull();
    expect(isSaved(s)).toBe(true);
  });

  it('Next calculates until the step rendered, moves the step and needs a save', () => {
    const s = run(
      { type: 'adopted', record },
      { type: 'stepChosen', step: 1 },
      { type: 'advanced', step: 2 },
    );
    expect(s.calculating).toBe(true);
    expect(s.stepIndex).toBe(2);
    expect(isSaved(s)).toBe(false);
    expect(assessmentReducer(s, { type: 'stepRendered' }).calculating).toBe(false);
  });

  it('Previous stops at the first step', () => {
    const s = run({ type: 'adopted', record }, { type: 'stepChosen', step: 1 }, { type: 'steppedBack' });
    expect(s.stepIndex).toBe(0);
    expect(assessmentReducer(s, { type: 'steppedBack' }).stepIndex).toBe(0);
  });

  it('Clear (client) keeps the record, empties the answers, goes to the first step and needs a save', () => {
    const s = run({ type: 'adopted', record }, { type: 'stepChosen', step: 4 }, { type: 'answersCleared' });
    expect(s.record).toBe(record);
    expect(s.answers).toEqual({});
    expect(s.stepIndex).toBe(0);
    expect(s.answersEpoch).toBe(2);
    expect(isSaved(s)).toBe(false);
  });

  it('a submit that fails shows its text; one that succeeds records the status and claim', () => {
    const started = run({ type: 'adopted', record }, { type: 'submitStarted' });
    expect(started.submitting).toBe(true);
    const failed = assessmentReducer(started, { type: 'submitFailed', message: 'no' });
    expect(failed).toMatchObject({ submitting: false, submitError: 'no' });
    const done = assessmentReducer(assessmentReducer(failed, { type: 'submitStarted' }), {
      type: 'submitSucceeded',
      status: 'COMPLETED',
      claimId: 'c1',
    });
    expect(done.submitError).toBeNull();
    expect(done.record).toMatchObject({ status: 'COMPLETED', claim_id: 'c1' });
    expect(isSaved(done)).toBe(true);
  });

  it('a load error is cleared when loading starts again', () => {
    const failed = run({ type: 'loadFailed', message: 'gone' });
    expect(failed.loadError).toBe('gone');
    expect(assessmentReducer(failed, { type: 'loadStarted' }).loadError).toBeNull();
  });

  it('actions that change nothing keep the same state object (no re-render)', () => {
    const s = run({ type: 'adopted', record });
    expect(assessmentReducer(s, { type: 'stepRendered' })).toBe(s);
    expect(assessmentReducer(s, { type: 'savingChanged', saving: false })).toBe(s);
    expect(assessmentReducer(s, { type: 'loadStarted' })).toBe(s);
  });

  it('reads a server assessment as the local record', () => {
    expect(recordFromServer(server({ answers: null as never, current_step: null as never }))).toMatchObject({
      id: 'a1',
      answers: {},
      current_step: 0,
      version: 5,
      document_tasks: [],
    });
  });
});
