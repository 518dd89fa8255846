// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { installMemoryStorage } from '../test/memory-storage';
import { createReauthBaseQuery, NO_REFRESH_TOKEN } from './base-query';
import { getAccessToken, getRefreshToken, startSession } from '../features/auth/token-storage';

installMemoryStorage();

function queryApi(): BaseQueryApi {
  const controller = new AbortController();
  return {
    signal: controller.signal,
    abort: () => controller.abort(),
    dispatch: vi.fn(),
    getState: () => ({}),
    extra: undefined,
    endpoint: 'test',
    type: 'query',
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fake API: /auth/refresh/ rotates tokens; other calls need the current access token. */
function fakeServer(
  options: { refreshStatus?: number; alwaysUnauthorized?: boolean; delays?: (i: number) => number } = {},
) {
  let validAccess = 'access-2';
  const calls: { url: string; auth: string | null }[] = [];
  let refreshCalls = 0;
  let dataCalls = 0;
  const fetchFn = vi.fn(async (request: Request) => {
    const url = new URL(request.url).pathname;
    calls.push({ url, auth: request.headers.get('Authorization') });
    if (url === '/auth/refresh/') {
      refreshCalls++;
      await sleep(20);
      if (options.refreshStatus && options.refreshStatus !== 200)
        return json(options.refreshStatus, { detail: 'Token is invalid' });
      const body = (await request.json()) as { refresh: string };
      expect(body.refresh).toBe('refresh-1');
      validAccess = 'access-2';
      return json(200, { access: validAccess, refresh: 'refresh-2' });
    }
    const n = dataCalls++;
    await sleep(options.delays ? options.delays(n) : 1);
    if (options.alwaysUnauthorized || request.headers.get('Authorization') !== `Bearer ${validAccess}`) {
      return json(401, { detail: 'Token expired' });
    }
    return json(200, { ok: true, url });
  });
  return {
    fetchFn,
    calls,
    get refreshCalls() {
      return refreshCalls;
    },
  };
}

function make(server: ReturnType<typeof fakeServer>, onSessionEnded = vi.fn()) {
  const raw = createReauthBaseQuery({
    baseUrl: 'http://api.test',
    timeoutMs: 30_000,
    fetchFn: server.fetchFn as unknown as typeof fetch,
    onSessionEnded,
  });
  const baseQuery = (...args: Parameters<typeof raw>) => Promise.resolve(raw(...args));
  return { baseQuery, onSessionEnded };
}

beforeEach(() => {
  localStorage.clear();
  startSession({ access: 'access-1', refresh: 'refresh-1' }, false);
});

describe('reauth base query', () => {
  it('sends the stored access token as a Bearer header', async () => {
    const server = fakeServer();
    startSession({ access: 'access-2', refresh: 'refresh-1' }, false);
    const { baseQuery } = make(server);
    const result = await baseQuery('/users/current/', queryApi(), {});
    expect(result.data).toEqual({ ok: true, url: '/users/current/' });
    expect(server.calls[0]?.auth).toBe('Bearer access-2');
  });

  it('10 simultaneous 401s trigger one refresh and each request is retried once', async () => {
    const server = fakeServer();
    const { baseQuery, onSessionEnded } = make(server);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => baseQuery(`/api/claims/${i}/`, queryApi(), {})),
    );
    expect(server.refreshCalls).toBe(1);
    for (const [i, result] of results.entries()) {
      expect(result.error).toBeUndefined();
      const perUrl = server.calls.filter((c) => c.url === `/api/claims/${i}/`);
      expect(perUrl.map((c) => c.auth)).toEqual(['Bearer access-1', 'Bearer access-2']);
    }
    expect(getAccessToken()).toBe('access-2');
    expect(getRefreshToken()).toBe('refresh-2');
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('a 401 that arrives after the refresh finished retries without a second refresh', async () => {
    // Request 0 answers at once; the others answer long after the refresh (20 ms) is done.
    const server = fakeServer({ delays: (i) => (i === 0 ? 1 : i < 10 ? 80 : 1) });
    const { baseQuery } = make(server);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => baseQuery(`/api/x/${i}/`, queryApi(), {})),
    );
    expect(server.refreshCalls).toBe(1);
    expect(results.every((r) => r.error === undefined)).toBe(true);
    expect(server.calls.filter((c) => c.url !== '/auth/refresh/')).toHaveLength(20);
  });

  it('retries a request only once', async () => {
    const server = fakeServer({ alwaysUnauthorized: true });
    const { baseQuery } = make(server);
    const result = await baseQuery('/api/claims/', queryApi(), {});
    expect(result.error?.status).toBe(401);
    expect(server.calls.filter((c) => c.url === '/api/claims/')).toHaveLength(2);
    expect(server.refreshCalls).toBe(1);
  });

  it.each([400, 401])('a refresh answered %i clears the tokens and ends the session once', async (status) => {
    const server = fakeServer({ refreshStatus: status });
    const { baseQuery, onSessionEnded } = make(server);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => baseQuery('/api/claims/', queryApi(), {})),
    );
    expect(results.every((r) => r.error?.status === 401)).toBe(true);
    expect(server.refreshCalls).toBe(1);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('without a stored refresh token: "No refresh token available", tokens cleared, no refresh call', async () => {
    localStorage.clear();
    startSession({ access: 'access-1' }, false);
    const server = fakeServer();
    const { baseQuery, onSessionEnded } = make(server);
    await baseQuery('/api/claims/', queryApi(), {});
    expect(server.refreshCalls).toBe(0);
    expect(onSessionEnded).toHaveBeenCalledWith(expect.anything(), NO_REFRESH_TOKEN);
    expect(getAccessToken()).toBeNull();
  });

  it('a 401 from /auth/login/ is an answer, not a reason to refresh', async () => {
    const server = fakeServer({ alwaysUnauthorized: true });
    const { baseQuery } = make(server);
    const result = await baseQuery({ url: '/auth/login/', method: 'POST', body: {} }, queryApi(), {});
    expect(result.error?.status).toBe(401);
    expect(server.refreshCalls).toBe(0);
    expect(server.calls).toHaveLength(1);
  });

  it('an expired local session is ended before the request', async () => {
    localStorage.clear();
    startSession({ access: 'access-2', refresh: 'refresh-1' }, false, Date.now() - 25 * 60 * 60 * 1000);
    const server = fakeServer();
    const { baseQuery, onSessionEnded } = make(server);
    await baseQuery('/api/claims/', queryApi(), {});
    expect(onSessionEnded).toHaveBeenCalledWith(expect.anything(), 'Session expired');
    expect(server.calls[0]?.auth).toBeNull();
  });

  it('times out', async () => {
    const baseQuery = createReauthBaseQuery({
      baseUrl: 'http://api.test',
      timeoutMs: 30,
      fetchFn: ((input: Request) =>
        new Promise((_resolve, reject) => {
          input.signal.addEventListener('abort', () => reject(input.signal.reason as Error));
        })) as unknown as typeof fetch,
      onSessionEnded: vi.fn(),
    });
    const result = await baseQuery('/api/health/', queryApi(), {});
    expect(result.error?.status).toBe('TIMEOUT_ERROR');
  });
});
