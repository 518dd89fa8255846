import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readTestRedisUrl } from '../src/config/config';
import { DEVICE_COOKIE } from '../src/modules/auth/device-cookie';
import {
  LOGIN_LINK_INVALID,
  LOGIN_LINK_SENT,
  LOGIN_LINK_TTL_SECONDS,
} from '../src/modules/auth/login-link.service';
import { createSecondApp, createTestApp, registerUser, type ApiBody, type TestApp } from './helpers/app';
import { mailBody, readOutbox, waitForMail } from './helpers/mail';

// Issue 25 §3 (SECURITY rows 3, 4 and 31): the owner always gets in under a distributed guessing
// attack: a known device is never throttled by guesses from elsewhere, and a new device gets in by
// an e-mailed one-time link, while the attacker stays throttled.
describe('the owner can always sign in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://reclaim.example' });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const login = (username: string, password: string, remoteAddress: string, cookie?: string) =>
    t.request({
      method: 'POST',
      url: '/auth/login/',
      payload: { username, password },
      remoteAddress,
      headers: cookie ? { cookie } : {},
    });

  /** "reclaim_device=…" from a Set-Cookie answer, as a browser would send it back. */
  const deviceCookieOf = (res: { headers: Record<string, unknown> }): string => {
    const raw = res.headers['set-cookie'];
    const line = (Array.isArray(raw) ? raw : [raw]).find(
      (c): c is string => typeof c === 'string' && c.startsWith(`${DEVICE_COOKIE}=`),
    );
    if (!line) throw new Error('no device cookie set');
    return line.split(';')[0]!;
  };

  const linkFor = async (email: string, since: number): Promise<{ uid: string; token: string }> => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const mails = readOutbox(t.dataDir)
        .slice(since)
        .map(mailBody)
        .filter((m) => m.toLowerCase().includes(`to: ${email}`) && m.includes('/login-link/'));
      const match = /https:\/\/reclaim\.example\/login-link\/([0-9a-f-]{36})\/([A-Za-z0-9_-]+)/.exec(
        mails.at(-1) ?? '',
      );
      if (match?.[1] && match[2]) return { uid: match[1], token: match[2] };
      if (Date.now() > deadline) throw new Error(`no sign-in link mailed to ${email}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  const askLink = (email: string, remoteAddress: string) =>
    t.request({ method: 'POST', url: '/auth/login-link/', payload: { email }, remoteAddress });
  const useLink = (payload: Record<string, unknown>, remoteAddress: string, cookie?: string) =>
    t.request({
      method: 'POST',
      url: '/auth/login-link/confirm/',
      payload,
      remoteAddress,
      headers: cookie ? { cookie } : {},
    });

  it('a successful sign-in sets a signed device cookie: HttpOnly, SameSite=Strict, Secure, only for /auth', async () => {
    const u = await registerUser(t);
    const res = await login(u.email, u.password, '192.0.2.200');
    expect(res.statusCode).toBe(200);
    const raw = String(([] as unknown[]).concat(res.headers['set-cookie'])[0]);
    expect(raw).toMatch(new RegExp(`^${DEVICE_COOKIE}=[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43};`));
    expect(raw).toMatch(/; HttpOnly/i);
    expect(raw).toMatch(/; SameSite=Strict/i);
    expect(raw).toMatch(/; Secure/i);
    expect(raw).toMatch(/; Path=\/auth(;|$)/);
    // A failed attempt sets nothing.
    const failed = await login(u.email, 'not-the-right-one', '192.0.2.200');
    expect(failed.statusCode).toBe(401);
    expect(failed.headers['set-cookie']).toBeUndefined();
  });

  it('distributed guessing: the attacker stays throttled; the known device, and a new device by e-mailed link, get in', async () => {
    const u = await registerUser(t);
    const home = await login(u.email, u.password, '192.0.2.77');
    expect(home.statusCode).toBe(200);
    const homeDevice = deviceCookieOf(home);

    // 30 guesses from 30 addresses, no cookie (as a botnet would send them).
    const attacker: number[] = [];
    for (let i = 0; i < 30; i++)
      attacker.push((await login(u.email, `guess-${i}-password`, `203.0.113.${i + 1}`)).statusCode);
    expect(attacker.slice(0, 20)).toEqual(Array<number>(20).fill(401));
    expect(attacker.slice(-5)).toEqual(Array<number>(5).fill(429));
    // A further address, even with the right password, is slowed down (the attacker's next guess).
    expect((await login(u.email, u.password, '203.0.113.200')).statusCode).toBe(429);

    // The owner's known device gets in at once, from its usual address or a new one (travelling).
    expect((await login(u.email, u.password, '198.51.100.240', homeDevice)).statusCode).toBe(200);
    expect((await login(u.email, u.password, '192.0.2.77', homeDevice)).statusCode).toBe(200);
    // A forged or altered cookie is no known device.
    const forged = homeDevice.slice(0, -2) + (homeDevice.endsWith('AA') ? 'BB' : 'AA');
    expect((await login(u.email, u.password, '198.51.100.241', forged)).statusCode).toBe(429);

    // A new device (a new phone on a new network) is throttled, then asks for a sign-in link.
    const phoneIp = '198.51.100.50';
    expect((await login(u.email, u.password, phoneIp)).statusCode).toBe(429);
    const before = readOutbox(t.dataDir).length;
    const asked = await askLink(u.email, phoneIp);
    expect(asked.statusCode).toBe(202);
    expect(asked.json<ApiBody>().detail).toBe(LOGIN_LINK_SENT);
    const link = await linkFor(u.email, before);
    expect(link.uid).toBe(u.user.id);
    const used = await useLink(link, phoneIp);
    expect(used.statusCode).toBe(200);
    const tokens = used.json<{ access: string; refresh: string }>();
    const me = await t.request({
      method: 'GET',
      url: '/users/current/',
      headers: { authorization: `Bearer ${tokens.access}` },
    });
    expect(me.json<{ email: string }>().email).toBe(u.email);
    // That phone is now a known device: its password sign-in works despite the attack.
    const phoneDevice = deviceCookieOf(used);
    expect((await login(u.email, u.password, phoneIp, phoneDevice)).statusCode).toBe(200);
    // The link works once.
    const again = await useLink(link, phoneIp);
    expect(again.statusCode).toBe(400);
    expect(again.json<ApiBody>().detail).toBe(LOGIN_LINK_INVALID);

    // The attacker is still throttled, from old and new addresses alike; the owner's sign-ins
    // did not clear the account's slow-down for unknown devices.
    expect((await login(u.email, 'guess-after-owner', '203.0.113.1')).statusCode).toBe(429);
    expect((await login(u.email, 'guess-after-owner', '203.0.113.201')).statusCode).toBe(429);
    // A device cookie from the attacker's own account is not known for the victim's.
    const own = await registerUser(t);
    const ownDevice = deviceCookieOf(await login(own.email, own.password, '203.0.113.202'));
    expect((await login(u.email, 'guess-with-own-cookie', '203.0.113.202', ownDevice)).statusCode).toBe(429);
  });

  it("a known device's own failures slow down that device only", async () => {
    const u = await registerUser(t);
    const device = deviceCookieOf(await login(u.email, u.password, '192.0.2.90'));
    for (let i = 0; i < 10; i++)
      expect((await login(u.email, `typo-${i}-password`, '192.0.2.90', device)).statusCode).toBe(401);
    const refused = await login(u.email, u.password, '192.0.2.90', device);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');
    // The owner's other device is not affected.
    const other = deviceCookieOf(await login(u.email, u.password, '192.0.2.91'));
    expect((await login(u.email, u.password, '192.0.2.90', other)).statusCode).toBe(200);
  });

  it('row 4: a link is asked for with the same answer for known and unknown e-mails; only the owner gets mail', async () => {
    const u = await registerUser(t);
    const known = await askLink(u.email, '192.0.2.140');
    const unknown = await askLink('nobody-at-all@example.test', '192.0.2.140');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    const strip = (body: ApiBody) => ({ ...body, requestId: undefined });
    expect(strip(unknown.json<ApiBody>())).toEqual(strip(known.json<ApiBody>()));
    await waitForMail(t.dataDir, u.email);
    expect(readOutbox(t.dataDir).some((m) => m.includes('nobody-at-all@example.test'))).toBe(false);
    // Asking is limited per account (3 per 15 minutes), with the same answer for unknown ones.
    expect((await askLink(u.email, '192.0.2.141')).statusCode).toBe(202);
    expect((await askLink(u.email, '192.0.2.142')).statusCode).toBe(202);
    expect((await askLink(u.email, '192.0.2.143')).statusCode).toBe(429);
    for (let i = 0; i < 3; i++) await askLink('nobody-either@example.test', '192.0.2.144');
    expect((await askLink('nobody-either@example.test', '192.0.2.145')).statusCode).toBe(429);
  });

  it('a link expires after 15 minutes; a wrong token or user id is refused; parallel uses: exactly one signs in', async () => {
    const u = await registerUser(t);
    let before = readOutbox(t.dataDir).length;
    expect((await askLink(u.email, '192.0.2.150')).statusCode).toBe(202);
    const link = await linkFor(u.email, before);
    expect((await useLink({ ...link, token: link.token.slice(0, -1) + 'x' }, '192.0.2.150')).statusCode).toBe(
      400,
    );
    const other = await registerUser(t);
    expect((await useLink({ ...link, uid: other.user.id }, '192.0.2.150')).statusCode).toBe(400);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (LOGIN_LINK_TTL_SECONDS + 1) * 1000);
    expect((await useLink(link, '192.0.2.150')).statusCode).toBe(400);
    vi.useRealTimers();

    before = readOutbox(t.dataDir).length;
    expect((await askLink(u.email, '192.0.2.151')).statusCode).toBe(202);
    const fresh = await linkFor(u.email, before);
    const results = await Promise.all(Array.from({ length: 10 }, () => useLink(fresh, '192.0.2.151')));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(9).fill(400)]);
  });
});

const redisUrl = readTestRedisUrl();

// REDIS_URL: known devices and sign-in links live in Redis, shared by every instance.
describe.skipIf(!redisUrl)('the owner can always sign in, with REDIS_URL', () => {
  it('a link asked for on one instance signs in once on another; the device is then known to both', async () => {
    const a = await createTestApp({ redisUrl, publicUrl: 'https://reclaim.example' });
    const b = await createSecondApp(a, { redisUrl, publicUrl: 'https://reclaim.example' });
    try {
      const u = await registerUser(a);
      const ip = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      expect(
        (
          await a.request({
            method: 'POST',
            url: '/auth/login-link/',
            payload: { email: u.email },
            remoteAddress: ip,
          })
        ).statusCode,
      ).toBe(202);
      const mail = mailBody(await waitForMail(a.dataDir, u.email));
      const match = /\/login-link\/([0-9a-f-]{36})\/([A-Za-z0-9_-]+)/.exec(mail);
      expect(match).not.toBeNull();
      const link = { uid: match![1]!, token: match![2]! };
      const use = (app: TestApp) =>
        app.request({ method: 'POST', url: '/auth/login-link/confirm/', payload: link, remoteAddress: ip });
      const used = await use(b);
      expect(used.statusCode).toBe(200);
      expect((await use(a)).statusCode).toBe(400);
      const cookie = String(([] as unknown[]).concat(used.headers['set-cookie'])[0]).split(';')[0]!;
      // Guesses from elsewhere slow the account down for unknown devices, not for this one.
      for (let i = 0; i < 25; i++)
        await (i % 2 ? a : b).request({
          method: 'POST',
          url: '/auth/login/',
          payload: { username: u.email, password: `redis-guess-${i}` },
          remoteAddress: `198.19.${Math.floor(Math.random() * 250)}.${i + 1}`,
        });
      for (const app of [a, b])
        expect(
          (
            await app.request({
              method: 'POST',
              url: '/auth/login/',
              payload: { username: u.email, password: u.password },
              remoteAddress: ip,
              headers: { cookie },
            })
          ).statusCode,
        ).toBe(200);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
