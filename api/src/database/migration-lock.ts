import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Client } from 'pg';
import type { AppConfig } from '../config/config';

// Any number of instances may start together on one (even empty) database: whoever takes the
// lock migrates and seeds; the others wait, then find nothing left to do.

// pg_advisory_lock takes a bigint; any fixed number unique to this purpose in the database.
export const MIGRATION_LOCK_KEY = '7348102263005114881';
export const MIGRATION_LOCK_WAIT_MS = 5 * 60_000;
const POLL_MS = 50;

// better-sqlite3 ships no types (the ORM driver brings it); the three calls used here.
interface LockDatabase {
  exec(sql: string): unknown;
  close(): unknown;
}
type LockDatabaseConstructor = new (path: string, options: { timeout: number }) => LockDatabase;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` holding the database's migration lock. */
export async function withMigrationLock<T>(config: AppConfig, work: () => Promise<T>): Promise<T> {
  return config.database.driver === 'postgresql'
    ? withAdvisoryLock(config.database.url ?? '', work)
    : withSqliteLock(`${config.database.sqlitePath}.migrate-lock`, work);
}

// PostgreSQL: a session advisory lock on its own connection; it goes with the session, so an
// instance that dies while migrating releases it.
async function withAdvisoryLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query(`set lock_timeout = ${MIGRATION_LOCK_WAIT_MS}`);
    await client.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await client
        .query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY])
        .catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

// SQLite: processes on one machine share the file. The app's own connection cannot hold the
// lock (the migrator and the seed need it, and a write lock on the database would block them),
// so an exclusive transaction on a small sidecar file is the mutex; the OS drops it if the process
// dies. Taken without a busy timeout and retried asynchronously, so a second app in the same
// process does not stall the event loop the first one needs to finish.
async function withSqliteLock<T>(path: string, work: () => Promise<T>): Promise<T> {
  if (!existsSync(path)) {
    try {
      writeFileSync(path, '', { flag: 'wx', mode: 0o600 });
    } catch {
      // Created by another instance meanwhile.
    }
  }
  chmodSync(path, 0o600);
  const Database = createRequire(__filename)('better-sqlite3') as LockDatabaseConstructor;
  const db = new Database(path, { timeout: 0 });
  try {
    const deadline = Date.now() + MIGRATION_LOCK_WAIT_MS;
    for (;;) {
      try {
        db.exec('BEGIN EXCLUSIVE');
        break;
      } catch (err) {
        const code = (err as { code?: unknown }).code;
        if (code !== 'SQLITE_BUSY' && code !== 'SQLITE_LOCKED') throw err;
        if (Date.now() > deadline)
          throw new Error(`another instance has held the migration lock (${path}) for over 5 minutes`);
        await sleep(POLL_MS);
      }
    }
    try {
      return await work();
    } finally {
      db.exec('ROLLBACK');
    }
  } finally {
    db.close();
  }
}
