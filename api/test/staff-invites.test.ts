import { MikroORM } from '@mikro-orm/core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Clock } from '../src/common/clock';
import { ActivityLog } from '../src/modules/activity-logs/activity-log.entity';
import { PasswordResetToken } from '../src/modules/auth/password-reset-token.entity';
import { INVITE_INVALID, INVITE_TTL_MS } from '../src/modules/auth/staff-invite.service';
import { User } from '../src/modules/users/user.entity';
import { setRole } from './fixtures/domain';
import {
  bearer,
  createSecondApp,
  createTestApp,
  login,
  registerUser,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  type ApiBody,
  type TestApp,
} from './helpers/app';
import { mailBody, readOutbox } from './helpers/mail';

// Issue 29 §6: staff invited by e-mail, role changes confirmed and audited, never no administrator.
describe('staff invitations and role changes (issue 29 §6)', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://reclaim.example' });
    admin = bearer((await login(t, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD)).access);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  let n = 0;
  const address = () => `invitee${++n}-${Date.now()}@example.test`;
  const invite = (email: string, role = 'STAFF', headers = admin) =>
    t.request({ method: 'POST', url: '/admin/users/invite/', headers, payload: { email, role } });
  const accept = (payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/auth/invite/accept/', payload });
  /** The links of every invitation e-mailed to `email`, oldest first. */
  const linksTo = async (email: string, count = 1): Promise<{ uid: string; token: string }[]> => {
    const pattern = /https:\/\/reclaim\.example\/accept-invite\/([0-9a-f-]{36})\/([A-Za-z0-9_-]+)/;
    for (let waited = 0; ; waited += 25) {
      const links = readOutbox(t.dataDir)
        .filter((m) => m.toLowerCase().includes(`to: ${email}`))
        .map((m) => pattern.exec(mailBody(m)))
        .filter((m): m is RegExpExecArray => m !== null)
        .map((m) => ({ uid: m[1]!, token: m[2]! }));
      if (links.length >= count) return links;
      if (waited > 30_000) throw new Error(`fewer than ${count} invitations to ${email}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  it('admin invites; the link sets the password once; the staff member signs in', async () => {
    const email = address();
    const res = await invite(email);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ email, role: 'STAFF', is_active: false, invite_pending: true });
    const [link] = await linksTo(email);
    // Only the token's hash is stored.
    const em = t.app.get(MikroORM).em.fork();
    const rows = await em.find(PasswordResetToken, { user: link!.uid });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(link!.token);
    // Not a way in before the password is set.
    const early = await t.request({
      method: 'POST',
      url: '/auth/login/',
      payload: { username: email, password: '!invited' },
    });
    expect(early.statusCode).toBe(401);

    const weak = await accept({ ...link, new_password: 'Passw0rd!' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json<ApiBody>().errors?.[0]?.field).toBe('new_password');
    const password = 'Invited-staff-passphrase-29';
    const ok = await accept({ ...link, new_password: password });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ email });
    const again = await accept({ ...link, new_password: 'Another-passphrase-29x' });
    expect(again.statusCode).toBe(400);
    expect(again.json<ApiBody>().detail).toBe(INVITE_INVALID);

    const me = await t.request({
      method: 'GET',
      url: '/users/current/',
      headers: bearer((await login(t, email, password)).access),
    });
    expect(me.json()).toMatchObject({ role: 'STAFF', is_staff: true, is_active: true });
    expect(await em.count(ActivityLog, { action: 'staff_invited', targetId: link!.uid })).toBe(1);
    expect(await em.count(ActivityLog, { action: 'staff_invite_accepted', targetId: link!.uid })).toBe(1);
    // An accepted account is an account: inviting it again is a 409.
    expect((await invite(email)).statusCode).toBe(409);
  });

  it('only an administrator invites; bad roles and addresses are 400; existing accounts 409', async () => {
    const staff = await registerUser(t);
    await setRole(t, staff.user.id, 'STAFF');
    expect((await invite(address(), 'STAFF', bearer(staff.access))).statusCode).toBe(403);
    expect((await invite(address(), 'CLIENT')).statusCode).toBe(400);
    expect((await invite('not-an-address')).statusCode).toBe(400);
    const client = await registerUser(t);
    const taken = await invite(client.email.toUpperCase());
    expect(taken.statusCode).toBe(409);
    expect(taken.json<ApiBody>().errors?.[0]?.field).toBe('email');
  });

  it('a re-invite ends the old link; an expired link is refused; a pending invite cannot be reactivated', async () => {
    const email = address();
    expect((await invite(email)).statusCode).toBe(201);
    const [first] = await linksTo(email);
    const resent = await invite(email, 'ADMIN');
    expect(resent.statusCode).toBe(201);
    expect(resent.json()).toMatchObject({ role: 'ADMIN', invite_pending: true });
    const links = await linksTo(email, 2);
    const second = links[1]!;
    expect(second.token).not.toBe(first!.token);
    expect((await accept({ ...first, new_password: 'Invited-staff-passphrase-29' })).statusCode).toBe(400);

    const reactivate = await t.request({
      method: 'PATCH',
      url: `/admin/users/${second.uid}/`,
      headers: admin,
      payload: { is_active: true },
    });
    expect(reactivate.statusCode).toBe(409);

    const clock = t.app.get(Clock);
    vi.spyOn(clock, 'now').mockImplementation(() => new Date(Date.now() + INVITE_TTL_MS + 1000));
    const late = await accept({ ...second, new_password: 'Invited-staff-passphrase-29' });
    expect(late.statusCode).toBe(400);
    expect(late.json<ApiBody>().detail).toBe(INVITE_INVALID);
    vi.restoreAllMocks();
    const uid = second.uid;
    expect(
      (await accept({ uid, token: 'x'.repeat(43), new_password: 'Invited-staff-passphrase-29' })).statusCode,
    ).toBe(400);
    expect((await accept({ uid: 'nope', token: second.token, new_password: 'x' })).statusCode).toBe(400);
    // A password reset link cannot be asked for a pending invitation.
    const reset = await t.request({ method: 'POST', url: '/auth/password-reset/', payload: { email } });
    expect(reset.statusCode).toBe(202);
    const em = t.app.get(MikroORM).em.fork();
    expect(await em.count(PasswordResetToken, { user: uid, usedAt: null })).toBe(1);
  });

  it('a role change needs confirmation and is audited (who, whom, from, to, when)', async () => {
    const target = await registerUser(t);
    const patch = (payload: Record<string, unknown>) =>
      t.request({ method: 'PATCH', url: `/admin/users/${target.user.id}/`, headers: admin, payload });
    const unconfirmed = await patch({ role: 'STAFF' });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json<ApiBody>().errors?.[0]?.field).toBe('confirm_role_change');
    expect((await patch({ role: 'STAFF', confirm_role_change: 'yes' })).statusCode).toBe(400);
    const done = await patch({ role: 'STAFF', confirm_role_change: true });
    expect(done.statusCode).toBe(200);
    const em = t.app.get(MikroORM).em.fork();
    const admins = await em.find(User, { email: TEST_ADMIN_EMAIL });
    const rows = await em.find(ActivityLog, { action: 'role_change', targetId: target.user.id });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.user?.id).toBe(admins[0]!.id);
    expect(rows[0]!.detail).toMatchObject({ from: 'CLIENT', to: 'STAFF', email: target.email });
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('two administrators demoting each other at once leave one administrator', async () => {
    // On PostgreSQL the requests go to two app instances on one database (separate pools).
    // Without the lock on the administrators' rows both answered 200 in round 0 (no admin left).
    const other = t.driver === 'postgresql' ? await createSecondApp(t) : t;
    try {
      const rounds = t.driver === 'postgresql' ? 10 : 3;
      for (let round = 0; round < rounds; round++) {
        const a = await registerUser(t);
        const b = await registerUser(t);
        await setRole(t, a.user.id, 'ADMIN');
        await setRole(t, b.user.id, 'ADMIN');
        // Only a and b are administrators for the round.
        const em = t.app.get(MikroORM).em.fork();
        await em.nativeUpdate(
          User,
          { role: 'ADMIN', id: { $nin: [a.user.id, b.user.id] } },
          { role: 'STAFF' },
        );
        const [ra, rb] = await Promise.all([
          t.request({
            method: 'PATCH',
            url: `/admin/users/${b.user.id}/`,
            headers: bearer(a.access),
            payload: { role: 'STAFF', confirm_role_change: true },
          }),
          other.request({
            method: 'PATCH',
            url: `/admin/users/${a.user.id}/`,
            headers: bearer(b.access),
            payload: { role: 'STAFF', confirm_role_change: true },
          }),
        ]);
        const statuses = [ra.statusCode, rb.statusCode].sort();
        expect(statuses[0], `${ra.body} ${rb.body}`).toBe(200);
        expect(statuses[1]).toBeGreaterThanOrEqual(400);
        expect(statuses[1]).toBeLessThan(500);
        expect(await em.fork().count(User, { role: 'ADMIN', isActive: true })).toBe(1);
        await em.nativeUpdate(User, { email: TEST_ADMIN_EMAIL }, { role: 'ADMIN' });
      }
    } finally {
      if (other !== t) await other.close();
    }
  });
});
