import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { MikroORM } from '@mikro-orm/core';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import type { AppConfig } from '../config/config';

// SECURITY row 28. SQLite: better-sqlite3's backup() (SQLite's online backup API: a consistent
// copy while the app keeps writing, WAL included). PostgreSQL: pg_dump's custom format, restored
// with pg_restore. Backups go to DATA_DIR/backups/<timestamp>.sqlite|.dump.

interface SqliteHandle {
  backup(destination: string): Promise<unknown>;
  prepare(sql: string): { all(): Record<string, unknown>[] };
  close(): void;
}
type SqliteConstructor = new (
  path: string,
  options?: { readonly?: boolean; fileMustExist?: boolean },
) => SqliteHandle;
const openSqlite = (path: string, readonly: boolean): SqliteHandle => {
  const Database = createRequire(__filename)('better-sqlite3') as SqliteConstructor;
  return new Database(path, { readonly, fileMustExist: readonly });
};

export type DatabaseTarget = { driver: 'sqlite'; path: string } | { driver: 'postgresql'; url: string };

export function liveDatabase(config: AppConfig): DatabaseTarget {
  return config.database.driver === 'postgresql' && config.database.url
    ? { driver: 'postgresql', url: config.database.url }
    : { driver: 'sqlite', path: config.database.sqlitePath };
}

function timestamp(now: Date): string {
  return now.toISOString().replace(/[:.]/g, '-');
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new Error(`${command} is not installed (needed for PostgreSQL backups)`)
          : err,
      ),
    );
    // The connection URL is an argument; never echo it (it may carry a password).
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${stderr.trim()}`)),
    );
  });
}

/** Writes a backup of the live database to DATA_DIR/backups/ and returns its path. */
export async function backupDatabase(config: AppConfig, now: Date = new Date()): Promise<string> {
  const dir = config.dataPath('backups');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const live = liveDatabase(config);
  if (live.driver === 'sqlite') {
    const file = join(dir, `${timestamp(now)}.sqlite`);
    const db = openSqlite(live.path, true);
    try {
      await db.backup(file);
    } finally {
      db.close();
    }
    chmodSync(file, 0o600);
    return file;
  }
  const file = join(dir, `${timestamp(now)}.dump`);
  await run('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--file=${file}`,
    `--dbname=${live.url}`,
  ]);
  chmodSync(file, 0o600);
  return file;
}

/**
 * Restores a backup into a new SQLite file or an existing empty PostgreSQL database. Never
 * overwrites: an existing SQLite file is refused (stop the app and move the old file first).
 */
export async function restoreDatabase(file: string, target: DatabaseTarget): Promise<void> {
  if (!existsSync(file)) throw new Error(`no backup at ${file}`);
  if (target.driver === 'sqlite') {
    if (existsSync(target.path)) throw new Error(`${target.path} exists; restore into a new file`);
    mkdirSync(dirname(target.path), { recursive: true });
    const db = openSqlite(file, true);
    try {
      await db.backup(target.path);
    } finally {
      db.close();
    }
    chmodSync(target.path, 0o600);
    return;
  }
  await run('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    `--dbname=${target.url}`,
    file,
  ]);
}

export interface TableSummary {
  rows: number;
  sha256: string;
}

/** Row count and a checksum of every table (rows as sorted-key JSON, sorted), for restore drills. */
export async function databaseChecksums(target: DatabaseTarget): Promise<Record<string, TableSummary>> {
  const out: Record<string, TableSummary> = {};
  const summarise = (rows: Record<string, unknown>[]): TableSummary => {
    const lines = rows
      .map((row) =>
        JSON.stringify(
          Object.keys(row)
            .sort()
            .map((k) => [k, row[k]]),
        ),
      )
      .sort();
    const hash = createHash('sha256');
    for (const line of lines) hash.update(line).update('\n');
    return { rows: rows.length, sha256: hash.digest('hex') };
  };
  if (target.driver === 'sqlite') {
    const db = openSqlite(target.path, true);
    try {
      const tables = db
        .prepare(
          "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
        )
        .all()
        .map((r) => String(r.name));
      for (const table of tables)
        out[table] = summarise(db.prepare(`select * from "${table.replace(/"/g, '""')}"`).all());
    } finally {
      db.close();
    }
    return out;
  }
  const orm = await MikroORM.init({
    driver: PostgreSqlDriver,
    clientUrl: target.url,
    entities: [],
    discovery: { warnWhenNoEntities: false },
    pool: { min: 0, max: 1 },
  });
  try {
    const conn = orm.em.getConnection();
    const tables = (
      await conn.execute<{ table_name: string }[]>(
        "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
      )
    ).map((r) => r.table_name);
    for (const table of tables) {
      out[table] = summarise(
        await conn.execute<Record<string, unknown>[]>(`select * from "${table.replace(/"/g, '""')}"`),
      );
    }
  } finally {
    await orm.close(true);
  }
  return out;
}
