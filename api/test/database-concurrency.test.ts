import { spawn } from 'node:child_process';
import { EntityManager, MikroORM } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTestDatabaseUrl } from '../src/config/config';
import { SessionsService } from '../src/modules/auth/sessions.service';
import { User } from '../src/modules/users/user.entity';
import { bearer, createTestApp, type TestApp } from './helpers/app';

// SECURITY row 19. The pragmas and the outside lock holder are SQLite's; the 500 writes run on both drivers.

const LOCK_HOLDER = `
const Database = require(require.resolve('better-sqlite3', { paths: [process.cwd()] }));
const db = new Database(process.argv[1]);
db.pragma('busy_timeout = 5000');
db.exec('begin immediate');
db.prepare("update users set display_name = 'held' where email = 'writer-0@example.test'").run();
process.stdout.write('locked\\n');
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1500);
db.exec('commit');
db.close();
`;

describe('database: WAL, busy timeout, concurrent writes', () => {
  const onSqlite = !readTestDatabaseUrl();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it.skipIf(!onSqlite)('runs in WAL mode with a busy timeout on the app connection', async () => {
    const conn = t.app.get(MikroORM).em.getConnection();
    const mode = (await conn.execute('pragma journal_mode')) as { journal_mode: string }[];
    expect(mode[0]?.journal_mode).toBe('wal');
    const timeout = (await conn.execute('pragma busy_timeout')) as { timeout: number }[];
    expect(timeout[0]?.timeout).toBeGreaterThanOrEqual(1000);
  });

  it.skipIf(!onSqlite)(
    'the connection reuses compiled statements, and a cached one sees later schema changes',
    async () => {
      type Raw = { prepare(sql: string): { all(): unknown[]; run(): unknown } };
      type KnexClient = { acquireConnection(): Promise<Raw>; releaseConnection(conn: Raw): Promise<unknown> };
      const connection = t.app.get(MikroORM).em.getConnection() as unknown as {
        getKnex(): { client: KnexClient };
      };
      const knex = connection.getKnex();
      const raw = await knex.client.acquireConnection();
      try {
        const sql = 'select count(*) as n from users';
        expect(raw.prepare(sql)).toBe(raw.prepare(sql));
        raw.prepare('create table cache_probe (a integer)').run();
        const select = raw.prepare('select * from cache_probe');
        expect(select.all()).toEqual([]);
        raw.prepare('alter table cache_probe add column b text').run();
        raw.prepare("insert into cache_probe (a, b) values (1, 'x')").run();
        expect(raw.prepare('select * from cache_probe').all()).toEqual([{ a: 1, b: 'x' }]);
        raw.prepare('drop table cache_probe').run();
      } finally {
        await knex.client.releaseConnection(raw);
      }
    },
  );

  it('500 concurrent writes while another process holds the write lock: 0 5xx, all applied', async () => {
    // 500 users with live sessions, minted directly (500 argon2 hashes would only test the CPU).
    const sessions = t.app.get(SessionsService);
    const users: { id: string; access: string }[] = [];
    for (let i = 0; i < 500; i++) {
      const em = t.app.get(EntityManager).fork();
      const user = new User();
      user.email = `writer-${i}@example.test`;
      user.username = `writer${i}`;
      user.passwordHash = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$placeholderplaceholderplaceholder00';
      em.persist(user);
      const pair = await sessions.start(em, user, { remember: false });
      users.push({ id: user.id, access: pair.access });
    }

    // On SQLite another process takes the write lock for 1.5 s while the requests arrive.
    const holder = onSqlite
      ? spawn(process.execPath, ['-e', LOCK_HOLDER, t.config.database.sqlitePath], {
          stdio: ['ignore', 'pipe', 'inherit'],
        })
      : null;
    if (holder) {
      await new Promise<void>((resolve, reject) => {
        holder.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
        holder.on('exit', (code) => reject(new Error(`lock holder exited early (${code})`)));
      });
    }
    const results = await Promise.all(
      users.map((u, i) =>
        t.request({
          method: 'PATCH',
          url: '/users/current/',
          payload: { display_name: `Writer number ${i}` },
          headers: bearer(u.access),
        }),
      ),
    );
    if (holder) {
      const holderExit = await new Promise<number | null>((resolve) =>
        holder.exitCode !== null ? resolve(holder.exitCode) : holder.on('exit', resolve),
      );
      expect(holderExit).toBe(0);
    }

    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(500);
    const check = t.app.get(EntityManager).fork();
    const written = await check.count(User, { displayName: { $like: 'Writer number %' } });
    expect(written).toBe(500);
    if (onSqlite) {
      const integrity = (await t.app.get(MikroORM).em.getConnection().execute('pragma integrity_check')) as {
        integrity_check: string;
      }[];
      expect(integrity[0]?.integrity_check).toBe('ok');
    }
  }, 240_000); // 500 sessions and 500 writes: minutes on a loaded 2-core machine
});
