import type { Configuration } from '@mikro-orm/core';
import {
  AbstractSqlDriver,
  PostgreSqlConnection,
  PostgreSqlPlatform,
  type Knex,
} from '@mikro-orm/postgresql';
import { storage } from 'nestjs-pino/storage';
import { Client, type QueryConfig } from 'pg';

// Issue 25 §2: a PostgreSQL server that accepts connections but never answers (a partition, a
// frozen server: the socket stays up, so nothing at the TCP level ever fails). Without bounds a
// request waits forever for its query, and the requests behind it forever for a connection.
//
// "Not answering" is told from "busy" or "running a long statement" by asking: once the pool's
// server has been silent (no row, no error of its own, no new connection) for HEARTBEAT_AFTER_MS
// while anything waits for it, a heartbeat (`select 1` on a connection of its own) asks whether
// it is alive. An answer (or an error of the server's own) means it is; no answer within
// HEARTBEAT_TIMEOUT_MS means it is not, and every wait that began before the heartbeat is given
// up (503). A loaded server keeps answering, so a burst still queues and a long statement runs.

/** Silence of the server after which a heartbeat asks whether it is alive. */
export const HEARTBEAT_AFTER_MS = 1000;

/** A heartbeat not answered within this (connecting included) means the server is not answering. */
export const HEARTBEAT_TIMEOUT_MS = 2000;

/** How often outstanding waits are looked at (the bound below allows for it). */
const TICK_MS = 250;

/**
 * What a route answers within when the database stops answering (docs/deployment.md): a wait is
 * given up at most HEARTBEAT_AFTER_MS + HEARTBEAT_TIMEOUT_MS after the server went silent, or,
 * when it began while a heartbeat was already out, that heartbeat and one more (about 4.5 s), plus
 * the work of its own a request does around its database calls.
 */
export const DATABASE_ANSWER_BOUND_MS = 6000;

/** The server ends a statement that runs longer (a slow query on a server that answers). */
export const STATEMENT_TIMEOUT_MS = 30_000;

/** pg's client-side cap on any one query: one connection stuck while the others answer. */
export const QUERY_TIMEOUT_MS = STATEMENT_TIMEOUT_MS + 5000;

/** Opening a connection (TCP + startup) that takes longer fails (the acquire that needed it: 503). */
export const CONNECT_TIMEOUT_MS = 3000;

/**
 * What the request store carries for this module: since when the request has been waiting for
 * the database with no answer (undefined: it is not waiting, or its last wait was answered).
 */
export interface DatabaseWaitState {
  databaseWaitingSince: number | undefined;
}

function requestState(): DatabaseWaitState | undefined {
  const store = storage.getStore() as Partial<DatabaseWaitState> | undefined;
  return store !== undefined && 'databaseWaitingSince' in store ? (store as DatabaseWaitState) : undefined;
}

/** A wait for the database given up because the server stopped answering (its heartbeat too). */
export class DatabaseNotAnsweringError extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(what: 'query' | 'connection') {
    super(
      `${what === 'query' ? 'Query read timeout' : 'Timeout acquiring a connection'}: the database is not answering`,
    );
    this.name = 'DatabaseNotAnsweringError';
  }
}

type Callback = (err: Error | null, result?: unknown) => void;

/** The part of a pg Client this module wraps. */
interface PgClient {
  query(config: unknown, values?: unknown, callback?: unknown): unknown;
  /** knex drops a connection carrying this from its pool (knex's own flag for broken ones). */
  __knex__disposed?: unknown;
}

/** tarn's pool as knex exposes it (tarn's public API). */
interface PendingAcquire {
  promise: Promise<unknown>;
  reject(err: Error): void;
}
interface TarnPool {
  acquire(): PendingAcquire;
}

/** One outstanding wait: since when (its own start, or its request's first unanswered wait). */
interface Wait {
  since: number;
  giveUp(): void;
}

const watched = new WeakSet<object>();

/**
 * The bounds of one app's PostgreSQL pool (one per MikroORM instance: two apps in one process,
 * as the tests run them, each judge their own server):
 *
 * - every query on a pooled connection, and every wait of a request for a pooled connection, is
 *   given up when a heartbeat that began after it (or after its request's first wait that has not
 *   been answered, so waits in a row do not add up) finds the server not answering; a given-up
 *   query's connection is dropped from the pool, and anything else sent on it fails at once (a
 *   transaction's ROLLBACK would otherwise queue behind the query that hung);
 * - pg's `query_timeout` caps any query at QUERY_TIMEOUT_MS (one connection stuck while the
 *   server answers on the others).
 */
export class DatabaseWaits {
  private lastAnswer = performance.now();
  private readonly waits = new Set<Wait>();
  private timer: NodeJS.Timeout | undefined;
  private heartbeat: Promise<void> | null = null;

  /** `url`: the server the heartbeat asks (the pool's own). */
  constructor(private readonly url: string) {}

  /** knex's pool `afterCreate` for pg: a new connection is an answer; its queries are watched. */
  readonly afterCreate = (conn: PgClient, done: (err: Error | null, conn: PgClient) => void): void => {
    this.lastAnswer = performance.now();
    this.watchQueries(conn);
    done(null, conn);
  };

  private begin(request: DatabaseWaitState | undefined, giveUp: () => void): Wait {
    const now = performance.now();
    if (request && request.databaseWaitingSince === undefined) request.databaseWaitingSince = now;
    const wait: Wait = { since: request?.databaseWaitingSince ?? now, giveUp };
    this.waits.add(wait);
    if (this.timer === undefined) {
      this.timer = setInterval(this.tick, TICK_MS);
      this.timer.unref();
    }
    return wait;
  }

