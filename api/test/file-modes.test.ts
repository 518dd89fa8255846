import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase } from '../src/database/backup';
import { multipart, pdfBytes } from './fixtures/domain';
import { bearer, createTestApp, registerUser, type TestApp } from './helpers/app';
import { waitForMail } from './helpers/mail';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const modeOf = (path: string): string => (statSync(path).mode & 0o777).toString(8);

// Issue 10: database and secret files are created with mode 600 whatever the umask. The test runs
// under umask 000, where anything created without an explicit mode would be world-readable.
describe('files in a fresh DATA_DIR are private (mode 600) under any umask', () => {
  let t: TestApp;
  let previousUmask: number;
  beforeAll(async () => {
    previousUmask = process.umask(0o000);
    t = await createTestApp({ publicUrl: 'https://reclaim.example' });
  });
  afterAll(async () => {
    process.umask(previousUmask);
    await t?.close();
  });

  it.skipIf(onPostgres)('the SQLite database and its -wal and -shm files are mode 600', () => {
    const path = t.config.database.sqlitePath;
    expect(modeOf(path)).toBe('600');
    expect(modeOf(`${path}-wal`)).toBe('600');
    expect(modeOf(`${path}-shm`)).toBe('600');
  });

  it('DATA_DIR/jwt-secret.json is mode 600', () => {
    expect(modeOf(join(t.dataDir, 'jwt-secret.json'))).toBe('600');
  });

  it('row 20: an uploaded file is mode 600 in a mode-700 directory', async () => {
    const u = await registerUser(t);
    const body = multipart({ name: 'statement.pdf', content: pdfBytes() });
    const res = await t.request({
      method: 'POST',
      url: '/api/documents/',
      headers: { ...bearer(u.access), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const dir = t.config.dataPath('uploads');
    expect(modeOf(dir)).toBe('700');
    const files = readdirSync(dir);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(modeOf(join(dir, file))).toBe('600');
  });

  it('an e-mail in the outbox (it may hold a reset link) is mode 600', async () => {
    const u = await registerUser(t);
    await t.request({ method: 'POST', url: '/auth/password-reset/', payload: { email: u.email } });
    await waitForMail(t.dataDir, u.email);
    const dir = t.config.dataPath('mail');
    for (const file of readdirSync(dir)) expect(modeOf(join(dir, file))).toBe('600');
  });

  it.skipIf(onPostgres)('row 28: a SQLite backup is mode 600', async () => {
    const file = await backupDatabase(t.config, new Date('2026-11-21T12:00:00Z'));
    expect(modeOf(file)).toBe('600');
  });
});
