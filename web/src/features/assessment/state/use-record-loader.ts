// Loading the record of a questionnaire screen: the client's from the API (a new one made when
// the address names none), a guest's from the browser; the URL is kept in step with the record.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import type { AuthStatus } from '../../auth/types';
import { useSaveAssessmentMutation } from '../assessmentApi';
import type { LocalAssessmentRecord } from '../types';
import type { AssessmentAction } from './assessment-state';
import { loadClientRecord, loadGuestRecord, type LoadOutcome } from './load-record';

/** The record this screen adopted, and for whom: the URL change that follows adopting it is no reload. */
export type AdoptedRef = { current: { id: string; client: boolean } | null };

export interface RecordLoaderInput {
  authStatus: AuthStatus;
  isAuthenticated: boolean;
  serviceType: string | undefined;
  assessmentId: string | undefined;
  pathFor: (record: LocalAssessmentRecord) => string;
  dispatch: (action: AssessmentAction) => void;
  /** Answers given on the light first step (a guest's new assessment): a new record takes them. */
  startAnswers?: Record<string, unknown> | undefined;
}

export function useRecordLoader({
  authStatus,
  isAuthenticated,
  serviceType,
  assessmentId,
  pathFor,
  dispatch,
  startAnswers,
}: RecordLoaderInput): AdoptedRef {
  const startRef = useRef(startAnswers);
  startRef.current = startAnswers;
  const appDispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [saveAssessment] = useSaveAssessmentMutation();
  // One new record per screen, even when the effect runs twice.
  const creating = useRef<ReturnType<typeof saveAssessment> | null>(null);
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
      const start = startRef.current;
      startRef.current = undefined;
      // the light first step's answer, on the first question it showed
      const given =
        start !== undefined &&
        Object.keys(start).length > 0 &&
        Object.keys(outcome.record.answers).length === 0;
      const next = given ? { ...outcome.record, answers: { ...start } } : outcome.record;
      adopted.current = { id: next.id, client: isAuthenticated };
      dispatch(given ? { type: 'adopted', record: next, step: 0 } : { type: 'adopted', record: next });
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
  return adopted;
}
