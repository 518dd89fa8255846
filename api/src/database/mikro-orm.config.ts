import { BetterSqliteDriver } from '@mikro-orm/better-sqlite';
import type { EntityMetadata, Options } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { join } from 'node:path';
import type { AppConfig } from '../config/config';
import { entities } from './entities';
import { postgresqlMigrations } from './migrations/postgresql';
import { sqliteMigrations } from './migrations/sqlite';

export const SQLITE_BUSY_TIMEOUT_MS = 5000;

interface BetterSqliteHandle {
  pragma(source: string): unknown;
}

// SQLite: WAL so readers never block the writer, a busy timeout so a second process waits
// instead of failing with SQLITE_BUSY. Set on every pooled connection as it is created.
function sqlitePool() {
  return {
    min: 1,
    max: 1,
    afterCreate: (conn: BetterSqliteHandle, done: (err: Error | null, conn: BetterSqliteHandle) => void) => {
      try {
        conn.pragma('journal_mode = WAL');
        conn.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
        conn.pragma('synchronous = NORMAL');
        conn.pragma('foreign_keys = ON');
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
    return {
      ...common,
      driver: PostgreSqlDriver,
      clientUrl: config.database.url ?? undefined,
      pool: { min: 1, max: 10, acquireTimeoutMillis: 5000 },
      driverOptions: { connection: { connectionTimeoutMillis: 5000, statement_timeout: 30_000 } },
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
