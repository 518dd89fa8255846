import { EntityManager } from '@mikro-orm/core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Clock } from '../src/common/clock';
import { ActivityLog } from '../src/modules/activity-logs/activity-log.entity';
import { EmailChangeUndoToken } from '../src/modules/auth/email-change-undo-token.entity';
import { EMAIL_UNDO_TTL_MS } from '../src/modules/auth/email-change.service';
import { LOGIN_THROTTLE } from '../src/modules/auth/login-throttle';
import { User } from '../src/modules/users/user.entity';
import {
  bearer,
  createTestApp,
  login,
  registerUser,
  type ApiBody,
  type Registered,
  type TestApp,
} from './helpers/app';
import { mailBody, readOutbox, waitForMail } from './helpers/mail';

// SECURITY row 30 (issue 10): an access token alone cannot move the account to another address;
// the old address is told, with a single-use 7-day link that puts it back; other sessions end.
describe('account safety: e-mail and password changes (row 30)', () => {
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

  let n = 0;
  const fresh = () => `moved-${++n}-${Date.now()}@example.test`;
  const patch = (access: string, payload: Record<string, unknown>) =>
    t.request({ method: 'PATCH', url: '/users/current/', headers: bearer(access), payload });
  const me = (access: string) =>
    t.request({ method: 'GET', url: '/users/current/', headers: bearer(access) });
  const refresh = (token: string) =>
    t.request({ method: 'POST', url: '/auth/refresh/', payload: { refresh: token } });
  const undo = (token: string) =>
    t.request({ method: 'POST', url: '/auth/email-change/undo/', payload: { token } });
  const undoLinkIn = async (to: string, changedTo: string): Promise<string> => {
    const mail = mailBody(await waitForMail(t.dataDir, to));
    expect(mail).toContain(changedTo);
    const match = /https:\/\/reclaim\.example\/account\/undo-email\?token=([A-Za-z0-9_-]+)/.exec(mail);
    if (!match?.[1]) throw new Error(`no undo link in:\n${mail}`);
    return match[1];
  };
  const storedEmail = async (u: Registered) =>
    (await t.app.get(EntityManager).fork().findOneOrFail(User, { id: u.user.id })).email;

  it('row 30: changing the e-mail with a bare access token → 400 on current_password; a wrong one too; nothing changes', async () => {
    const u = await registerUser(t);
    const bare = await patch(u.access, { email: fresh() });
    expect(bare.statusCode).toBe(400);
    expect(bare.json<ApiBody>().errors).toEqual([
      { field: 'current_password', message: 'Enter your current password to change your e-mail address' },
    ]);
    const wrong = await patch(u.access, { email: fresh(), current_password: 'not-the-password-at-all' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ApiBody>().errors).toEqual([
      { field: 'current_password', message: 'Current password is incorrect' },
    ]);
    // Refused as a whole: the other fields in the same request are not saved either.
    const mixed = await patch(u.access, { email: fresh(), display_name: 'Should not stick' });
    expect(mixed.statusCode).toBe(400);
    expect(await storedEmail(u)).toBe(u.email);
    expect((await me(u.access)).json<ApiBody>().display_name).not.toBe('Should not stick');
    // The same address (any case) and other fields need no password.
    expect((await patch(u.access, { email: u.email.toUpperCase(), display_name: 'Kept' })).statusCode).toBe(
      200,
    );
  });

  it('row 30: with the current password the address changes, other sessions end, this one stays, and the old address gets an undo link', async () => {
    const u = await registerUser(t);
    const other = await login(t, u.email, u.password);
    const next = fresh();
    const res = await patch(u.access, { email: next, current_password: u.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ApiBody>().email).toBe(next);
    // The other session: refresh and access → 401. This session keeps working.
    expect((await refresh(other.refresh)).statusCode).toBe(401);
    expect((await me(other.access)).statusCode).toBe(401);
    expect((await me(u.access)).statusCode).toBe(200);
    expect((await refresh(u.refresh)).statusCode).toBe(200);
    // The mail goes to the OLD address, names the new one and carries the undo link.
    const token = await undoLinkIn(u.email, next);
    expect(token.length).toBeGreaterThan(30);
    expect(readOutbox(t.dataDir).some((m) => m.toLowerCase().includes(`to: ${next}`))).toBe(false);
    // Only the token's hash is stored.
    const rows = await t.app.get(EntityManager).fork().find(EmailChangeUndoToken, { user: u.user.id });
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    const logs = await t.app.get(EntityManager).fork().find(ActivityLog, { user: u.user.id });
    expect(logs.map((l) => l.action)).toContain('email_change');
  });

  it('row 30: the undo link restores the old address, ends every session, voids later undo links, and works once', async () => {
    const u = await registerUser(t);
    const attackerAddress = fresh();
    expect((await patch(u.access, { email: attackerAddress, current_password: u.password })).statusCode).toBe(
      200,
    );
    const ownerToken = await undoLinkIn(u.email, attackerAddress);
    // A second change: its undo link goes to the address set by the first one.
    const third = fresh();
    expect((await patch(u.access, { email: third, current_password: u.password })).statusCode).toBe(200);
    const laterToken = await undoLinkIn(attackerAddress, third);

    const res = await undo(ownerToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ApiBody>().email).toBe(u.email);
    expect(await storedEmail(u)).toBe(u.email);
    // Every session, the one that made the change included, is over.
    expect((await me(u.access)).statusCode).toBe(401);
    expect((await refresh(u.refresh)).statusCode).toBe(401);
    // Single use, and the later link (held by whoever made the change) no longer works.
    for (const token of [ownerToken, laterToken]) {
      const again = await undo(token);
      expect(again.statusCode).toBe(400);
      expect(again.json<ApiBody>().detail).toBe(
        'This link is invalid, has expired or has already been used.',
      );
    }
    expect(await storedEmail(u)).toBe(u.email);
    await expect(login(t, u.email, u.password)).resolves.toHaveProperty('access');
    const logs = await t.app.get(EntityManager).fork().find(ActivityLog, { user: u.user.id });
    expect(logs.map((l) => l.action)).toContain('email_change_undone');
  });

  it('row 30: an undo link expires after 7 days; a made-up token → 400', async () => {
    const u = await registerUser(t);
    const next = fresh();
    expect((await patch(u.access, { email: next, current_password: u.password })).statusCode).toBe(200);
    const token = await undoLinkIn(u.email, next);
    const clock = t.app.get(Clock);
    vi.spyOn(clock, 'now').mockImplementation(() => new Date(Date.now() + EMAIL_UNDO_TTL_MS + 1000));
    expect((await undo(token)).statusCode).toBe(400);
    vi.restoreAllMocks();
    expect((await undo('x'.repeat(43))).statusCode).toBe(400);
    expect(await storedEmail(u)).toBe(next);
    // Within the 7 days the same link still works (the expired try did not use it up).
    expect((await undo(token)).statusCode).toBe(200);
    expect(await storedEmail(u)).toBe(u.email);
  });

  it('row 12: a reset link sent before an e-mail change stops working', async () => {
    const u = await registerUser(t);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/auth/password-reset/',
          payload: { email: u.email },
          remoteAddress: '10.61.0.1',
        })
      ).statusCode,
    ).toBe(202);
    const mail = mailBody(await waitForMail(t.dataDir, u.email));
    const match = /password-reset-confirm\/([0-9a-f-]{36})\/([A-Za-z0-9_-]+)/.exec(mail);
    expect(match).not.toBeNull();
    expect((await patch(u.access, { email: fresh(), current_password: u.password })).statusCode).toBe(200);
    const confirm = await t.request({
      method: 'POST',
      url: '/auth/password-reset/confirm/',
      payload: { uid: match![1], token: match![2], new_password: 'after-change-passphrase' },
    });
    expect(confirm.statusCode).toBe(400);
  });

  it('row 30: a password change tells the account address; other sessions end, the answering one goes on', async () => {
    const u = await registerUser(t);
    const other = await login(t, u.email, u.password);
    const res = await t.request({
      method: 'POST',
      url: '/auth/password-change/',
      headers: bearer(u.access),
      payload: { current_password: u.password, new_password: 'a-brand-new-passphrase-30' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const pair = res.json<{ access: string; refresh: string }>();
    expect((await refresh(other.refresh)).statusCode).toBe(401);
    expect((await me(pair.access)).statusCode).toBe(200);
    const mail = mailBody(await waitForMail(t.dataDir, u.email));
    expect(mail).toContain('Your Reclaim password was changed');
    expect(mail).not.toContain('a-brand-new-passphrase-30');
  });
});

// A stolen access token must not become a way to guess the password: wrong current passwords on
// the e-mail change, the password change and erasure count as failed sign-ins of the account
// (LoginThrottle: free failures, then growing waits), and the right one is refused during a wait.
describe('current password checks are throttled like sign-ins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('after the free failures, a wrong or right current password answers 429 with Retry-After', async () => {
    const u = await registerUser(t);
    const attempt = (current_password: string) =>
      t.request({
        method: 'POST',
        url: '/auth/password-change/',
        headers: bearer(u.access),
        payload: { current_password, new_password: 'A-brand-new-passphrase-42' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_THROTTLE.accountAddress.free; i++)
      statuses.push((await attempt(`wrong-guess-${i}`)).statusCode);
    expect(statuses.every((s) => s === 400)).toBe(true);
    const during = await attempt(u.password);
    expect(during.statusCode).toBe(429);
    expect(Number(during.headers['retry-after'])).toBeGreaterThan(0);
    const erase = await t.request({
      method: 'DELETE',
      url: '/users/current/',
      headers: bearer(u.access),
      payload: { password: u.password },
    });
    expect(erase.statusCode).toBe(429);
    // Nothing changed, and the owner elsewhere is not locked out: a sign-in from another address
    // with the password works.
    const elsewhere = await login(t, u.email, u.password, { remoteAddress: '203.0.113.9' });
    expect(elsewhere.access).toEqual(expect.any(String));
  });
});
