import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type TestApp } from './helpers/app';

describe('app boots on a fresh database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers health with the database up', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('registers a user who can read their profile', async () => {
    const u = await registerUser(t);
    const res = await t.request({ method: 'GET', url: '/users/current/', headers: bearer(u.access) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: u.email, role: 'CLIENT', is_staff: false });
  });
});
