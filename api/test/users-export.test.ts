import { EntityManager } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActivityLog } from '../src/modules/activity-logs/activity-log.entity';
import { ExportRegistry } from '../src/modules/users/export-registry';
import { User } from '../src/modules/users/user.entity';
import { bearer, createTestApp, login, registerUser, type TestApp } from './helpers/app';

interface ExportDocument {
  format: string;
  user: Record<string, unknown>;
  sessions: { refresh_tokens: unknown[] }[];
  password_reset_requests: unknown[];
  activity_logs: { action: string }[];
  [section: string]: unknown;
}

// SECURITY row 26 (export) and the erasure endpoint's core part.
describe('UK GDPR export and erasure', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('row 26: the export holds the account, sessions, reset requests, activity and every registered section', async () => {
    const u = await registerUser(t);
    await login(t, u.email, u.password);
    await t.request({
      method: 'POST',
      url: '/auth/password-reset/',
      payload: { email: u.email },
      remoteAddress: '10.80.0.1',
    });
    await t.request({
      method: 'PATCH',
      url: '/users/current/',
      payload: { display_name: 'Export Me' },
      headers: bearer(u.access),
    });

    const res = await t.request({ method: 'GET', url: '/users/current/export/', headers: bearer(u.access) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="reclaim-export-[0-9a-f-]+\.json"$/,
    );
    const doc = res.json<ExportDocument>();
    expect(doc).toMatchObject({
      format: 'reclaim-user-export',
      user: { id: u.user.id, email: u.email, display_name: 'Export Me' },
    });
    expect(doc.sessions).toHaveLength(2);
    expect(doc.sessions[0]?.refresh_tokens.length).toBeGreaterThanOrEqual(1);
    expect(doc.password_reset_requests).toHaveLength(1);
    const actions = doc.activity_logs.map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining(['register', 'login', 'password_reset_requested', 'profile_update']),
    );
    // Every section a module registered appears.
    for (const section of t.app.get(ExportRegistry).list())
      expect(doc, section.name).toHaveProperty(section.name);
    // Every table with a user_id column that the core owns is represented; no secrets.
    expect(res.body).not.toMatch(/argon2|token_hash|tokenHash|password_hash|eyJ/);
    // Only the caller's data.
    const other = await registerUser(t);
    expect(res.body).not.toContain(other.email);
  });

  it('export counts match the database rows linked to the user', async () => {
    const u = await registerUser(t);
    const res = await t.request({ method: 'GET', url: '/users/current/export/', headers: bearer(u.access) });
    const em = t.app.get(EntityManager).fork();
    const logs = await em.count(ActivityLog, { user: u.user.id });
    // The export itself is logged after it is assembled.
    expect(res.json<ExportDocument>().activity_logs).toHaveLength(logs - 1);
  });

  it('erasure needs the password, then blanks personal fields and keeps the row for held records', async () => {
    const u = await registerUser(t);
    const wrong = await t.request({
      method: 'DELETE',
      url: '/users/current/',
      payload: { password: 'not-the-password' },
      headers: bearer(u.access),
    });
    expect(wrong.statusCode).toBe(400);
    const res = await t.request({
      method: 'DELETE',
      url: '/users/current/',
      payload: { password: u.password },
      headers: bearer(u.access),
    });
    expect(res.statusCode).toBe(204);
    const em = t.app.get(EntityManager).fork();
    const user = await em.findOneOrFail(User, { id: u.user.id });
    expect(user).toMatchObject({ isActive: false, displayName: '', avatar: null });
    expect(user.email).not.toContain(u.email.split('@')[0]);
    expect(user.erasedAt).not.toBeNull();
    const logs = await em.find(ActivityLog, { user: u.user.id });
    expect(logs.every((l) => l.ip === null && l.userAgent === null)).toBe(true);
    expect(logs.some((l) => l.action === 'account_erased')).toBe(true);
    // The e-mail address is free again.
    await expect(registerUser(t, { email: u.email })).resolves.toHaveProperty('access');
  });
});
