import { MikroORM } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  registerUser,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  login,
  type TestApp,
  anyString,
} from './helpers/app';
import type { ApiBody } from './helpers/app';

// Rows 16, 22, 24; trailing slashes; OpenAPI; unknown paths.
describe('HTTP surface', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ corsOrigins: ['https://app.reclaim.example'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  const expectErrorShape = (body: Record<string, unknown>, status: number) => {
    expect(body).toMatchObject({
      statusCode: status,
      error: anyString,
      message: anyString,
      detail: anyString,
      requestId: anyString,
    });
    expect(JSON.stringify(body)).not.toMatch(/ at |\.ts:|\.js:|select |insert |update |sqlite|knex|stack/i);
  };

  it('serves every path with and without the trailing slash', async () => {
    const u = await registerUser(t);
    for (const url of ['/api/health', '/api/health/'])
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(200);
    for (const url of ['/users/current', '/users/current/']) {
      expect((await t.request({ method: 'GET', url, headers: bearer(u.access) })).statusCode).toBe(200);
    }
    for (const url of ['/auth/login', '/auth/login/']) {
      const res = await t.request({
        method: 'POST',
        url,
        payload: { username: u.email, password: u.password },
      });
      expect(res.statusCode).toBe(200);
    }
    for (const url of ['/auth/password-reset/confirm', '/auth/password-reset/confirm/']) {
      const res = await t.request({
        method: 'POST',
        url,
        payload: { uid: u.user.id, token: 'nope', new_password: 'whatever-long-pass' },
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('row 16: malformed bodies on every core endpoint → 400 with field messages, never 5xx', async () => {
    const u = await registerUser(t);
    const cases: { url: string; method: 'POST' | 'PATCH' | 'DELETE'; auth?: boolean }[] = [
      { method: 'POST', url: '/auth/login/' },
      { method: 'POST', url: '/auth/register/' },
      { method: 'POST', url: '/auth/refresh/' },
      { method: 'POST', url: '/auth/logout/' },
      { method: 'POST', url: '/auth/verify/' },
      { method: 'POST', url: '/auth/password-reset/' },
      { method: 'POST', url: '/auth/password-reset/confirm/' },
      { method: 'POST', url: '/auth/password-change/', auth: true },
      { method: 'PATCH', url: '/users/current/', auth: true },
      { method: 'DELETE', url: '/users/current/', auth: true },
    ];
    const bodies: unknown[] = [
      {
        username: 42,
        password: ['x'],
        email: 'not-an-email',
        refresh: {},
        token: null,
        uid: 'nope',
        new_password: 7,
        current_password: false,
        display_name: 5,
        notification_preferences: 'yes',
        avatar: 'javascript:alert(1)',
      },
      { unexpected: 'field' },
      { constructor: { prototype: { polluted: true } } },
    ];
    for (const c of cases) {
      for (const payload of bodies) {
        const res = await t.request({
          method: c.method,
          url: c.url,
          payload: payload as Record<string, unknown>,
          headers: c.auth ? bearer(u.access) : {},
          remoteAddress: '10.70.0.1',
        });
        expect(res.statusCode, `${c.method} ${c.url} ${JSON.stringify(payload)}`).toBe(400);
        const body = res.json<ApiBody>();
        expectErrorShape(body, 400);
        // A constructor-poisoning body is refused by the JSON parser itself, before field validation.
        if (Object.keys(payload as object).includes('constructor')) continue;
        expect(body.errors?.length).toBeGreaterThan(0);
        for (const e of body.errors ?? []) expect(e).toEqual({ field: anyString, message: anyString });
      }
      // Not JSON at all, a JSON array, a __proto__ key, a bad content type.
      for (const [payload, type] of [
        ['{"username": ', 'application/json'],
        ['[1,2,3]', 'application/json'],
        ['{"__proto__": {"isAdmin": true}, "username": "a@b.c", "password": "x"}', 'application/json'],
        ['username=a', 'text/xml'],
      ] as const) {
        const res = await t.request({
          method: c.method,
          url: c.url,
          payload,
          headers: { 'content-type': type, ...(c.auth ? bearer(u.access) : {}) },
          remoteAddress: '10.70.0.2',
        });
        expect(res.statusCode, `${c.method} ${c.url} ${payload}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${c.method} ${c.url} ${payload}`).toBeLessThan(500);
        expectErrorShape(res.json<ApiBody>(), res.statusCode);
      }
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // Field names are reported exactly.
    const res = await t.request({
      method: 'POST',
      url: '/auth/register/',
      payload: { email: 'nope', password: 'long-enough-pass' },
      remoteAddress: '10.70.0.3',
    });
    expect(res.json<ApiBody>().errors).toEqual([{ field: 'email', message: 'email must be an email' }]);
    // Bad pagination-style query values on a validated route never 5xx either.
    const q = await t.request({ method: 'GET', url: '/users/current/?page=-1', headers: bearer(u.access) });
    expect(q.statusCode).toBeLessThan(500);
  });

  it('row 16: a body over the limit → 413 in the error shape', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/auth/login/',
      payload: { username: 'x'.repeat(2_000_000), password: 'x' },
    });
    expect(res.statusCode).toBe(413);
    expectErrorShape(res.json<ApiBody>(), 413);
  });

  it('row 22: a forced 500 answers message and requestId only, and the process stays up', async () => {
    const u = await registerUser(t);
    const orm = t.app.get(MikroORM);
    // Break one table behind the app's back so the next query fails inside the driver.
    await orm.em
      .getConnection()
      .execute('alter table password_reset_tokens rename to password_reset_tokens_moved');
    try {
      const res = await t.request({
        method: 'POST',
        url: '/auth/password-reset/',
        payload: { email: u.email },
        remoteAddress: '10.71.0.1',
      });
      expect(res.statusCode).toBe(500);
      const body = res.json<ApiBody>();
      expect(body).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Internal server error',
        detail: 'Internal server error',
        requestId: anyString,
      });
      expect(res.headers['x-request-id']).toBe(body.requestId);
      expect(res.body).not.toMatch(/password_reset_tokens|insert|sqlite|postgres|stack|\.ts/i);
      expect(t.readLog()).toContain(body.requestId);
      // The cause is logged (AllExceptionsFilter's line, through Nest's Logger), with the request id.
      const cause = t
        .readLog()
        .split('\n')
        .find((line) => line.includes('request failed') && line.includes(String(body.requestId)));
      expect(cause).toBeDefined();
    } finally {
      await orm.em
        .getConnection()
        .execute('alter table password_reset_tokens_moved rename to password_reset_tokens');
    }
    expect((await t.request({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
  });

  it('unknown API paths → 404 JSON in the error shape; unknown methods too', async () => {
    for (const [method, url] of [
      ['GET', '/api/not-a-route/'],
      ['GET', '/api/not-a-route'],
      ['POST', '/api/health/'],
      ['DELETE', '/auth/login/'],
      ['GET', '/users/someone-else/'],
    ] as const) {
      const res = await t.request({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expectErrorShape(res.json<ApiBody>(), 404);
    }
  });

  it('other GETs get the web app (or the "not built" page when web/dist is missing)', async () => {
    for (const url of ['/', '/portal/dashboard', '/password-reset-confirm/abc/def']) {
      const res = await t.request({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('not built');
    }
    // A browser navigation to a path the SPA shares with the API gets HTML; fetch gets JSON.
    const u = await registerUser(t);
    const nav = await t.request({
      method: 'GET',
      url: '/users/current/',
      headers: { accept: 'text/html,application/xhtml+xml', ...bearer(u.access) },
    });
    expect(nav.headers['content-type']).toMatch(/text\/html/);
    const api = await t.request({
      method: 'GET',
      url: '/users/current/',
      headers: { accept: 'application/json', ...bearer(u.access) },
    });
    expect(api.json()).toMatchObject({ email: u.email });
  });

  it('OpenAPI document lists the core endpoints; the UI is served outside production', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs-json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, unknown>> }>();
    const expected: [string, string][] = [
      ['/auth/login', 'post'],
      ['/auth/register', 'post'],
      ['/auth/refresh', 'post'],
      ['/auth/logout', 'post'],
      ['/auth/verify', 'post'],
      ['/auth/password-reset', 'post'],
      ['/auth/password-reset/confirm', 'post'],
      ['/auth/password-change', 'post'],
      ['/users/current', 'get'],
      ['/users/current', 'patch'],
      ['/users/current', 'delete'],
      ['/users/current/export', 'get'],
      ['/api/health', 'get'],
    ];
    for (const [path, method] of expected)
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    const ui = await t.request({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toMatch(/swagger/i);
  });

  it('row 24: security headers on every route (API, errors, docs, web app), CORS only for the allow-list', async () => {
    const u = await registerUser(t);
    const admin = await login(t, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
    const doc = (await t.request({ method: 'GET', url: '/api/docs-json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const requests: { method: string; url: string; headers?: Record<string, string> }[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000') + '/';
      for (const method of Object.keys(methods)) {
        requests.push({ method: method.toUpperCase(), url });
        requests.push({ method: method.toUpperCase(), url, headers: bearer(u.access) });
        requests.push({ method: method.toUpperCase(), url, headers: bearer(admin.access) });
      }
    }
    requests.push(
      { method: 'GET', url: '/', headers: { accept: 'text/html' } },
      { method: 'GET', url: '/api/nope' },
      { method: 'GET', url: '/api/docs/' },
      { method: 'GET', url: '/api/docs-json' },
    );
    expect(requests.length).toBeGreaterThan(30);
    for (const r of requests) {
      if (r.method === 'DELETE' && r.url.startsWith('/users/current')) continue; // would erase the account
      const res = await t.request({
        method: r.method as 'GET',
        url: r.url,
        headers: r.headers,
        payload: r.method === 'GET' ? undefined : {},
        remoteAddress: '10.72.0.1',
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBeLessThan(500);
      const csp = String(res.headers['content-security-policy'] ?? '');
      expect(csp, `${r.method} ${r.url}`).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      // HSTS only in production.
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['permissions-policy'], `${r.method} ${r.url}`).toContain('camera=()');
      // Issue 25 §3: nothing answered to a signed-in request (or about tokens) is kept by a cache.
      if (r.headers?.authorization !== undefined || r.url.startsWith('/auth/'))
        expect(res.headers['cache-control'], `${r.method} ${r.url}`).toMatch(/no-store/);
    }
    const allowed = await t.request({
      method: 'OPTIONS',
      url: '/auth/login/',
      headers: { origin: 'https://app.reclaim.example', 'access-control-request-method': 'POST' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.reclaim.example');
    const denied = await t.request({
      method: 'GET',
      url: '/api/health/',
      headers: { origin: 'https://evil.example' },
    });
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('row 24: HSTS is sent in production; the docs UI is off there and the document staff-only', async () => {
    const prod = await createTestApp({ nodeEnv: 'production' });
    try {
      const res = await prod.request({ method: 'GET', url: '/api/health/' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect((await prod.request({ method: 'GET', url: '/api/docs/' })).statusCode).not.toBe(200);
      const anonymous = await prod.request({ method: 'GET', url: '/api/docs-json' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.body).not.toContain('/auth/login');
      const forged = await prod.request({ method: 'GET', url: '/api/docs-json', headers: bearer('x.y.z') });
      expect(forged.statusCode).toBe(401);
      const client = await registerUser(prod);
      const asClient = await prod.request({
        method: 'GET',
        url: '/api/docs-json',
        headers: bearer(client.access),
      });
      expect(asClient.statusCode).toBe(403);
      expect(asClient.body).not.toContain('/auth/login');
      const admin = await login(prod, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
      const asStaff = await prod.request({
        method: 'GET',
        url: '/api/docs-json',
        headers: bearer(admin.access),
      });
      expect(asStaff.statusCode).toBe(200);
      expect(asStaff.json<{ paths: Record<string, unknown> }>().paths['/auth/login']).toBeDefined();
      expect(asStaff.headers['cache-control']).toBe('no-store');
    } finally {
      await prod.close();
    }
    // The flag opens it again (an operator's choice).
    const open = await createTestApp({ nodeEnv: 'production', apiDocsPublic: true });
    try {
      expect((await open.request({ method: 'GET', url: '/api/docs-json' })).statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });

  it('issue 25 §3: pages carry Permissions-Policy; signed-in JSON answers are not stored, public ones may be', async () => {
    const page = await t.request({ method: 'GET', url: '/login', headers: { accept: 'text/html' } });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['permissions-policy']).toMatch(/geolocation=\(\)/);
    expect(page.headers['permissions-policy']).toMatch(/microphone=\(\)/);
    const u = await registerUser(t);
    const me = await t.request({ method: 'GET', url: '/users/current/', headers: bearer(u.access) });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const list = await t.request({ method: 'GET', url: '/api/assessments/', headers: bearer(u.access) });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const tokens = await t.request({
      method: 'POST',
      url: '/auth/login/',
      payload: { username: u.email, password: u.password },
    });
    expect(tokens.statusCode).toBe(200);
    expect(tokens.headers['cache-control']).toBe('no-store');
    // A public answer without credentials is not forced to no-store (news may be cached).
    const news = await t.request({ method: 'GET', url: '/api/news/' });
    expect(news.headers['cache-control'] ?? '').not.toMatch(/no-store/);
  });
});
