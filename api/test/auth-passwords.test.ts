import { EntityManager } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTER_ACCEPTED } from '../src/modules/auth/auth.service';
import { User } from '../src/modules/users/user.entity';
import { mailBody, readOutbox, waitForMail } from './helpers/mail';
import {
  bearer,
  createTestApp,
  login,
  registerUser,
  type TestApp,
  containing,
  notMatching,
} from './helpers/app';
import type { ApiBody } from './helpers/app';

// SECURITY rows 1, 2 and 15.
describe('passwords and profile fields', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const storedHash = async (email: string): Promise<string> => {
    const em = t.app.get(EntityManager).fork();
    const user = await em.findOneOrFail(User, { email });
    return user.passwordHash;
  };

  it('row 1: stores argon2id with m ≥ 19456 KiB, t ≥ 2, p = 1', async () => {
    const u = await registerUser(t);
    const hash = await storedHash(u.email);
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(hash);
    expect(match).not.toBeNull();
    expect(Number(match?.[1])).toBeGreaterThanOrEqual(19_456);
    expect(Number(match?.[2])).toBeGreaterThanOrEqual(2);
    expect(Number(match?.[3])).toBe(1);
    expect(hash).not.toContain(u.password);
  });

  it('row 2: 64- and 128-character passwords work, and are not truncated', async () => {
    for (const length of [64, 128]) {
      const password = ('Tr0ub4dor&3-' + 'x'.repeat(length)).slice(0, length);
      expect(password).toHaveLength(length);
      const u = await registerUser(t, { password });
      await expect(login(t, u.email, password)).resolves.toHaveProperty('access');
      // Same first 63 / 127 characters with a different last one must fail: nothing is cut off.
      const altered = password.slice(0, -1) + (password.endsWith('y') ? 'z' : 'y');
      const res = await t.request({
        method: 'POST',
        url: '/auth/login/',
        payload: { username: u.email, password: altered },
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it('row 2: rejects short and common passwords with a field message, accepts 8 characters', async () => {
    for (const password of ['password', '12345678', 'Password1', 'qwerty123', 'short7!']) {
      const res = await t.request({
        method: 'POST',
        url: '/auth/register/',
        payload: { email: `weak-${Math.random().toString(36).slice(2)}@example.test`, password },
        remoteAddress: '10.50.0.1',
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json<ApiBody>().errors).toEqual([containing({ field: 'password' })]);
    }
    // No composition rules: eight random lower-case letters are fine.
    await expect(registerUser(t, { password: 'vkqzmpwt' })).resolves.toHaveProperty('access');
  });

  it('row 15: PATCH /users/current/ with role or is_staff → 400 and the role is unchanged', async () => {
    const u = await registerUser(t);
    for (const payload of [
      { role: 'ADMIN' },
      { is_staff: true },
      { display_name: 'ok', role: 'STAFF' },
      { is_active: false },
      { password_hash: 'x' },
    ]) {
      const res = await t.request({
        method: 'PATCH',
        url: '/users/current/',
        payload,
        headers: bearer(u.access),
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<ApiBody>().errors?.length).toBeGreaterThan(0);
    }
    const me = await t.request({ method: 'GET', url: '/users/current/', headers: bearer(u.access) });
    expect(me.json()).toMatchObject({ role: 'CLIENT', is_staff: false, display_name: notMatching(/^ok$/) });
  });

  it('row 15: profile fields update; responses carry no hash, token or version fields', async () => {
    const u = await registerUser(t);
    const res = await t.request({
      method: 'PATCH',
      url: '/users/current/',
      payload: {
        display_name: 'Ada Lovelace',
        username: 'ada',
        notification_preferences: { email_news: true },
      },
      headers: bearer(u.access),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<ApiBody>();
    expect(body).toMatchObject({
      display_name: 'Ada Lovelace',
      username: 'ada',
      notification_preferences: { email_news: true, email_messages: true },
    });
    expect(Object.keys(body).sort()).toEqual(
      [
        'avatar',
        'date_joined',
        'display_name',
        'email',
        'id',
        'is_active',
        'is_staff',
        'last_login',
        'notification_preferences',
        'role',
        'username',
      ].sort(),
    );
    expect(res.body).not.toMatch(/argon2|password|hash|version/i);
    // Register response too.
    const reg = await t.request({
      method: 'POST',
      url: '/auth/register/',
      payload: { email: 'fresh-user@example.test', password: 'a-long-fresh-passphrase' },
      remoteAddress: '10.51.0.1',
    });
    expect(reg.statusCode).toBe(201);
    expect(Object.keys(reg.json()).sort()).toEqual(['detail']);
    expect(reg.body).not.toMatch(/argon2|password|hash/i);
  });

  it('issue 25 §3 / row 4: registering an existing address (any case) answers as for a new one; the owner is told by e-mail; e-mails stored lower-cased', async () => {
    const u = await registerUser(t, { email: 'Mixed.Case@Example.test' });
    expect(u.user.email).toBe('mixed.case@example.test');
    const again = await t.request({
      method: 'POST',
      url: '/auth/register/',
      payload: { email: 'MIXED.case@example.TEST', password: 'another-long-passphrase' },
      remoteAddress: '10.52.0.1',
    });
    const fresh = await t.request({
      method: 'POST',
      url: '/auth/register/',
      payload: { email: 'never-seen-before@example.test', password: 'another-long-passphrase' },
      remoteAddress: '10.52.0.1',
    });
    expect(again.statusCode).toBe(201);
    expect(fresh.statusCode).toBe(201);
    const strip = (body: ApiBody) => ({ ...body, requestId: undefined });
    expect(strip(again.json<ApiBody>())).toEqual(strip(fresh.json<ApiBody>()));
    expect(again.json<ApiBody>().detail).toBe(REGISTER_ACCEPTED);
    expect(again.headers['content-type']).toBe(fresh.headers['content-type']);
    // The existing account is unchanged: its own password works, the one sent with the attempt does not.
    await expect(login(t, 'MIXED.CASE@example.test', u.password)).resolves.toHaveProperty('refresh');
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/auth/login/',
          payload: { username: 'mixed.case@example.test', password: 'another-long-passphrase' },
          remoteAddress: '10.52.0.2',
        })
      ).statusCode,
    ).toBe(401);
    // The new one signs in with its password.
    await expect(
      login(t, 'never-seen-before@example.test', 'another-long-passphrase'),
    ).resolves.toHaveProperty('access');
    // The owner is told by e-mail; the new address gets none.
    const notice = mailBody(await waitForMail(t.dataDir, 'mixed.case@example.test'));
    expect(notice).toMatch(/Someone tried to create a new Reclaim account with this e-mail address/);
    expect(notice).toContain('/password-reset');
    expect(readOutbox(t.dataDir).some((m) => m.includes('never-seen-before@example.test'))).toBe(false);
  });

  it('parallel registrations of one new address: all answer alike, exactly one account', async () => {
    const email = `parallel-${Date.now()}@example.test`;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.request({
          method: 'POST',
          url: '/auth/register/',
          payload: { email, password: 'parallel-passphrase-one' },
          remoteAddress: `10.53.0.${i + 1}`,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array<number>(6).fill(201));
    const em = t.app.get(EntityManager).fork();
    expect(await em.count(User, { email })).toBe(1);
  });

  it('password change needs the current password, revokes other sessions and answers a new pair', async () => {
    const u = await registerUser(t);
    const other = await login(t, u.email, u.password);
    const wrong = await t.request({
      method: 'POST',
      url: '/auth/password-change/',
      payload: { current_password: 'not-the-password', new_password: 'brand-new-passphrase' },
      headers: bearer(u.access),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ApiBody>().errors?.[0]?.field).toBe('current_password');

    const res = await t.request({
      method: 'POST',
      url: '/auth/password-change/',
      payload: { current_password: u.password, new_password: 'brand-new-passphrase' },
      headers: bearer(u.access),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ access: string; refresh: string; detail: string }>();
    expect(body.detail).toMatch(/changed/);
    // Old sessions are gone, the new pair works.
    expect(
      (await t.request({ method: 'GET', url: '/users/current/', headers: bearer(other.access) })).statusCode,
    ).toBe(401);
    expect(
      (await t.request({ method: 'POST', url: '/auth/refresh/', payload: { refresh: u.refresh } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.request({ method: 'GET', url: '/users/current/', headers: bearer(body.access) })).statusCode,
    ).toBe(200);
    await expect(login(t, u.email, 'brand-new-passphrase')).resolves.toHaveProperty('access');
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/auth/login/',
          payload: { username: u.email, password: u.password },
        })
      ).statusCode,
    ).toBe(401);
  });
});
