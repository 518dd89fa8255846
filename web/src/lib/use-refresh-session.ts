import { useCallback } from 'react';
import { refreshSessionNow } from '../app/api';
import { useAppDispatch, useAppStore } from '../app/hooks';
import type { RefreshSession } from './authenticated-transfer';

/** The API slice's refresh (shared mutex, session end on failure) for calls made outside RTK Query. */
export function useRefreshSession(): RefreshSession {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  return useCallback(() => refreshSessionNow(dispatch, () => store.getState()), [dispatch, store]);
}
