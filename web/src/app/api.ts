import { createApi, type BaseQueryApi } from '@reduxjs/toolkit/query/react';
import { config } from '../lib/config';
import { navigateTo } from '../lib/navigation';
import { sessionEnded } from '../features/auth/session-slice';
import { createReauthBaseQuery } from './base-query';

export const tagTypes = [
  'User',
  'Claim',
  'Assessment',
  'Message',
  'Thread',
  'Document',
  'News',
  'Admin',
  'Service',
  'Definition',
] as const;

// Same origin when VITE_API_URL is empty (D1); an absolute base keeps Request URLs valid everywhere.
const sameOrigin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;

export const baseQuery = createReauthBaseQuery({
  baseUrl: config.apiBaseUrl || sameOrigin,
  timeoutMs: config.apiTimeoutMs,
  onSessionEnded(queryApi, reason) {
    queryApi.dispatch(sessionEnded());
    queryApi.dispatch(api.util.resetApiState());
    if (
      reason !== 'Session expired' ||
      (typeof window !== 'undefined' && window.location.pathname.startsWith('/portal'))
    ) {
      navigateTo('/login', { replace: true });
    }
  },
});

/** The one RTK Query API slice; features add endpoints with api.injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes,
  endpoints: () => ({}),
});

/** Refresh outside a query (the 25-minute timer), sharing the base query's mutex. */
export function refreshSessionNow(
  dispatch: BaseQueryApi['dispatch'],
  getState: () => unknown,
): Promise<boolean> {
  const controller = new AbortController();
  return baseQuery.refreshSession({
    signal: controller.signal,
    abort: () => controller.abort(),
    dispatch,
    getState,
    extra: undefined,
    endpoint: 'refreshSession',
    type: 'mutation',
  });
}
