import { createHmac } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { EntityManager } from '@mikro-orm/core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Clock } from '../src/common/clock';
import { AuthSession } from '../src/modules/auth/auth-session.entity';
import { User } from '../src/modules/users/user.entity';
import { REFRESH_REUSE_GRACE_SECONDS } from '../src/modules/auth/tokens.service';
import { bearer, createTestApp, login, registerUser, type Registered, type TestApp } from './helpers/app';

// SECURITY rows 5–12.
const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const parts = (token: string): [Record<string, unknown>, Record<string, unknown>, string] => {
  const [h, p, s] = token.split('.');
  return [
    JSON.parse(Buffer.from(h ?? '', 'base64url').toString()) as Record<string, unknown>,
    JSON.parse(Buffer.from(p ?? '', 'base64url').toString()) as Record<string, unknown>,
    s ?? '',
  ];
};

describe('tokens', () => {
  let t: TestApp;
  let clock: Clock;
  beforeAll(async () => {
    t = await createTestApp();
    clock = t.app.get(Clock);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const me = (access: string) =>
    t.request({ method: 'GET', url: '/users/current/', headers: bearer(access) });
  const refresh = (token: string) =>
    t.request({ method: 'POST', url: '/auth/refresh/', payload: { refresh: token } });
  const at = (ms: number) => vi.spyOn(clock, 'now').mockImplementation(() => new Date(ms));

  it('row 5: secrets are 256-bit, separate, stored mode 600', () => {
    expect(Buffer.from(t.config.jwt.access, 'base64url').length).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(t.config.jwt.refresh, 'base64url').length).toBeGreaterThanOrEqual(32);
    expect(t.config.jwt.access).not.toBe(t.config.jwt.refresh);
    expect(statSync(join(t.dataDir, 'jwt-secret.json')).mode & 0o777).toBe(0o600);
  });

  it('row 5: alg none, another alg, altered payload or signature → 401 (100 %)', async () => {
    const u = await registerUser(t);
    expect((await me(u.access)).statusCode).toBe(200);
    const [header, payload, signature] = parts(u.access);
    expect(header.alg).toBe('HS256');
    const forged: string[] = [
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`,
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.${signature}`,
      // HS512 with the right secret is still refused: the algorithm is pinned.
      (() => {
        const h = b64({ alg: 'HS512', typ: 'JWT' });
        const p = b64(payload);
        return `${h}.${p}.${createHmac('sha512', t.config.jwt.access).update(`${h}.${p}`).digest('base64url')}`;
      })(),
      // Signed with the refresh secret.
      (() => {
        const h = b64(header);
        const p = b64(payload);
        return `${h}.${p}.${createHmac('sha256', t.config.jwt.refresh).update(`${h}.${p}`).digest('base64url')}`;
      })(),
      `${b64(header)}.${b64({ ...payload, sub: '00000000-0000-4000-8000-000000000000' })}.${signature}`,
      `${b64(header)}.${b64({ ...payload, exp: Number(payload.exp) + 3600 })}.${signature}`,
      `${b64(header)}.${b64(payload)}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      `${b64(header)}.${b64(payload)}.`,
      'not-a-token',
      '',
    ];
    for (const token of forged) {
      const res = await t.request({
        method: 'GET',
        url: '/users/current/',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, token).toBe(401);
    }
    // ... and a valid token still works afterwards.
    expect((await me(u.access)).statusCode).toBe(200);
  });

  it('row 6: a refresh token as Bearer → 401; an access token to /auth/refresh/ → 401', async () => {
    const u = await registerUser(t);
    expect(parts(u.refresh)[1].typ).toBe('refresh');
    expect((await me(u.refresh)).statusCode).toBe(401);
    expect((await refresh(u.access)).statusCode).toBe(401);
  });

  it('row 6: access token expired by 1 s → 401 (injected clock); 1 s before → 200', async () => {
    const u = await registerUser(t);
    const exp = Number(parts(u.access)[1].exp) * 1000;
    at(exp - 1000);
    expect((await me(u.access)).statusCode).toBe(200);
    at(exp + 1000);
    expect((await me(u.access)).statusCode).toBe(401);
  });

  it('row 7: a chain of 4 rotations works, each giving a new refresh token', async () => {
    const u = await registerUser(t);
    const seen = new Set([u.refresh]);
    let current = u.refresh;
    for (let i = 0; i < 4; i++) {
      const res = await refresh(current);
      expect(res.statusCode).toBe(200);
      const body = res.json<{ access: string; refresh: string }>();
      expect(seen.has(body.refresh)).toBe(false);
      seen.add(body.refresh);
      expect((await me(body.access)).statusCode).toBe(200);
      current = body.refresh;
    }
  });

  it('row 8: replaying a rotated token revokes the whole family, and the revocation is stored', async () => {
    const u = await registerUser(t);
    const chain = [u.refresh];
    for (let i = 0; i < 3; i++)
      chain.push((await refresh(chain[i] ?? '')).json<{ refresh: string }>().refresh);
    const latestAccess = (await refresh(chain[3] ?? '')).json<{ access: string; refresh: string }>();
    // Past the grace period, #1 comes back: theft.
    at(Date.now() + (REFRESH_REUSE_GRACE_SECONDS + 5) * 1000);
    expect((await refresh(chain[0] ?? '')).statusCode).toBe(401);
    for (const token of [...chain, latestAccess.refresh]) expect((await refresh(token)).statusCode).toBe(401);
    expect((await me(latestAccess.access)).statusCode).toBe(401);
    // Stored, not just refused in memory: a fresh app instance on the same database agrees.
    const em = t.app.get(EntityManager).fork();
    const sessions = await em.find(AuthSession, { user: u.user.id });
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.revokedAt).not.toBeNull();
    expect(sessions[0]?.revokeReason).toBe('refresh_reuse');
    // A separate login is not affected.
    const other = await login(t, u.email, u.password);
    expect((await me(other.access)).statusCode).toBe(200);
  });

  it('row 9: 20 parallel refreshes of one token get the same new token, and the family stays valid', async () => {
    const u = await registerUser(t);
    const results = await Promise.all(Array.from({ length: 20 }, () => refresh(u.refresh)));
    expect(results.map((r) => r.statusCode)).toEqual(Array<number>(20).fill(200));
    const tokens = new Set(results.map((r) => r.json<{ refresh: string }>().refresh));
    expect(tokens.size).toBe(1);
    const [next] = [...tokens];
    const res = await refresh(next ?? '');
    expect(res.statusCode).toBe(200);
    expect((await me(res.json<{ access: string }>().access)).statusCode).toBe(200);
  });

  it('row 10: refresh has a hard maximum of 1 day (30 days with remember): 1 s past → 401', async () => {
    const plain = await registerUser(t);
    const remembered = await registerUser(t, { remember: true });
    const plainExp = Number(parts(plain.refresh)[1].exp);
    const rememberExp = Number(parts(remembered.refresh)[1].exp);
    const now = Date.now() / 1000;
    expect(plainExp - now).toBeGreaterThan(86_400 - 60);
    expect(plainExp - now).toBeLessThanOrEqual(86_400);
    expect(rememberExp - now).toBeGreaterThan(30 * 86_400 - 60);
    expect(rememberExp - now).toBeLessThanOrEqual(30 * 86_400);

    // Rotation does not extend the maximum.
    at(Date.now() + 3600_000);
    const rotated = (await refresh(plain.refresh)).json<{ refresh: string }>().refresh;
    expect(Number(parts(rotated)[1].exp)).toBe(plainExp);
    at(plainExp * 1000 - 1000);
    const lastGood = await refresh(rotated);
    expect(lastGood.statusCode).toBe(200);
    at(plainExp * 1000 + 1000);
    expect((await refresh(lastGood.json<{ refresh: string }>().refresh)).statusCode).toBe(401);
    at(rememberExp * 1000 + 1000);
    expect((await refresh(remembered.refresh)).statusCode).toBe(401);
  });

  it('row 11: after logout both refresh and access → 401', async () => {
    const u = await registerUser(t);
    const res = await t.request({ method: 'POST', url: '/auth/logout/', payload: { refresh: u.refresh } });
    expect(res.statusCode).toBe(204);
    expect((await refresh(u.refresh)).statusCode).toBe(401);
    expect((await me(u.access)).statusCode).toBe(401);
  });

  it('row 11: deactivation and erasure end every session', async () => {
    const u = await registerUser(t);
    const second = await login(t, u.email, u.password);
    const em = t.app.get(EntityManager).fork();
    await em.nativeUpdate(User, { id: u.user.id }, { isActive: false });
    expect((await me(u.access)).statusCode).toBe(401);
    expect((await refresh(second.refresh)).statusCode).toBe(401);

    const v: Registered = await registerUser(t);
    const erase = await t.request({
      method: 'DELETE',
      url: '/users/current/',
      payload: { password: v.password },
      headers: bearer(v.access),
    });
    expect(erase.statusCode).toBe(204);
    expect((await me(v.access)).statusCode).toBe(401);
    expect((await refresh(v.refresh)).statusCode).toBe(401);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/auth/login/',
          payload: { username: v.email, password: v.password },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('parallel logins of one account all succeed, each with its own session', async () => {
    const u = await registerUser(t);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.request({
          method: 'POST',
          url: '/auth/login/',
          payload: { username: u.email, password: u.password },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array<number>(10).fill(200));
    const refreshTokens = new Set(results.map((r) => r.json<{ refresh: string }>().refresh));
    expect(refreshTokens.size).toBe(10);
  });

  it('verify answers valid for a live token and 401 otherwise', async () => {
    const u = await registerUser(t);
    const ok = await t.request({ method: 'POST', url: '/auth/verify/', payload: { token: u.access } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ valid: true });
    expect(
      (await t.request({ method: 'POST', url: '/auth/verify/', payload: { token: 'x.y.z' } })).statusCode,
    ).toBe(401);
    await t.request({ method: 'POST', url: '/auth/logout/', payload: { refresh: u.refresh } });
    expect(
      (await t.request({ method: 'POST', url: '/auth/verify/', payload: { token: u.access } })).statusCode,
    ).toBe(401);
  });
});
