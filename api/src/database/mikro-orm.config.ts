import { BetterSqliteDriver } from '@mikro-orm/better-sqlite';
import type { EntityMetadata, Options } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { chmodSync, closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../config/config';
import {
  CONNECT_TIMEOUT_MS,
  DatabaseWaits,
  STATEMENT_TIMEOUT_MS,
  waitBoundedPostgreSqlDriver,
} from './database-wait';
import { entities } from './entities';
import { postgresqlMigrations } from './migrations/postgresql';
import { sqliteMigrations } from './migrations/sqlite';
import { SQLITE_PRAGMAS } from './sqlite-pragmas';

interface BetterSqliteStatement {
  safeIntegers(toggle?: boolean): unknown;
}
interface BetterSqliteHandle {
  name: string;
  pragma(source: string): unknown;
  prepare(sql: string): BetterSqliteStatement;
}

export const SQLITE_STATEMENT_CACHE_SIZE = 500;

// knex's better-sqlite3 dialect prepares (compiles) every statement on every query; the app runs
// the same few hundred SQL strings again and again, so the connection keeps the compiled ones.
// Safe with better-sqlite3: all()/run() finish synchronously, so a statement is never in use twice;
// SQLite recompiles a cached statement itself after a schema change (migrations).
function cachePreparedStatements(conn: BetterSqliteHandle): void {
  const prepare = conn.prepare.bind(conn);
  const cache = new Map<string, BetterSqliteStatement>();
  conn.prepare = (sql: string) => {
    let statement = cache.get(sql);
    if (statement) {
      // knex sets safeIntegers only when a query asks; start every use from the default.
      statement.safeIntegers(false);
      return statement;
    }
    statement = prepare(sql);
    if (cache.size >= SQLITE_STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(sql, statement);
    return statement;
  };
}

/**
 * The database file is readable by its owner only (mode 600, whatever the umask). Created here
 * with that mode before SQLite opens it, so the -wal and -shm files, which SQLite creates with
 * the database file's mode, are private from the start too. A file left world-readable by an
 * older version is narrowed on the next start.
 */
export function createPrivateSqliteFile(path: string): void {
  closeSync(openSync(path, 'a', 0o600));
  chmodSync(path, 0o600);
}

function keepSqliteFilesPrivate(path: string): void {
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    try {
      chmodSync(file, 0o600);
    } catch (err) {
      // Not there (yet), or owned by another user: nothing to narrow here.
      if (!['ENOENT', 'EPERM'].includes(String((err as { code?: unknown }).code))) throw err;
    }
  }
}

// SQLite: the product's settings (sqlite-pragmas.ts), set on every pooled connection as it is created.
function sqlitePool() {
  return {
    min: 1,
    max: 1,
    afterCreate: (conn: BetterSqliteHandle, done: (err: Error | null, conn: BetterSqliteHandle) => void) => {
      try {
        for (const pragma of SQLITE_PRAGMAS) conn.pragma(pragma);
        keepSqliteFilesPrivate(conn.name);
        cachePreparedStatements(conn);
        done(null, conn);
      } catch (err) {
        done(err instanceof Error ? err : new Error(String(err)), conn);
      }
    },
  };
}

// `type: 'datetime'` maps to DateTimeType, whose snapshot differs from the hydrated value on
// SQLite (numbers vs Date), so every loaded entity looked dirty: needless UPDATEs and false
// optimistic-lock conflicts. Declaring such properties as the Date runtime type gives the same
// column on both drivers without the false change sets.
function normaliseDateProperties(meta: EntityMetadata): void {
  for (const prop of Object.values(meta.properties)) {
    if (typeof prop.type === 'string' && prop.type.toLowerCase() === 'datetime') prop.type = 'Date';
  }
}

const migrationsDir = (driver: 'sqlite' | 'postgresql') => join(__dirname, 'migrations', driver);

export function buildOrmOptions(config: AppConfig): Options {
  const common = {
    entities: [...entities],
    extensions: [Migrator],
    discovery: { requireEntitiesArray: true, onMetadata: normaliseDateProperties },
    forceUtcTimezone: true,
    debug: false,
    allowGlobalContext: false,
    // Schema state comes from migrations only.
    ensureDatabase: false,
  } satisfies Options;

  if (config.database.driver === 'postgresql') {
    // A server that stops answering ends every wait for it within seconds (database-wait.ts:
    // 503 + Retry-After); a burst on a server that answers still queues for a connection, up to
    // 30 s, and a long statement runs up to statement_timeout.
    const waits = new DatabaseWaits(config.database.url ?? '');
    return {
      ...common,
      driver: waitBoundedPostgreSqlDriver(waits),
      clientUrl: config.database.url ?? undefined,
      // A connection that cannot be opened is tried again (tarn) instead of failing whichever
      // acquire comes next, maybe one made after the server is back: a request gives up its
      // wait when the server does not answer (database-wait.ts), the rest wait up to 30 s.
      pool: {
        min: 1,
        max: 10,
        acquireTimeoutMillis: 30_000,
        propagateCreateError: false,
        afterCreate: waits.afterCreate,
      },
      driverOptions: {
        connection: { connectionTimeoutMillis: CONNECT_TIMEOUT_MS, statement_timeout: STATEMENT_TIMEOUT_MS },
      },
      migrations: {
        tableName: 'mikro_orm_migrations',
        path: migrationsDir('postgresql'),
        pathTs: migrationsDir('postgresql'),
        migrationsList: postgresqlMigrations,
        snapshot: false,
        silent: config.nodeEnv === 'test',
        transactional: true,
        allOrNothing: true,
        emit: 'ts',
      },
    };
  }
  createPrivateSqliteFile(config.database.sqlitePath);
  return {
    ...common,
    driver: BetterSqliteDriver,
    dbName: config.database.sqlitePath,
    pool: sqlitePool(),
    migrations: {
      tableName: 'mikro_orm_migrations',
      path: migrationsDir('sqlite'),
      pathTs: migrationsDir('sqlite'),
      migrationsList: sqliteMigrations,
      snapshot: false,
      silent: config.nodeEnv === 'test',
      transactional: true,
      allOrNothing: true,
      emit: 'ts',
    },
  };
}