  private tick = (): void => {
    if (this.waits.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
      return;
    }
    if (this.heartbeat === null && performance.now() - this.lastAnswer >= HEARTBEAT_AFTER_MS) {
      const started = performance.now();
      this.heartbeat = this.askServer().then((alive) => {
        this.heartbeat = null;
        if (alive) {
          this.lastAnswer = Math.max(this.lastAnswer, started);
          return;
        }
        for (const wait of this.waits) {
          if (wait.since <= started) {
            this.waits.delete(wait);
            wait.giveUp();
          }
        }
      });
    }
  };

  /**
   * `select 1` on a new connection: true when the server answers it (even with an error of its
   * own); false when it does not answer in time or refuses the connection (shutting down, not
   * accepting connections, too many clients: nothing waiting on the pool will be served soon).
   */
  private async askServer(): Promise<boolean> {
    const client = new Client({
      connectionString: this.url,
      connectionTimeoutMillis: HEARTBEAT_TIMEOUT_MS,
    });
    client.on('error', () => undefined);
    // Closed at once on failure: a socket to a server that does not answer would wait for its goodbye.
    const drop = () =>
      (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    const started = performance.now();
    try {
      await client.connect();
    } catch {
      drop();
      return false;
    }
    try {
      // pg reads `query_timeout` from a query's config too (its types do not list it).
      const select: QueryConfig & { query_timeout: number } = {
        text: 'select 1',
        query_timeout: Math.max(1, HEARTBEAT_TIMEOUT_MS - (performance.now() - started)),
      };
      await client.query(select);
      void client.end().catch(() => undefined);
      return true;
    } catch (err) {
      drop();
      return typeof (err as { severity?: unknown }).severity === 'string';
    }
  }

  private watchQueries(conn: PgClient): void {
    const query = conn.query.bind(conn);
    conn.query = (config: unknown, values?: unknown, callback?: unknown): unknown => {
      // A Submittable (a cursor, a stream) runs its own protocol: left as it is.
      if (typeof config === 'object' && config !== null && 'submit' in config)
        return query(config, values, callback);
      if (typeof values === 'function') {
        callback = values;
        values = undefined;
      }
      const capped: Record<string, unknown> =
        typeof config === 'string' ? { text: config } : { ...(config as Record<string, unknown>) };
      if (values !== undefined) capped.values = values;
      capped.query_timeout = QUERY_TIMEOUT_MS;

      let settled = false;
      let finish!: (err: Error | null, result?: unknown) => void;
      const result =
        typeof callback === 'function'
          ? ((finish = callback as Callback), undefined)
          : new Promise<unknown>((resolve, reject) => {
              finish = (err, res) => (err ? reject(err) : resolve(res));
            });
      if (conn.__knex__disposed !== undefined) {
        // Its socket still waits for an answer that never came: nothing more goes through it.
        const err = new DatabaseNotAnsweringError('query');
        process.nextTick(() => finish(err));
        return result;
      }
      const request = requestState();
      const wait = this.begin(request, () => {
        if (settled) return;
        settled = true;
        const err = new DatabaseNotAnsweringError('query');
        conn.__knex__disposed = err;
        finish(err);
      });
      query(capped, (err: Error | null, res?: unknown) => {
        this.waits.delete(wait);
        const severity = (err as { severity?: unknown } | null)?.severity;
        if (!err || typeof severity === 'string') {
          // The server answered (a row or an error of its own).
          this.lastAnswer = performance.now();
          if (request) request.databaseWaitingSince = undefined;
        } else if (err.message === 'Query read timeout') conn.__knex__disposed = err;
        if (settled) return;
        settled = true;
        finish(err, res);
      });
      return result;
    };
  }

  /** Watches a request's waits for a connection of this knex instance's pool (once per pool). */
  watchPool(knex: Knex): void {
    const pool = (knex.client as { pool?: TarnPool }).pool;
    if (pool === undefined || watched.has(pool)) return;
    watched.add(pool);
    const acquire = pool.acquire.bind(pool);
    pool.acquire = () => {
      const op = acquire();
      const request = requestState();
      // Background work keeps the pool's own timeout. (A request's acquire is watched even when a
      // free connection is there: the pool checks it first and may find it broken, then waits.)
      if (request === undefined) return op;
      const wait = this.begin(request, () => op.reject(new DatabaseNotAnsweringError('connection')));
      const done = () => this.waits.delete(wait);
      op.promise.then(done, done);
      return op;
    };
  }
}

/**
 * MikroORM's PostgreSQL driver whose pool is watched by `waits`: PostgreSqlDriver as
 * @mikro-orm/postgresql defines it, with a connection class that hands the knex instance it
 * creates to `waits`. Named PostgreSqlDriver too: @mikro-orm/nestjs (and MikroORM's config
 * loader) find the driver's package by that name.
 */
export function waitBoundedPostgreSqlDriver(waits: DatabaseWaits) {
  class WaitBoundedConnection extends PostgreSqlConnection {
    override createKnex(): void {
      super.createKnex();
      waits.watchPool(this.getKnex());
    }
  }
  return class PostgreSqlDriver extends AbstractSqlDriver<WaitBoundedConnection, PostgreSqlPlatform> {
    constructor(config: Configuration) {
      super(config, new PostgreSqlPlatform(), WaitBoundedConnection, ['knex', 'pg']);
    }
  };
}
