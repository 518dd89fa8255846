import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EntityManager } from '@mikro-orm/core';
import { Clock } from '../src/common/clock';
import { ActivityLog } from '../src/modules/activity-logs/activity-log.entity';
import { AuthService } from '../src/modules/auth/auth.service';
import { PASSWORD_TOO_GUESSABLE } from '../src/modules/auth/password-policy';
import { PasswordResetToken } from '../src/modules/auth/password-reset-token.entity';
import { bearer, createTestApp, login, registerUser, type TestApp } from './helpers/app';
import type { ApiBody } from './helpers/app';
import { mailBody, readOutbox, waitForMail } from './helpers/mail';

// SECURITY rows 4 (reset part) and 12; the e-mail is read back from DATA_DIR/mail/.
describe('password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://reclaim.example' });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const requestReset = (email: string, remoteAddress = '10.60.0.1') =>
    t.request({ method: 'POST', url: '/auth/password-reset/', payload: { email }, remoteAddress });
  const confirm = (payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/auth/password-reset/confirm/', payload });
  const linkIn = async (email: string): Promise<{ uid: string; token: string }> => {
    const mail = mailBody(await waitForMail(t.dataDir, email));
    const match =
      /https:\/\/reclaim\.example\/password-reset-confirm\/([0-9a-f-]{36})\/([A-Za-z0-9_-]+)/.exec(mail);
    if (!match?.[1] || !match[2]) throw new Error(`no reset link in:\n${mail}`);
    return { uid: match[1], token: match[2] };
  };

  it('row 2 / issue 25 §3: Passw0rd!, Summer2024! and reclaim123 are refused on register, reset and change with a clear message', async () => {
    const weak = ['Passw0rd!', 'Summer2024!', 'reclaim123'];
    const message = PASSWORD_TOO_GUESSABLE;
    for (const password of weak) {
      const res = await t.request({
        method: 'POST',
        url: '/auth/register/',
        payload: { email: `weak-${Math.random().toString(36).slice(2)}@example.test`, password },
        remoteAddress: '10.61.0.1',
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json<ApiBody>().errors).toEqual([{ field: 'password', message }]);
    }
    // The person's own words count too: their name and address are guessed first.
    const named = await t.request({
      method: 'POST',
      url: '/auth/register/',
      payload: {
        email: 'margaret.oakley@example.test',
        password: 'MargaretOakley1',
        display_name: 'Margaret Oakley',
      },
      remoteAddress: '10.61.0.1',
    });
    expect(named.statusCode).toBe(400);
    expect(named.json<ApiBody>().errors).toEqual([{ field: 'password', message }]);

    const u = await registerUser(t);
    expect((await requestReset(u.email, '10.61.0.2')).statusCode).toBe(202);
    const { uid, token } = await linkIn(u.email);
    for (const new_password of weak) {
      const res = await confirm({ uid, token, new_password });
      expect(res.statusCode, new_password).toBe(400);
      expect(res.json<ApiBody>().errors).toEqual([{ field: 'new_password', message }]);
      const change = await t.request({
        method: 'POST',
        url: '/auth/password-change/',
        payload: { current_password: u.password, new_password },
        headers: bearer(u.access),
      });
      expect(change.statusCode, new_password).toBe(400);
      expect(change.json<ApiBody>().errors).toEqual([{ field: 'new_password', message }]);
    }
    // The link was not used up by the refusals; a strong password goes through.
    expect((await confirm({ uid, token, new_password: 'Quiet-lantern-meadow-41' })).statusCode).toBe(200);
    await expect(login(t, u.email, 'Quiet-lantern-meadow-41')).resolves.toHaveProperty('access');
  });

  it('row 4: same status and body for a known and an unknown e-mail; only the known one gets mail', async () => {
    const u = await registerUser(t);
    const known = await requestReset(u.email);
    const unknown = await requestReset('nobody-here@example.test');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    const strip = (body: Record<string, unknown>) => ({ ...body, requestId: undefined });
    expect(strip(known.json<ApiBody>())).toEqual(strip(unknown.json<ApiBody>()));
    await waitForMail(t.dataDir, u.email);
    expect(readOutbox(t.dataDir).some((m) => m.includes('nobody-here@example.test'))).toBe(false);
  });

  it('row 4: a known and an unknown address do the same work: one token made and hashed, one activity row committed', async () => {
    const u = await registerUser(t);
    const auth = t.app.get(AuthService);
    const made = vi.spyOn(auth, 'newResetToken');
    const em = () => t.app.get(EntityManager).fork();
    const rows = () => em().count(ActivityLog, { action: 'password_reset_requested' });
    const before = await rows();

    expect((await requestReset(u.email, '10.60.1.1')).statusCode).toBe(202);
    expect(made).toHaveBeenCalledTimes(1);
    expect(await rows()).toBe(before + 1);

    expect((await requestReset('nobody-at-all@example.test', '10.60.1.2')).statusCode).toBe(202);
    expect(made).toHaveBeenCalledTimes(2);
    expect(await rows()).toBe(before + 2);
    const unknownRow = await em().findOneOrFail(
      ActivityLog,
      { action: 'password_reset_requested', user: null },
      { orderBy: { createdAt: 'desc' } },
    );
    expect(unknownRow.detail).toEqual({ email: 'nobody-at-all@example.test', reason: 'unknown_email' });
    // Only the known address gets a token row (and so a mail).
    expect(await em().count(PasswordResetToken, { user: u.user.id })).toBe(1);
  });

  it('row 12: the e-mailed link resets the password once, revokes all sessions, and cannot be reused', async () => {
    const u = await registerUser(t);
    const other = await login(t, u.email, u.password);
    expect((await requestReset(u.email, '10.60.0.2')).statusCode).toBe(202);
    const { uid, token } = await linkIn(u.email);
    expect(uid).toBe(u.user.id);

    const ok = await confirm({ uid, token, new_password: 'reset-to-this-passphrase' });
    expect(ok.statusCode).toBe(200);
    // Old refresh tokens and access tokens of every session → 401.
    for (const refresh of [u.refresh, other.refresh]) {
      expect(
        (await t.request({ method: 'POST', url: '/auth/refresh/', payload: { refresh } })).statusCode,
      ).toBe(401);
    }
    expect(
      (await t.request({ method: 'GET', url: '/users/current/', headers: bearer(other.access) })).statusCode,
    ).toBe(401);
    // Used once: the second use → 400.
    const again = await confirm({ uid, token, new_password: 'and-once-more-passphrase' });
    expect(again.statusCode).toBe(400);
    expect(again.json<ApiBody>().detail).toMatch(/invalid or has expired/);
    await expect(login(t, u.email, 'reset-to-this-passphrase')).resolves.toHaveProperty('access');
    // Row 23: both the request and the reset are in the activity log.
    const logs = await t.app.get(EntityManager).fork().find(ActivityLog, { user: u.user.id });
    expect(logs.map((l) => l.action)).toEqual(
      expect.arrayContaining(['password_reset_requested', 'password_reset']),
    );
  });

  it('row 12: a link older than 1 hour → 400; a wrong uid or token → 400; weak new password → 400', async () => {
    const u = await registerUser(t);
    expect((await requestReset(u.email, '10.60.0.3')).statusCode).toBe(202);
    const { uid, token } = await linkIn(u.email);
    expect(
      (
        await confirm({
          uid: '00000000-0000-4000-8000-000000000000',
          token,
          new_password: 'some-long-passphrase',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await confirm({
          uid,
          token: token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'),
          new_password: 'some-long-passphrase',
        })
      ).statusCode,
    ).toBe(400);
    const weak = await confirm({ uid, token, new_password: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json<ApiBody>().errors?.[0]?.field).toBe('new_password');
    const clock = t.app.get(Clock);
    vi.spyOn(clock, 'now').mockImplementation(() => new Date(Date.now() + 60 * 60 * 1000 + 1000));
    expect((await confirm({ uid, token, new_password: 'some-long-passphrase' })).statusCode).toBe(400);
    vi.restoreAllMocks();
    // The weak attempt and the expired attempt did not consume it.
    expect((await confirm({ uid, token, new_password: 'some-long-passphrase' })).statusCode).toBe(200);
  });

  it('parallel confirms of one link: exactly one succeeds', async () => {
    const u = await registerUser(t);
    expect((await requestReset(u.email, '10.60.0.4')).statusCode).toBe(202);
    const { uid, token } = await linkIn(u.email);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => confirm({ uid, token, new_password: `parallel-passphrase-${i}` })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(7);
  });

  it('rate limits reset requests per account (429), with the same answer for unknown accounts', async () => {
    const statuses: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await requestReset('limit-me@example.test', `10.61.0.${i}`)).statusCode);
      unknown.push((await requestReset('limit-other@example.test', `10.62.0.${i}`)).statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
    expect(unknown).toEqual(statuses);
  });
});
