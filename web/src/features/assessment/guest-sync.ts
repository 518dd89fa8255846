// A guest who signs up or logs in keeps their answers: the browser's progress is saved to the new
// account (adopting the local record's id) and the guest keys are removed.
import type { AppDispatch } from '../../app/store';
import { assessmentApi, errorStatus } from './assessmentApi';
import { clearGuestProgress, readGuestProgress } from './lib/guest-storage';
import type { ServerAssessment } from './types';

let inFlight: Promise<ServerAssessment | null> | null = null;

async function run(dispatch: AppDispatch): Promise<ServerAssessment | null> {
  const progress = readGuestProgress();
  if (!progress) return null;
  const body = {
    service_type: progress.service,
    answers: progress.answers,
    current_step: progress.step,
  };
  const first = dispatch(
    assessmentApi.endpoints.saveAssessment.initiate(
      progress.record ? { ...body, assessment_id: progress.record.id } : body,
    ),
  );
  let result = await first;
  // The local id is held by another account's assessment: save under a new id.
  if (result.error && errorStatus(result.error) === 404 && progress.record) {
    result = await dispatch(assessmentApi.endpoints.saveAssessment.initiate(body));
  }
  if (!result.data) throw new Error('Guest progress could not be saved');
  clearGuestProgress();
  return result.data;
}

/** Saves guest progress to the signed-in account once; concurrent callers share the request. */
export function syncGuestProgress(dispatch: AppDispatch): Promise<ServerAssessment | null> {
  inFlight ??= run(dispatch).finally(() => {
    inFlight = null;
  });
  return inFlight;
}
