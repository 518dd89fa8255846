import { useEffect } from 'react';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import { refreshSessionNow } from '../../app/api';
import { config } from '../../lib/config';
import { restoreSession } from './session-actions';
import { sessionEnded } from './session-slice';
import { clearTokens, isSessionExpired } from './token-storage';

/**
 * Keeps the session alive: verifies stored tokens on start, refreshes the access token every
 * 1,500,000 ms while signed in, and ends the session once the local expiry has passed.
 */
export function SessionManager(): null {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const status = useAppSelector((state) => state.session.status);

  useEffect(() => {
    if (store.getState().session.status === 'checking') void restoreSession(dispatch);
  }, [dispatch, store]);

  useEffect(() => {
    if (status !== 'authenticated') return undefined;
    const tick = () => {
      if (isSessionExpired()) {
        clearTokens();
        dispatch(sessionEnded());
        return;
      }
      void refreshSessionNow(dispatch, () => store.getState());
    };
    const refreshTimer = window.setInterval(tick, config.tokenRefreshIntervalMs);
    // Checks the local expiry between refreshes too, so an expired session ends promptly.
    const expiryTimer = window.setInterval(() => {
      if (isSessionExpired()) tick();
    }, 60_000);
    return () => {
      window.clearInterval(refreshTimer);
      window.clearInterval(expiryTimer);
    };
  }, [status, dispatch, store]);

  return null;
}
