import type { AppDispatch } from '../../app/store';
import { api } from '../../app/api';
import { logger } from '../../lib/logger';
import { site } from '../../lib/site';
import { authApi } from './auth-api';
import { AUTH_MESSAGES, AuthError } from './messages';
import { authenticated, sessionEnded } from './session-slice';
import { clearTokens, getRefreshToken, startSession } from './token-storage';
import type { User } from './types';

function detailOf(error: unknown): string | null {
  if (error === null || typeof error !== 'object') return null;
  const data = (error as { data?: unknown }).data;
  if (data === null || typeof data !== 'object') return null;
  const detail = (data as { detail?: unknown }).detail;
  return typeof detail === 'string' && detail.trim() !== '' ? detail : null;
}

function statusOf(error: unknown): unknown {
  return error !== null && typeof error === 'object' ? (error as { status?: unknown }).status : undefined;
}

function fieldErrorsOf(error: unknown): { field: string; message: string }[] {
  if (error === null || typeof error !== 'object') return [];
  const data = (error as { data?: unknown }).data;
  if (data === null || typeof data !== 'object') return [];
  const errors = (data as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((item: unknown) => {
    if (item === null || typeof item !== 'object') return [];
    const { field, message } = item as Record<string, unknown>;
    return typeof field === 'string' && typeof message === 'string' ? [{ field, message }] : [];
  });
}

function tokensOf(data: unknown): { access: string; refresh?: string } | null {
  if (data === null || typeof data !== 'object') return null;
  const { access, refresh } = data as Record<string, unknown>;
  if (typeof access !== 'string' || access === '') return null;
  return typeof refresh === 'string' && refresh !== '' ? { access, refresh } : { access };
}

function looksLikeUser(value: unknown): value is User {
  return (
    value !== null && typeof value === 'object' && typeof (value as { email?: unknown }).email === 'string'
  );
}

function contactLine(): string {
  return `Contact us at ${site.email} or on ${site.phone}.`;
}

async function fetchCurrentUser(dispatch: AppDispatch): Promise<User> {
  const result = await dispatch(authApi.endpoints.getCurrentUser.initiate(undefined, { forceRefetch: true }));
  if (result.error || !looksLikeUser(result.data)) {
    throw new AuthError(AUTH_MESSAGES.userFetchFailed);
  }
  return result.data;
}

export async function loginWithPassword(
  dispatch: AppDispatch,
  input: { email: string; password: string; remember: boolean },
): Promise<User> {
  const result = await dispatch(
    authApi.endpoints.login.initiate({
      username: input.email,
      password: input.password,
      remember: input.remember,
    }),
  );
  if (result.error) {
    if (statusOf(result.error) === 401) throw new AuthError(AUTH_MESSAGES.invalidCredentials);
    // A disabled account (right password): the server's reason and whom to contact.
    if (statusOf(result.error) === 403)
      throw new AuthError(`${detailOf(result.error) ?? AUTH_MESSAGES.loginFailed} ${contactLine()}`);
    const status = statusOf(result.error);
    throw new AuthError(
      detailOf(result.error) ?? AUTH_MESSAGES.loginFailed,
      [],
      typeof status === 'number' ? status : undefined,
    );
  }
  return finishSignIn(dispatch, result.data, input.remember);
}

/** Signs in with the uid and token of an e-mailed sign-in link (they work once). */
export async function loginWithLink(
  dispatch: AppDispatch,
  input: { uid: string; token: string },
): Promise<User> {
  const result = await dispatch(authApi.endpoints.confirmLoginLink.initiate(input));
  if (result.error) {
    throw new AuthError(
      statusOf(result.error) === 400
        ? AUTH_MESSAGES.loginLinkInvalid
        : (detailOf(result.error) ?? AUTH_MESSAGES.loginFailed),
    );
  }
  return finishSignIn(dispatch, result.data, false);
}

async function finishSignIn(dispatch: AppDispatch, data: unknown, remember: boolean): Promise<User> {
  if (data === null || typeof data !== 'object') throw new AuthError(AUTH_MESSAGES.invalidResponse);
  const tokens = tokensOf(data);
  if (!tokens?.refresh) throw new AuthError(AUTH_MESSAGES.invalidTokenResponse);
  startSession(tokens, remember);
  try {
    const user = await fetchCurrentUser(dispatch);
    dispatch(authenticated(user));
    return user;
  } catch (error) {
    clearTokens();
    dispatch(sessionEnded());
    throw error instanceof AuthError ? error : new AuthError(AUTH_MESSAGES.userFetchFailed);
  }
}

/** Registers, then signs in (with the answer's tokens, or with the password just chosen). */
export async function registerAccount(
  dispatch: AppDispatch,
  input: { email: string; password: string; display_name?: string; remember?: boolean },
): Promise<{ signedIn: boolean; user: User | null }> {
  const result = await dispatch(authApi.endpoints.register.initiate(input));
  if (result.error) {
    throw new AuthError(AUTH_MESSAGES.registrationFailed, fieldErrorsOf(result.error));
  }
  const tokens = tokensOf(result.data);
  if (!tokens) {
    // The API answers the same for a new address and one that has an account (issue 25 §3), so
    // sign in with the password just chosen: that works for a new account; for an address that
    // already had one the owner has been e-mailed, and the page says to check the e-mail.
    try {
      const user = await loginWithPassword(dispatch, {
        email: input.email,
        password: input.password,
        remember: input.remember === true,
      });
      return { signedIn: true, user };
    } catch {
      return { signedIn: false, user: null };
    }
  }
  startSession(tokens, input.remember === true);
  const answerUser = (result.data as { user?: unknown }).user;
  try {
    const user = looksLikeUser(answerUser) ? answerUser : await fetchCurrentUser(dispatch);
    dispatch(authenticated(user));
    return { signedIn: true, user };
  } catch {
    clearTokens();
    dispatch(sessionEnded());
    throw new AuthError(AUTH_MESSAGES.userFetchFailed);
  }
}

/**
 * Verifies stored tokens on start-up by fetching the current user. A rejected session (401
 * after a failed refresh) has already been cleared by the base query; when the server cannot be
 * reached the tokens are kept so the next visit can resume, but the UI treats the user as signed out.
 */
export async function restoreSession(dispatch: AppDispatch): Promise<void> {
  const result = await dispatch(authApi.endpoints.getCurrentUser.initiate(undefined, { forceRefetch: true }));
  if (!result.error && looksLikeUser(result.data)) {
    dispatch(authenticated(result.data));
    return;
  }
  const status = statusOf(result.error);
  logger.warn(AUTH_MESSAGES.userFetchFailed, { status });
  if (status !== 'FETCH_ERROR' && status !== 'TIMEOUT_ERROR') clearTokens();
  dispatch(sessionEnded());
}

/** POST /auth/logout/ {refresh}, then clear storage and state whatever the server said. */
export async function logoutSession(dispatch: AppDispatch): Promise<void> {
  const refresh = getRefreshToken();
  if (refresh) {
    const result = await dispatch(authApi.endpoints.logout.initiate({ refresh }));
    if (result.error) logger.warn('Logout request failed; clearing the local session anyway');
  }
  clearTokens();
  dispatch(sessionEnded());
  dispatch(api.util.resetApiState());
}
