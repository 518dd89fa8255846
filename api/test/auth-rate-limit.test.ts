import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from './helpers/app';
import type { ApiBody } from './helpers/app';

// SECURITY rows 3 and 4 (login part).
describe('login rate limits and account enumeration', () => {
  let t: TestApp;
  beforeAll(async () => {
    // 10.0.0.1 is the only trusted proxy: X-Forwarded-For counts only when it comes through it.
    t = await createTestApp({ trustedProxies: ['10.0.0.1'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  const attempt = (
    username: string,
    password: string,
    remoteAddress: string,
    headers: Record<string, string> = {},
  ) =>
    t.request({
      method: 'POST',
      url: '/auth/login/',
      payload: { username, password },
      remoteAddress,
      headers,
    });

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

  it('row 3: the 11th failure for one account in 15 min → 429, even with forged X-Forwarded-For and changing IPs', async () => {
    const u = await registerUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      // An untrusted client forging X-Forwarded-For, and hopping addresses.
      const res = await attempt(u.email, `wrong-${i}-password`, `198.51.100.${i + 1}`, {
        'x-forwarded-for': `203.0.113.${i + 1}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array<number>(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // While limited, even the right password is refused (the limit is not an oracle).
    expect((await attempt(u.email, u.password, '198.51.100.99')).statusCode).toBe(429);
    // The same happens for an unknown e-mail: no difference between existing and missing accounts.
    const ghost: number[] = [];
    for (let i = 0; i < 11; i++)
      ghost.push(
        (await attempt('ghost@example.test', `wrong-${i}-password`, `198.51.101.${i + 1}`)).statusCode,
      );
    expect(ghost).toEqual([...Array<number>(10).fill(401), 429]);
  });

  it('row 3: per-IP limit uses the real client address, and X-Forwarded-For only from the trusted proxy', async () => {
    const direct = '192.0.2.77';
    // 100 failures spread over many accounts from one address, each with a forged header.
    for (let i = 0; i < 100; i++) {
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
    // Through the trusted proxy, the forwarded address is the client: another client is not blocked.
    expect(
      (
        await attempt('spray-final@example.test', 'wrong-password-x', '10.0.0.1', {
          'x-forwarded-for': '192.0.2.200',
        })
      ).statusCode,
    ).toBe(401);
    // Through the trusted proxy with the blocked client's address: blocked.
    expect(
      (
        await attempt('spray-final2@example.test', 'wrong-password-x', '10.0.0.1', {
          'x-forwarded-for': direct,
        })
      ).statusCode,
    ).toBe(429);
  });

  it('a successful login is allowed after fewer than 10 failures and clears the account counter', async () => {
    const u = await registerUser(t);
    for (let i = 0; i < 9; i++)
      expect((await attempt(u.email, 'nope-nope-nope', `192.0.2.${100 + i}`)).statusCode).toBe(401);
    expect((await attempt(u.email, u.password, '192.0.2.120')).statusCode).toBe(200);
    for (let i = 0; i < 10; i++)
      expect((await attempt(u.email, 'nope-nope-nope', `192.0.2.${130 + i}`)).statusCode).toBe(401);
    expect((await attempt(u.email, 'nope-nope-nope', '192.0.2.150')).statusCode).toBe(429);
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
});
