// Which record a questionnaire screen shows: for a client the server's (or the guest progress saved
// to the account, or a new one); for a guest the one this browser keeps (or a new one).
import { surveyTitleFor } from '@reclaim/engine';
import siteConfig from '@site/site-config.json';
import type { AppDispatch } from '../../../app/store';
import { assessmentApi, errorStatus } from '../assessmentApi';
import { syncGuestProgress } from '../guest-sync';
import { readGuestProgress } from '../lib/guest-storage';
import { isUuid, newAssessmentId } from '../lib/ids';
import { ASSESSMENT_MESSAGES } from '../messages';
import type { LocalAssessmentRecord, ServerAssessment } from '../types';
import { recordFromServer } from './assessment-state';

export type LoadOutcome = { record: LocalAssessmentRecord } | { error: string };

const found = (record: LocalAssessmentRecord): LoadOutcome => ({ record });
const failed = (error: string): LoadOutcome => ({ error });

export function newGuestRecord(serviceType: string): LocalAssessmentRecord {
  return {
    id: newAssessmentId(),
    service_type: serviceType,
    service_name: surveyTitleFor(serviceType, siteConfig.questionnaireTitles),
    answers: {},
    current_step: 0,
    status: 'in_progress',
    document_tasks: [],
    eligibility_result: null,
    complexity_result: null,
    value_estimate: null,
  };
}

export async function loadClientRecord(
  dispatch: AppDispatch,
  serviceType: string | undefined,
  assessmentId: string | undefined,
  /** Creates the new record (the caller makes sure a screen creates one only). */
  create: (serviceType: string) => Promise<ServerAssessment | null>,
): Promise<LoadOutcome> {
  const guest = readGuestProgress();
  if (assessmentId !== undefined) {
    if (!isUuid(assessmentId)) return failed(ASSESSMENT_MESSAGES.loadFailed);
    const result = await dispatch(
      assessmentApi.endpoints.getAssessment.initiate(assessmentId, { forceRefetch: true, subscribe: false }),
    );
    if (result.data) return found(recordFromServer(result.data));
    const status = errorStatus(result.error);
    if (status === 404 && guest?.record?.id === assessmentId) {
      const synced = await syncGuestProgress(dispatch).catch(() => null);
      return synced ? found(recordFromServer(synced)) : failed(ASSESSMENT_MESSAGES.notInitiated);
    }
    return failed(
      status === 404 || status === 400 || status === 403
        ? ASSESSMENT_MESSAGES.loadFailed
        : ASSESSMENT_MESSAGES.loadSavedFailed,
    );
  }
  if (!serviceType) return failed(ASSESSMENT_MESSAGES.idMissing);
  if (guest && guest.service === serviceType) {
    const synced = await syncGuestProgress(dispatch).catch(() => null);
    if (synced) return found(recordFromServer(synced));
  }
  const created = await create(serviceType);
  return created ? found(recordFromServer(created)) : failed(ASSESSMENT_MESSAGES.notInitiated);
}

export function loadGuestRecord(
  serviceType: string | undefined,
  assessmentId: string | undefined,
): LoadOutcome {
  if (!serviceType) return failed(ASSESSMENT_MESSAGES.idMissing);
  const guest = readGuestProgress();
  const kept =
    guest && guest.service === serviceType && guest.record
      ? { ...guest.record, answers: guest.answers, current_step: guest.step }
      : null;
  if (assessmentId !== undefined) {
    if (!isUuid(assessmentId)) return failed(ASSESSMENT_MESSAGES.loadFailed);
    if (kept?.id === assessmentId) return found(kept);
    // Another assessment's progress is kept here: this id is not this browser's.
    if (guest) return failed(ASSESSMENT_MESSAGES.notInitiated);
    // Nothing kept yet (no answer given before a reload): start under the address's id.
    return found({ ...newGuestRecord(serviceType), id: assessmentId });
  }
  return found(kept ?? newGuestRecord(serviceType));
}
