import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { useAppDispatch } from '../../app/hooks';
import { logger } from '../../lib/logger';
import { useAuth } from '../auth/use-auth';
import { assessmentApi } from './assessmentApi';
import { syncGuestProgress } from './guest-sync';
import { hasGuestProgress, takeReturnTo, takeSubmitPending } from './lib/guest-storage';
import { ASSESSMENT_MESSAGES } from './messages';

/**
 * Mounted once under the router (light: no engine, no SurveyJS). When a visitor with guest
 * progress becomes signed in (login or sign-up, wherever they land), their answers are saved to
 * the account. A guest sent to /login by Submit has the saved answers submitted at once (the
 * pending flag is taken once; the submit's idempotency key makes a retry return the same claim) and
 * lands on the new application; otherwise a guest sent to /login returns to the assessment.
 */
export function GuestProgressSync() {
  const { isAuthenticated } = useAuth();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  // "You need to log in to submit" is stale once the visitor is signed in.
  useEffect(() => {
    if (isAuthenticated) toast.dismiss('warn', ASSESSMENT_MESSAGES.loginToSubmit);
  }, [isAuthenticated]);

  useEffect(() => {
    if (!isAuthenticated || !hasGuestProgress()) return;
    syncGuestProgress(dispatch).then(
      (saved) => {
        if (!saved) return;
        const returnTo = takeReturnTo();
        if (takeSubmitPending()) {
          dispatch(
            assessmentApi.endpoints.submitAssessment.initiate({
              assessment_id: saved.id,
              service_type: saved.service_type,
              answers: saved.answers,
            }),
          )
            .unwrap()
            .then(
              (result) => {
                toast.success(ASSESSMENT_MESSAGES.submitted);
                void navigate(`/portal/applications/${encodeURIComponent(result.claim_id)}`, {
                  replace: true,
                });
              },
              (error: unknown) => {
                logger.warn('Guest assessment could not be submitted after sign-in', error);
                toast.error(ASSESSMENT_MESSAGES.submitFailedToast);
                void navigate(`/assessment/${encodeURIComponent(saved.service_type)}/${saved.id}`, {
                  replace: true,
                });
              },
            );
          return;
        }
        toast.success(ASSESSMENT_MESSAGES.guestSaved);
        if (returnTo !== null) {
          const target = `/assessment/${encodeURIComponent(saved.service_type)}/${saved.id}`;
          if (window.location.pathname !== target) void navigate(target, { replace: true });
        }
      },
      (error: unknown) => logger.warn('Guest assessment progress could not be saved to the account', error),
    );
  }, [isAuthenticated, dispatch, navigate]);

  return null;
}
