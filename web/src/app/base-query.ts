import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { logger } from '../lib/logger';
import {
  clearTokens,
  getAccessToken,
  getRefreshToken,
  isSessionExpired,
  updateTokens,
} from '../features/auth/token-storage';

export const NO_REFRESH_TOKEN = 'No refresh token available';

// Calls where a 401 is an answer, not an expired access token.
const NO_REAUTH = /^\/?auth\/(login|register|refresh|logout|verify|password-reset)(\/|$)/;

export type ApiBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> & {
  /** Refreshes the access token; concurrent callers share one request. Resolves true on success. */
  refreshSession: (api: BaseQueryApi) => Promise<boolean>;
};

export interface BaseQueryOptions {
  baseUrl: string;
  timeoutMs: number;
  fetchFn?: typeof fetch;
  /** Called after tokens were cleared because the session cannot continue. */
  onSessionEnded: (api: BaseQueryApi, reason: string) => void;
}

function urlOf(args: string | FetchArgs): string {
  return typeof args === 'string' ? args : args.url;
}

function readTokens(data: unknown): { access: string; refresh?: string } | null {
  if (data === null || typeof data !== 'object') return null;
  const { access, refresh } = data as Record<string, unknown>;
  if (typeof access !== 'string' || access.length === 0) return null;
  return typeof refresh === 'string' && refresh.length > 0 ? { access, refresh } : { access };
}

/**
 * fetchBaseQuery plus the session rules of site spec section 4: Bearer header on every call,
 * 30 s time-out, and one refresh-and-retry on a 401. Concurrent 401s share a single refresh
 * (a mutex held as the in-flight promise); each request is retried at most once.
 */
export function createReauthBaseQuery(options: BaseQueryOptions): ApiBaseQuery {
  const raw = fetchBaseQuery({
    baseUrl: options.baseUrl,
    timeout: options.timeoutMs,
    ...(options.fetchFn ? { fetchFn: options.fetchFn } : {}),
    prepareHeaders(headers) {
      const token = getAccessToken();
      if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
      if (!headers.has('Accept')) headers.set('Accept', 'application/json');
      return headers;
    },
  });

  let inFlight: Promise<boolean> | null = null;

  function endSession(api: BaseQueryApi, reason: string): void {
    clearTokens();
    options.onSessionEnded(api, reason);
  }

  async function performRefresh(api: BaseQueryApi): Promise<boolean> {
    const refresh = getRefreshToken();
    if (!refresh) {
      logger.warn(NO_REFRESH_TOKEN);
      endSession(api, NO_REFRESH_TOKEN);
      return false;
    }
    const result = await raw({ url: '/auth/refresh/', method: 'POST', body: { refresh } }, api, {});
    const tokens = readTokens(result.data);
    if (!result.error && tokens) {
      updateTokens(tokens);
      return true;
    }
    const status = result.error?.status;
    if (status === 400 || status === 401 || (!result.error && !tokens)) {
      logger.warn('Token refresh failed; session ended', { status });
      endSession(api, 'Token refresh failed');
      return false;
    }
    // Network failure or 5xx: keep the session; the caller gets its original answer.
    logger.error('Token refresh could not reach the server', result.error);
    return false;
  }

  function refreshSession(api: BaseQueryApi): Promise<boolean> {
    inFlight ??= performRefresh(api).finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
    args,
    api,
    extra,
  ) => {
    if (getAccessToken() !== null && isSessionExpired()) {
      endSession(api, 'Session expired');
    }
    const tokenUsed = getAccessToken();
    const result = await raw(args, api, extra);
    if (result.error?.status !== 401 || tokenUsed === null || NO_REAUTH.test(urlOf(args))) {
      logFailure(args, result.error);
      return result;
    }
    // Another request may have refreshed while this one was in flight: then just retry.
    const current = getAccessToken();
    const refreshed = current !== null && current !== tokenUsed ? true : await refreshSession(api);
    if (!refreshed) return result;
    const retried = await raw(args, api, extra);
    logFailure(args, retried.error);
    return retried;
  };

  return Object.assign(baseQuery, { refreshSession });
}

function logFailure(args: string | FetchArgs, error: FetchBaseQueryError | undefined): void {
  if (!error) return;
  // 403, 404, 429, 5xx and network errors are only logged (site spec section 8).
  const url = urlOf(args);
  if (error.status === 403) logger.warn(`Forbidden: ${url}`);
  else if (error.status === 429) logger.warn(`Rate limited: ${url}`);
  else if (typeof error.status === 'number' && error.status >= 500)
    logger.error(`Server error ${error.status}: ${url}`);
  else if (typeof error.status === 'string')
    logger.error(`Request failed (${error.status}): ${url}`, { error: error.error });
}
