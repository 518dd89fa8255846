// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMemoryStorage } from '../../test/memory-storage';
import { makeStore } from '../../app/store';
import { loginWithPassword, logoutSession, registerAccount, restoreSession } from './session-actions';
import { getAccessToken, getRefreshToken, getSessionExpiry, startSession } from './token-storage';

installMemoryStorage();

const user = {
  id: 'u1',
  username: 'ann',
  display_name: 'Ann',
  email: 'ann@example.com',
  avatar: null,
  role: 'CLIENT',
  is_staff: false,
  is_active: true,
  date_joined: '2026-01-01',
  last_login: null,
};
const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

type Handler = (url: string, init: Request) => Response | Promise<Response>;
function stubFetch(handler: Handler) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    const url = new URL(input.url).pathname;
    const text = await input.clone().text();
    calls.push({ url, body: text ? JSON.parse(text) : undefined });
    return handler(url, input);
  });
  return calls;
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('login', () => {
  it('posts {username: email, password, remember}, stores tokens and the 30-day expiry, fetches the user', async () => {
    const calls = stubFetch((url) =>
      url === '/auth/login/' ? json(200, { access: 'A', refresh: 'R' }) : json(200, user),
    );
    const store = makeStore();
    const before = Date.now();
    await loginWithPassword(store.dispatch, {
      email: 'ann@example.com',
      password: 'pw-123456',
      remember: true,
    });
    expect(calls[0]).toEqual({
      url: '/auth/login/',
      body: { username: 'ann@example.com', password: 'pw-123456', remember: true },
    });
    expect(calls[1]?.url).toBe('/users/current/');
    expect(getAccessToken()).toBe('A');
    expect(getSessionExpiry()).toBeGreaterThanOrEqual(before + 30 * 24 * 3600 * 1000);
    expect(store.getState().session).toEqual({ status: 'authenticated', user });
  });

  it.each([
    ['401', () => json(401, { detail: 'Invalid email or password' }), 'Invalid email or password'],
    [
      '429 with a detail',
      () => json(429, { detail: 'Too many attempts. Try again in 15 minutes.' }),
      'Too many attempts. Try again in 15 minutes.',
    ],
    ['500 without detail', () => json(500, {}), 'Login failed - please check your credentials'],
    [
      'a malformed answer',
      () => new Response('"ok"', { status: 200, headers: { 'Content-Type': 'application/json' } }),
      'Invalid response from server',
    ],
    ['no tokens', () => json(200, { access: '' }), 'Login failed - invalid token response'],
  ])('%s → the spec message', async (_name, answer, message) => {
    stubFetch((url) => (url === '/auth/login/' ? answer() : json(200, user)));
    const store = makeStore();
    await expect(
      loginWithPassword(store.dispatch, { email: 'a@b.co', password: 'x', remember: false }),
    ).rejects.toThrow(message);
    expect(getAccessToken()).toBeNull();
  });

  it('a user that cannot be fetched → "Failed to authenticate user" and no session', async () => {
    stubFetch((url) => (url === '/auth/login/' ? json(200, { access: 'A', refresh: 'R' }) : json(500, {})));
    const store = makeStore();
    await expect(
      loginWithPassword(store.dispatch, { email: 'a@b.co', password: 'x', remember: false }),
    ).rejects.toThrow('Failed to authenticate user');
    expect(getAccessToken()).toBeNull();
    expect(store.getState().session.status).toBe('unauthenticated');
  });
});

describe('register', () => {
  it('signs in when the answer carries an access token', async () => {
    stubFetch(() => json(201, { access: 'A', refresh: 'R', user }));
    const store = makeStore();
    const result = await registerAccount(store.dispatch, {
      email: 'ann@example.com',
      password: 'Long-passphrase-1',
    });
    expect(result.signedIn).toBe(true);
    expect(getRefreshToken()).toBe('R');
    expect(store.getState().session.status).toBe('authenticated');
  });

  it('failure → "Registration failed. Please try again." with the field messages', async () => {
    stubFetch(() =>
      json(400, { statusCode: 400, errors: [{ field: 'password', message: 'is too common' }] }),
    );
    const store = makeStore();
    await expect(
      registerAccount(store.dispatch, { email: 'a@b.co', password: 'password' }),
    ).rejects.toMatchObject({
      message: 'Registration failed. Please try again.',
      fieldErrors: [{ field: 'password', message: 'is too common' }],
    });
  });
});

describe('logout', () => {
  it('posts the refresh token, clears storage and the session', async () => {
    const calls = stubFetch(() => json(204, undefined));
    startSession({ access: 'A', refresh: 'R' }, false);
    const store = makeStore();
    await logoutSession(store.dispatch);
    expect(calls).toEqual([{ url: '/auth/logout/', body: { refresh: 'R' } }]);
    expect(localStorage.length).toBe(0);
    expect(store.getState().session.status).toBe('unauthenticated');
  });

  it('clears the session even when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('network down')));
    startSession({ access: 'A', refresh: 'R' }, false);
    const store = makeStore();
    await logoutSession(store.dispatch);
    expect(localStorage.length).toBe(0);
  });
});

describe('restoring a stored session', () => {
  it('a valid session becomes authenticated', async () => {
    stubFetch(() => json(200, user));
    startSession({ access: 'A', refresh: 'R' }, false);
    const store = makeStore();
    expect(store.getState().session.status).toBe('checking');
    await restoreSession(store.dispatch);
    expect(store.getState().session).toEqual({ status: 'authenticated', user });
  });

  it('an unreachable server keeps the tokens for the next visit', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('network down')));
    startSession({ access: 'A', refresh: 'R' }, false);
    const store = makeStore();
    await restoreSession(store.dispatch);
    expect(store.getState().session.status).toBe('unauthenticated');
    expect(getAccessToken()).toBe('A');
  });

  it('a user that cannot be fetched ends the session', async () => {
    stubFetch(() => json(500, {}));
    startSession({ access: 'A', refresh: 'R' }, false);
    const store = makeStore();
    await restoreSession(store.dispatch);
    expect(getAccessToken()).toBeNull();
  });
});
