import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  findSecretsInLog,
  login,
  registerUser,
  TEST_ADMIN_PASSWORD,
  type TestApp,
} from './helpers/app';
import { mailBody, waitForMail } from './helpers/mail';

// SECURITY row 21: after a run through every auth flow at trace level, the log file holds no
// test password, no token and nothing that looks like a JWT.
describe('no secrets in logs', () => {
  it('the per-file scan done by createTestApp().close() recognises leaks', () => {
    expect(findSecretsInLog('{"msg":"ok","url":"/users/current/"}')).toEqual([]);
    expect(findSecretsInLog('{"token":"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig"}')).toEqual([
      'a JWT (eyJ…)',
    ]);
    expect(findSecretsInLog(`{"password":"${TEST_ADMIN_PASSWORD}"}`)).toHaveLength(1);
  });

  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ logLevel: 'trace' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('scan of the test-run log → 0 hits', async () => {
    const secrets: string[] = [TEST_ADMIN_PASSWORD];
    const u = await registerUser(t, { password: 'Log-scan-secret-passphrase-1' });
    secrets.push(u.password, u.access, u.refresh);
    await t.request({
      method: 'POST',
      url: '/auth/login/',
      payload: { username: u.email, password: 'Log-scan-wrong-passphrase-2' },
    });
    secrets.push('Log-scan-wrong-passphrase-2');
    const pair = await login(t, u.email, u.password);
    secrets.push(pair.access, pair.refresh);
    const rotated = (
      await t.request({ method: 'POST', url: '/auth/refresh/', payload: { refresh: pair.refresh } })
    ).json<{ access: string; refresh: string }>();
    secrets.push(rotated.access, rotated.refresh);
    await t.request({ method: 'POST', url: '/auth/verify/', payload: { token: rotated.access } });
    await t.request({
      method: 'GET',
      url: `/users/current/?token=${rotated.access}&access=${rotated.access}`,
      headers: bearer(rotated.access),
    });
    // Validation failures echo nothing back into the log either.
    await t.request({
      method: 'POST',
      url: '/auth/register/',
      payload: { email: 'bad', password: 'Log-scan-invalid-passphrase-3' },
      remoteAddress: '10.90.0.1',
    });
    secrets.push('Log-scan-invalid-passphrase-3');
    await t.request({
      method: 'POST',
      url: '/auth/password-reset/',
      payload: { email: u.email },
      remoteAddress: '10.90.0.2',
    });
    const mail = mailBody(await waitForMail(t.dataDir, u.email));
    const [, uid, token] = /password-reset-confirm\/([0-9a-f-]{36})\/([A-Za-z0-9_-]+)/.exec(mail) ?? [];
    expect(token).toBeDefined();
    secrets.push(token ?? 'missing');
    await t.request({
      method: 'GET',
      url: `/password-reset-confirm/${uid}/${token}`,
      headers: { accept: 'text/html' },
    });
    await t.request({
      method: 'POST',
      url: '/auth/password-reset/confirm/',
      payload: { uid, token, new_password: 'Log-scan-new-passphrase-4' },
    });
    secrets.push('Log-scan-new-passphrase-4');
    const fresh = await login(t, u.email, 'Log-scan-new-passphrase-4');
    secrets.push(fresh.access, fresh.refresh);
    await t.request({
      method: 'POST',
      url: '/auth/password-change/',
      payload: {
        current_password: 'Log-scan-new-passphrase-4',
        new_password: 'Log-scan-changed-passphrase-5',
      },
      headers: bearer(fresh.access),
    });
    secrets.push('Log-scan-changed-passphrase-5');
    await t.request({ method: 'POST', url: '/auth/logout/', payload: { refresh: fresh.refresh } });

    const log = t.readLog();
    expect(log.length).toBeGreaterThan(1000); // the run really was logged
    expect(log).toContain('/auth/login');
    const hits = secrets.filter((s) => log.includes(s));
    expect(hits).toEqual([]);
    expect(log.match(/eyJ/g) ?? []).toEqual([]);
    expect(log).not.toMatch(/\$argon2id\$/);
  });
});
