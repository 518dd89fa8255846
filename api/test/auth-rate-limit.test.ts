import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readTestRedisUrl } from '../src/config/config';
import { LOGIN_THROTTLE } from '../src/modules/auth/login-throttle';
import { createSecondApp, createTestApp, registerUser, type TestApp } from './helpers/app';
import type { ApiBody } from './helpers/app';

// SECURITY rows 3, 4 (login part), 31 and the shared-limits part of 32.
describe('login throttling, rate limits and account enumeration', () => {
  let t: TestApp;
  beforeAll(async () => {
    // 10.0.0.1 is the only trusted proxy: X-Forwarded-For counts only when it comes through it.
    t = await createTestApp({ trustedProxies: ['10.0.0.1'] });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const attempt = (
    username: string,
    password: string,
    remoteAddress: string,
    headers: Record<string, string> = {},
    app: TestApp = t,
  ) =>
    app.request({
      method: 'POST',
      url: '/auth/login/',
      payload: { username, password },
      remoteAddress,
      headers,
    });

  /** Moves the clock (Date, which the limit store also reads) forward, frozen there. */
  const advance = (seconds: number) => vi.setSystemTime(new Date(Date.now() + seconds * 1000));

  it('row 4: known and unknown e-mails get the same status and body', async () => {
    const u = await registerUser(t);
    const known = await attempt(u.email, 'wrong-password-here', '192.0.2.10');
    const unknown = await attempt('no-such-user@example.test', 'wrong-password-here', '192.0.2.10');
    expect(known.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    const strip = (body: Record<string, unknown>) => ({ ...body, requestId: undefined });
    expect(strip(known.json<ApiBody>())).toEqual(strip(unknown.json<ApiBody>()));
    expect(known.json<ApiBody>().detail).toBe('Invalid email or password');
  });

  it('row 3: after 10 failures for one account the 11th attempt → 429 with Retry-After; forged X-Forwarded-For does not reset it', async () => {
    const u = await registerUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      // An untrusted client forging a different X-Forwarded-For each time.
      const res = await attempt(u.email, `wrong-${i}-password`, '198.51.100.1', {
        'x-forwarded-for': `203.0.113.${i + 1}`,
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.headers['retry-after']).toBe(String(LOGIN_THROTTLE.firstDelaySeconds));
        expect(res.json<ApiBody>().detail).toBe('Too many attempts. Please try again later.');
      }
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
    // While the wait runs even the right password is refused (the throttle is not an oracle).
    expect((await attempt(u.email, u.password, '198.51.100.1')).statusCode).toBe(429);
    // The same for an unknown e-mail: no difference between existing and missing accounts.
    const ghost: number[] = [];
    for (let i = 0; i < 11; i++)
      ghost.push((await attempt('ghost@example.test', `wrong-${i}-password`, '198.51.101.1')).statusCode);
    expect(ghost).toEqual([...Array<number>(10).fill(401), 429]);
    // A throttled attempt is logged.
    const log = await t.request({
      method: 'GET',
      url: '/admin/activity-logs/?action=login_throttled',
      headers: { authorization: `Bearer ${(await adminToken()).access}` },
    });
    expect(log.statusCode).toBe(200);
    expect(log.json<{ count: number }>().count).toBeGreaterThan(0);
  });

  it('row 31: 10 failures by an attacker do not lock the owner out', async () => {
    const u = await registerUser(t);
    for (let i = 0; i < 10; i++)
      expect((await attempt(u.email, `attacker-guess-${i}`, '198.51.102.66')).statusCode).toBe(401);
    // The attacker keeps trying: refused without the password being checked.
    for (let i = 0; i < 5; i++)
      expect((await attempt(u.email, `attacker-guess-x${i}`, '198.51.102.66')).statusCode).toBe(429);
    // The owner, on their own connection, signs in at once with the right password.
    expect((await attempt(u.email, u.password, '192.0.2.31')).statusCode).toBe(200);
    // Sharing the attacker's address (the same office network), the owner waits the delay, then signs in.
    const shared = await attempt(u.email, u.password, '198.51.102.66');
    expect(shared.statusCode).toBe(429);
    advance(Number(shared.headers['retry-after']));
    expect((await attempt(u.email, u.password, '198.51.102.66')).statusCode).toBe(200);
  });

  it('row 31: each further failure doubles the wait (30 s, 60 s, 120 s …), capped at 15 min', async () => {
    const u = await registerUser(t);
    const ip = '198.51.103.5';
    for (let i = 0; i < 10; i++) expect((await attempt(u.email, `nope-${i}-nope`, ip)).statusCode).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      const refused = await attempt(u.email, 'nope-again-nope', ip);
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      // One second early is still too early.
      advance(wait - 1);
      expect((await attempt(u.email, 'nope-again-nope', ip)).statusCode).toBe(429);
      advance(1);
      expect((await attempt(u.email, 'nope-again-nope', ip)).statusCode).toBe(401);
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900]);
  });

  it('a successful login clears the failures of that account at that address', async () => {
    const u = await registerUser(t);
    const ip = '192.0.2.120';
    for (let i = 0; i < 9; i++) expect((await attempt(u.email, 'nope-nope-nope', ip)).statusCode).toBe(401);
    expect((await attempt(u.email, u.password, ip)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await attempt(u.email, 'nope-nope-nope', ip)).statusCode).toBe(401);
    expect((await attempt(u.email, 'nope-nope-nope', ip)).statusCode).toBe(429);
  });

  it('parallel guesses cannot slip past the free failures: at most one extra attempt is checked', async () => {
    const u = await registerUser(t);
    const ip = '198.51.104.9';
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => attempt(u.email, `burst-${i}-guess`, ip)),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(11);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect((await attempt(u.email, 'after-the-burst', ip)).statusCode).toBe(429);
  });

  it('guessing one account from many addresses: after 20 failures new addresses wait, known ones do not', async () => {
    const u = await registerUser(t);
    // The owner signed in from home before the attack.
    expect((await attempt(u.email, u.password, '192.0.2.200')).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_THROTTLE.account.free; i++)
      expect((await attempt(u.email, `botnet-${i}-guess`, `198.51.105.${i + 1}`)).statusCode).toBe(401);
    const next = await attempt(u.email, 'botnet-next-guess', '198.51.105.99');
    expect(next.statusCode).toBe(429);
    expect(next.headers['retry-after']).toBe('30');
    // A new address waits too, even with the right password …
    const fresh = await attempt(u.email, u.password, '192.0.2.201');
    expect(fresh.statusCode).toBe(429);
    // … but the owner's known address signs in.
    expect((await attempt(u.email, u.password, '192.0.2.200')).statusCode).toBe(200);
    // After the wait, the new address gets its attempt.
    advance(Number(fresh.headers['retry-after']));
    expect((await attempt(u.email, u.password, '192.0.2.201')).statusCode).toBe(200);
  });

  it('row 3: per-address throttling uses the real client address, and X-Forwarded-For only from the trusted proxy', async () => {
    const direct = '192.0.2.77';
    // 100 failures spread over many accounts from one address, each with a forged header.
    for (let i = 0; i < LOGIN_THROTTLE.address.free; i++) {
      const res = await attempt(`spray-${i}@example.test`, 'wrong-password-x', direct, {
        'x-forwarded-for': `203.0.113.${i % 250}`,
      });
      expect(res.statusCode).toBe(401);
    }
    expect(
      (
        await attempt('spray-final@example.test', 'wrong-password-x', direct, {
          'x-forwarded-for': '203.0.113.250',
        })
      ).statusCode,
    ).toBe(429);
    // Through the trusted proxy, the forwarded address is the client: another client is not slowed.
    expect(
      (
        await attempt('spray-final@example.test', 'wrong-password-x', '10.0.0.1', {
          'x-forwarded-for': '192.0.2.200',
        })
      ).statusCode,
    ).toBe(401);
    // Through the trusted proxy with the throttled client's address: throttled.
    expect(
      (
        await attempt('spray-final2@example.test', 'wrong-password-x', '10.0.0.1', {
          'x-forwarded-for': direct,
        })
      ).statusCode,
    ).toBe(429);
  });

  it('rate limits registration per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/auth/register/',
        payload: { email: `bulk-${i}@example.test`, password: `bulk-passphrase-${i}` },
        remoteAddress: '192.0.2.250',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(201), 429]);
  });

  it('row 32: the counts are in the database: a second instance and a restarted one see them', async () => {
    const u = await registerUser(t);
    const ip = '198.51.106.1';
    const second = await createSecondApp(t, { trustedProxies: ['10.0.0.1'], migrate: false });
    try {
      // Five failures on each instance: the 11th attempt is refused by either.
      for (let i = 0; i < 10; i++)
        expect(
          (await attempt(u.email, `split-${i}-guess`, ip, {}, i % 2 === 0 ? t : second)).statusCode,
        ).toBe(401);
      expect((await attempt(u.email, 'split-x-guess', ip, {}, t)).statusCode).toBe(429);
      expect((await attempt(u.email, 'split-y-guess', ip, {}, second)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
    // A restarted instance (a new process on the same database) still refuses.
    const restarted = await createSecondApp(t, { trustedProxies: ['10.0.0.1'], migrate: false });
    try {
      expect((await attempt(u.email, u.password, ip, {}, restarted)).statusCode).toBe(429);
    } finally {
      await restarted.close();
    }
  });

  async function adminToken(): Promise<{ access: string }> {
    const res = await t.request({
      method: 'POST',
      url: '/auth/login/',
      payload: { username: 'admin@reclaim.test', password: 'Admin-pass-for-tests-9d2f' },
      remoteAddress: '127.0.0.9',
    });
    return res.json<{ access: string }>();
  }
});

const redisUrl = readTestRedisUrl();

// REDIS_URL: the same counters in Redis, shared by instances that do not even share a database.
describe.skipIf(!redisUrl)('login throttling with REDIS_URL', () => {
  it('two instances on different databases share the counts through Redis', async () => {
    const a = await createTestApp({ redisUrl });
    const b = await createTestApp({ redisUrl });
    try {
      const u = await registerUser(a);
      // Unique per run: the Redis server outlives the test.
      const ip = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const attempt = (app: TestApp, password: string) =>
        app.request({
          method: 'POST',
          url: '/auth/login/',
          payload: { username: u.email, password },
          remoteAddress: ip,
        });
      for (let i = 0; i < 10; i++)
        expect((await attempt(i % 2 === 0 ? a : b, `redis-${i}-guess`)).statusCode).toBe(401);
      const refused = await attempt(b, 'redis-x-guess');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('30');
      expect((await attempt(a, u.password)).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
