import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backupDatabase,
  databaseChecksums,
  liveDatabase,
  restoreDatabase,
  type DatabaseTarget,
} from '../src/database/backup';
import { createTemporaryPostgresDatabase, type TemporaryDatabase } from '../src/database/temp-database';
import { readTestDatabaseUrl } from '../src/config/config';
import { createCast, sdltAnswers } from './fixtures/domain';
import { createTestApp, type TestApp } from './helpers/app';

// SECURITY row 28: the restore drill. Back up the running app's database, restore the backup
// into a new database, and compare every table's row count and checksum.
describe('backups restore (row 28)', () => {
  let t: TestApp;
  let restoredDb: TemporaryDatabase | null = null;
  beforeAll(async () => {
    t = await createTestApp();
    const cast = await createCast(t);
    const saved = await t.request({
      method: 'POST',
      url: '/api/assessment/save/',
      headers: cast.clientA.headers,
      payload: { service_type: 'sdlt_refund', answers: sdltAnswers(), current_step: 0 },
    });
    await t.request({
      method: 'POST',
      url: '/api/assessment/submit/',
      headers: cast.clientA.headers,
      payload: { assessment_id: saved.json<{ id: string }>().id },
    });
  });
  afterAll(async () => {
    await restoredDb?.drop();
    await t?.close();
  });

  it('backup → restore into a new database: the same tables, row counts and checksums', async () => {
    const file = await backupDatabase(t.config, new Date('2026-11-21T12:00:00Z'));
    expect(file.startsWith(join(t.dataDir, 'backups'))).toBe(true);
    expect(existsSync(file)).toBe(true);

    let target: DatabaseTarget;
    if (t.driver === 'sqlite') {
      target = { driver: 'sqlite', path: join(t.dataDir, 'restored', 'reclaim.sqlite') };
    } else {
      restoredDb = await createTemporaryPostgresDatabase(readTestDatabaseUrl()!, 'reclaim_restore');
      target = { driver: 'postgresql', url: restoredDb.url };
    }
    await restoreDatabase(file, target);

    const live = await databaseChecksums(liveDatabase(t.config));
    const restored = await databaseChecksums(target);
    expect(Object.keys(restored)).toEqual(Object.keys(live));
    expect(restored).toEqual(live);
    // The drill covers real data, not empty tables.
    for (const table of ['users', 'assessment', 'claim', 'activity_logs', 'mikro_orm_migrations']) {
      expect(live[table]?.rows, table).toBeGreaterThan(0);
    }

    // The comparison notices a change: one more row in the live database.
    await t.request({
      method: 'POST',
      url: '/contact/',
      payload: {
        name: 'After',
        email: 'after@example.test',
        subject: 'Later',
        message: 'Written after the backup',
      },
    });
    const after = await databaseChecksums(liveDatabase(t.config));
    expect(after.contact_message?.rows).toBe((restored.contact_message?.rows ?? 0) + 1);
    expect(after.contact_message?.sha256).not.toBe(restored.contact_message?.sha256);
  });

  it.skipIf(readTestDatabaseUrl() !== null)('never restores over an existing SQLite file', async () => {
    const file = await backupDatabase(t.config, new Date('2026-11-21T12:30:00Z'));
    await expect(
      restoreDatabase(file, { driver: 'sqlite', path: t.config.database.sqlitePath }),
    ).rejects.toThrow(/exists/);
  });
});
