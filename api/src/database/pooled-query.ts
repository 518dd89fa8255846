import type { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/knex';

/** tarn's pool as knex exposes it (`knex.client.pool`); the counters are tarn's public API. */
interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  numPendingCreates(): number;
}
interface PoolClient {
  pool?: TarnPool;
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<void> | void;
}
interface PgConnection {
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}
interface SqliteStatement {
  all(params: unknown[]): unknown[];
}
interface SqliteConnection {
  /** better-sqlite3: false once closed (knex closes a connection its pool destroys). */
  readonly open: boolean;
  prepare(sql: string): SqliteStatement;
}

export type Driver = 'sqlite' | 'postgresql';
export type Rows = Record<string, unknown>[];

const pgSql = new Map<string, string>();

/** `?` placeholders as PostgreSQL's `$1, $2, …` (for SQL built from metadata: no `?` in literals). */
function toPg(sql: string): string {
  let out = pgSql.get(sql);
  if (out === undefined) {
    let i = 0;
    out = sql.replace(/\?/g, () => `$${++i}`);
    pgSql.set(sql, out);
  }
  return out;
}

// The SQLite connection each pool handed out last, and each connection's compiled statements
// (better-sqlite3 compiles on every prepare(); a statement lives as long as its connection).
const sqliteConnectionOf = new WeakMap<TarnPool, SqliteConnection>();
const statementsOf = new WeakMap<SqliteConnection, Map<string, SqliteStatement>>();

function statement(db: SqliteConnection, sql: string): SqliteStatement {
  let statements = statementsOf.get(db);
  if (statements === undefined) statementsOf.set(db, (statements = new Map<string, SqliteStatement>()));
  let s = statements.get(sql);
  if (s === undefined) statements.set(sql, (s = db.prepare(sql)));
  return s;
}

function poolClient(em: EntityManager): PoolClient {
  return (em as unknown as SqlEntityManager).getKnex().client as PoolClient;
}

/**
 * SQLite only: the pool's one connection when it is free: nothing holds it (no transaction, no
 * query) and nothing waits for it, so taking it from the pool, using it synchronously and giving it
 * back (better-sqlite3 never yields in between) would have found the same connection in the same
 * state. `undefined` when it is not free (or not known yet): the caller waits for the pool.
 */
function freeSqliteConnection(em: EntityManager): SqliteConnection | undefined {
  const pool = poolClient(em).pool;
  if (pool === undefined) return undefined;
  const db = sqliteConnectionOf.get(pool);
  if (
    db === undefined ||
    !db.open ||
    pool.numUsed() !== 0 ||
    pool.numFree() === 0 ||
    pool.numPendingAcquires() !== 0 ||
    pool.numPendingCreates() !== 0
  )
    return undefined;
  return db;
}

/** SQLite only: the read run at once, synchronously, when the pool's connection is free; else undefined. */
export function readOnFreeSqliteConnection(
  em: EntityManager,
  sql: string,
  params: unknown[] = [],
): Rows | undefined {
  const db = freeSqliteConnection(em);
  return db === undefined ? undefined : (statement(db, sql).all(params) as Rows);
}

/**
 * SQLite only: `fn` run synchronously on the pool's one connection: at once when the connection is
 * free (freeSqliteConnection), otherwise when the pool hands it over (behind an open transaction,
 * say), and given back as soon as `fn` returns. `fn` must not yield: the connection is the pool's
 * again the moment it returns. Going through the pool for work that never yields made every
 * request hold the connection across the pool's own promise turns, so the next request's reads
 * queued behind it; now the pool is only waited for when someone really holds the connection.
 */
export async function onSqliteConnection<T, C>(em: EntityManager, fn: (db: C) => T): Promise<T> {
  const free = freeSqliteConnection(em);
  if (free !== undefined) return fn(free as unknown as C);
  const client = poolClient(em);
  const connection = await client.acquireConnection();
  try {
    if (client.pool) sqliteConnectionOf.set(client.pool, connection as SqliteConnection);
    return fn(connection as C);
  } finally {
    await client.releaseConnection(connection);
  }
}

/** One read on a connection acquired from the pool (waiting its turn), then released. */
async function readOnAcquiredConnection(
  em: EntityManager,
  driver: Driver,
  sql: string,
  params: unknown[],
): Promise<Rows> {
  const client = poolClient(em);
  const connection = await client.acquireConnection();
  try {
    if (driver === 'postgresql') return (await (connection as PgConnection).query(toPg(sql), params)).rows;
    const db = connection as SqliteConnection;
    if (client.pool) sqliteConnectionOf.set(client.pool, db);
    return statement(db, sql).all(params) as Rows;
  } finally {
    await client.releaseConnection(connection);
  }
}

/**
 * Runs one read on a connection from the pool the app's queries use (so it waits its turn like
 * any query, and a database that is down or a pool that is exhausted shows), without the ORM's and
 * knex's query layers: for the reads every request makes (the session check, the health check),
 * those layers cost more than the query. SQLite: better-sqlite3's compiled statement,
 * synchronously, and at once when the one connection is free (readOnFreeSqliteConnection);
 * PostgreSQL: the pooled pg client.
 */
export function queryOnPool(
  em: EntityManager,
  driver: Driver,
  sql: string,
  params: unknown[] = [],
): Promise<Rows> {
  if (driver === 'sqlite') {
    let rows: Rows | undefined;
    try {
      rows = readOnFreeSqliteConnection(em, sql, params);
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
    if (rows !== undefined) return Promise.resolve(rows);
  }
  return readOnAcquiredConnection(em, driver, sql, params);
}
