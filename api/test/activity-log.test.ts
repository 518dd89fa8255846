import { EntityManager } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../src/common/clock';
import { ActivityLog } from '../src/modules/activity-logs/activity-log.entity';
import { bearer, createTestApp, login, registerUser, type TestApp } from './helpers/app';

// SECURITY row 23: security events leave an activity-log row with who, when and what.
describe('activity log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const rows = async (where: Record<string, unknown>) => {
    const em = t.app.get(EntityManager).fork();
    return em.find(ActivityLog, where, { orderBy: { createdAt: 'asc' }, populate: ['user'] });
  };

  it('records register, login, failed login, logout, refresh reuse, profile change and password change', async () => {
    const u = await registerUser(t);
    const reg = await rows({ user: u.user.id, action: 'register' });
    expect(reg).toHaveLength(1);
    expect(reg[0]?.ip).toMatch(/^10\.9\./);

    const before = Date.now();
    await t.request({
      method: 'POST',
      url: '/auth/login/',
      payload: { username: u.email, password: 'not-my-password' },
      headers: { 'user-agent': 'vitest-agent' },
    });
    const failed = await rows({ user: u.user.id, action: 'login_failed' });
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      targetType: 'user',
      targetId: u.user.id,
      userAgent: 'vitest-agent',
      ip: '127.0.0.1',
    });
    expect(failed[0]?.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(JSON.stringify(failed[0]?.detail)).not.toContain('not-my-password');
    await t.request({
      method: 'POST',
      url: '/auth/login/',
      payload: { username: 'unknown-person@example.test', password: 'whatever-pass' },
    });
    const unknown = await rows({ action: 'login_failed', user: null });
    expect(
      unknown.some((r) => (r.detail as { email?: string } | null)?.email === 'unknown-person@example.test'),
    ).toBe(true);

    // registerUser signed in once after registering (the answer has no tokens); this is the second.
    const session = await login(t, u.email, u.password);
    expect(await rows({ user: u.user.id, action: 'login' })).toHaveLength(2);

    await t.request({
      method: 'PATCH',
      url: '/users/current/',
      payload: { display_name: 'Changed' },
      headers: bearer(session.access),
    });
    const profile = await rows({ user: u.user.id, action: 'profile_update' });
    expect(profile[0]?.detail).toEqual({ fields: ['display_name'] });

    const rotated = (
      await t.request({ method: 'POST', url: '/auth/refresh/', payload: { refresh: session.refresh } })
    ).json<{ refresh: string }>();
    expect(rotated.refresh).toBeDefined();
    const clock = t.app.get(Clock);
    const realNow = clock.now.bind(clock);
    clock.now = () => new Date(realNow().getTime() + 60_000);
    try {
      expect(
        (await t.request({ method: 'POST', url: '/auth/refresh/', payload: { refresh: session.refresh } }))
          .statusCode,
      ).toBe(401);
    } finally {
      clock.now = realNow;
    }
    expect(await rows({ user: u.user.id, action: 'refresh_reuse' })).toHaveLength(1);

    await t.request({ method: 'POST', url: '/auth/logout/', payload: { refresh: u.refresh } });
    expect(await rows({ user: u.user.id, action: 'logout' })).toHaveLength(1);

    const again = await login(t, u.email, u.password);
    await t.request({
      method: 'POST',
      url: '/auth/password-change/',
      payload: { current_password: u.password, new_password: 'changed-passphrase-1' },
      headers: bearer(again.access),
    });
    expect(await rows({ user: u.user.id, action: 'password_change' })).toHaveLength(1);
  });

  it('records 403s with the route', async () => {
    // A STAFF-only route exists in the admin module; this app-level check uses any @Roles route found in OpenAPI.
    const doc = (await t.request({ method: 'GET', url: '/api/docs-json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const adminPath = Object.keys(doc.paths).find(
      (p) => p.startsWith('/admin/') && !p.includes('{') && doc.paths[p]?.get,
    );
    expect(adminPath, 'an admin GET route without parameters').toBeDefined();
    const u = await registerUser(t);
    const res = await t.request({ method: 'GET', url: `${adminPath}/`, headers: bearer(u.access) });
    expect(res.statusCode).toBe(403);
    const forbidden = await rows({ user: u.user.id, action: 'forbidden' });
    expect(forbidden).toHaveLength(1);
    expect(forbidden[0]?.detail).toMatchObject({ method: 'GET', path: `${adminPath}/` });
  });
});
