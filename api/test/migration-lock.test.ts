import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MikroORM } from '@mikro-orm/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/bootstrap';
import { readTestDatabaseUrl } from '../src/config/config';
import { postgresqlMigrations } from '../src/database/migrations/postgresql';
import { sqliteMigrations } from '../src/database/migrations/sqlite';
import { createTemporaryPostgresDatabase } from '../src/database/temp-database';
import { DefinitionVersion } from '../src/modules/definitions/definition-version.entity';
import { User } from '../src/modules/users/user.entity';
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from './helpers/app';

// SECURITY row 32: instances starting together on an empty database all come up, and the
// migrations and seed steps ran once.
describe('migrations and seeding under a database lock', () => {
  it('three instances started at once on one empty database all come up; one admin, one of each version', async () => {
    const serverUrl = readTestDatabaseUrl();
    const temp = serverUrl ? await createTemporaryPostgresDatabase(serverUrl, 'reclaim_lock') : null;
    const dataDir = mkdtempSync(join(tmpdir(), 'reclaim-lock-'));
    const apps: NestFastifyApplication[] = [];
    try {
      const started = await Promise.allSettled(
        [0, 1, 2].map(() =>
          createApp({
            dataDir,
            databaseUrl: temp?.url ?? null,
            nodeEnv: 'test',
            logFile: join(dataDir, 'test.log'),
            adminEmail: TEST_ADMIN_EMAIL,
            adminPassword: TEST_ADMIN_PASSWORD,
            webDist: join(dataDir, 'no-web-dist'),
            announce: () => undefined,
          }),
        ),
      );
      for (const s of started) if (s.status === 'fulfilled') apps.push(s.value);
      expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'up'))).toEqual([
        'up',
        'up',
        'up',
      ]);
      for (const app of apps) {
        const health = await app.inject({ method: 'GET', url: '/api/health/' });
        expect(health.statusCode).toBe(200);
      }
      const em = apps[0]!.get(MikroORM).em.fork();
      expect(await em.count(User, { email: TEST_ADMIN_EMAIL })).toBe(1);
      const migrations = temp ? postgresqlMigrations : sqliteMigrations;
      const applied = (await em
        .getConnection()
        .execute('select count(*) as n from mikro_orm_migrations')) as {
        n: number | string;
      }[];
      expect(Number(applied[0]?.n)).toBe(migrations.length);
      const versions = await em.find(DefinitionVersion, {}, { fields: ['definitionId', 'version'] });
      const ids = versions.map((v) => `${v.definitionId}@${v.version}`);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBeGreaterThan(0);
    } finally {
      for (const app of apps) await app.close();
      await temp?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
