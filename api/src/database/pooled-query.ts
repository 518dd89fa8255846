import type { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/knex';

interface PoolClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<void> | void;
}
interface PgConnection {
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}
interface SqliteConnection {
  prepare(sql: string): { all(params: unknown[]): unknown[] };
}

export type Driver = 'sqlite' | 'postgresql';

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

/**
 * Runs one read on a connection taken from the pool the app's queries use (so it waits its turn
 * like any query, and a database that is down or a pool that is exhausted shows), without the
 * ORM's and knex's query layers: for the reads every request makes (the session check, the
 * health check), those layers cost more than the query. SQLite: better-sqlite3's compiled
 * statement, synchronously; PostgreSQL: the pooled pg client.
 */
export async function queryOnPool(
  em: EntityManager,
  driver: Driver,
  sql: string,
  params: unknown[] = [],
): Promise<Record<string, unknown>[]> {
  const client = (em as unknown as SqlEntityManager).getKnex().client as PoolClient;
  const connection = await client.acquireConnection();
  try {
    if (driver === 'postgresql') return (await (connection as PgConnection).query(toPg(sql), params)).rows;
    return (connection as SqliteConnection).prepare(sql).all(params) as Record<string, unknown>[];
  } finally {
    await client.releaseConnection(connection);
  }
}
