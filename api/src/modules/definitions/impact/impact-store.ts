// The database side of an impact run's worker (impact-worker.ts): each worker opens its own
// connection (SQLite: its own better-sqlite3 handle on the same file; PostgreSQL: its own pg
// client), so the assessments it replays are read, and its rows written, off the API's main
// thread and off the API's connection pool. Only what the replay needs is read: id, answers, the
// date evaluated and the three stored outcome values, never the full stored results.
import { createRequire } from 'node:module';
import type { Client as PgClient } from 'pg';
import { SQLITE_BUSY_TIMEOUT_MS, SQLITE_PRAGMAS } from '../../../database/sqlite-pragmas';

export type ImpactDatabase = { driver: 'sqlite'; path: string } | { driver: 'postgresql'; url: string };

/** A stored assessment as the replay reads it. */
export interface StoredRow {
  id: string;
  answers: string;
  as_of: string | null;
  before_likelihood: string | null;
  before_approach: string | null;
  before_value: number | null;
  client_name: string | null;
  reference: string | null;
}

/** One impact_run_row. */
export interface ReplayedRow {
  assessment_id: string;
  client_name: string | null;
  claim_reference: string | null;
  before_likelihood: string | null;
  after_likelihood: string | null;
  before_approach: string | null;
  after_approach: string | null;
  before_value: number | null;
  after_value: number | null;
  changes: number;
}

export interface Written {
  checked: number;
  changed: number;
  /** The run was found no longer running: the rest was not written. */
  stopped: boolean;
}

/**
 * SQLite: rows per write transaction. A transaction holds the database's one write lock, and an
 * API request that writes meanwhile waits for it synchronously (better-sqlite3's busy timeout),
 * so each is kept to about a millisecond, whatever the page size.
 */
const SQLITE_WRITE_ROWS = 50;

const changedIn = (rows: ReplayedRow[]) => rows.reduce((n, r) => n + (r.changes ? 1 : 0), 0);

/** An id range of a definition's stored assessments: from ≤ id < to (null: unbounded). */
export interface IdRange {
  from: string | null;
  to: string | null;
}

export interface ImpactStore {
  /** Deletes rows of an earlier attempt of the run and counts the assessments to replay. */
  prepare(runId: string, definitionId: string): Promise<number>;
  /** Up to `limit` assessments of the range after `after` (exclusive; null: from the range's start), by id. */
  page(definitionId: string, range: IdRange, after: string | null, limit: number): Promise<StoredRow[]>;
  /**
   * Writes the rows and adds them to the run's counters, in the same transaction(s), only while
   * the run is still running (a cancel on any instance stops it): what was written.
   */
  write(runId: string, rows: ReplayedRow[]): Promise<Written>;
  close(): Promise<void>;
}

const ROW_COLUMNS = [
  'assessment_id',
  'client_name',
  'claim_reference',
  'before_likelihood',
  'after_likelihood',
  'before_approach',
  'after_approach',
  'before_value',
  'after_value',
  'changes',
] as const;

function numberOrNull(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

function text(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

/** The where clause of a page: the definition's completed assessments in the range, after a cursor. */
function pageWhere(range: IdRange, after: string | null, param: () => string): { sql: string; n: number } {
  const parts = [`a.assessment_type = ${param()}`, `a.status = 'COMPLETED'`];
  let n = 1;
  if (after !== null) {
    parts.push(`a.id > ${param()}`);
    n++;
  } else if (range.from !== null) {
    parts.push(`a.id >= ${param()}`);
    n++;
  }
  if (range.to !== null) {
    parts.push(`a.id < ${param()}`);
    n++;
  }
  return { sql: parts.join(' and '), n };
}

function pageParams(definitionId: string, range: IdRange, after: string | null): string[] {
  const params = [definitionId];
  if (after !== null) params.push(after);
  else if (range.from !== null) params.push(range.from);
  if (range.to !== null) params.push(range.to);
  return params;
}

const CLIENT_NAME = `coalesce(nullif(u.display_name, ''), nullif(u.username, ''), nullif(u.email, ''))`;

/** A page's row (either driver): the answers, the date evaluated on and the stored outcome. */
function storedRow(r: Record<string, unknown>): StoredRow {
  return {
    id: String(r.id),
    answers: String(r.answers),
    as_of: text(r.as_of),
    before_likelihood: text(r.outcome_likelihood),
    before_approach: text(r.outcome_approach),
    before_value: numberOrNull(r.outcome_value),
    client_name: text(r.client_name),
    reference: text(r.reference),
  };
}

// ── SQLite ──────────────────────────────────────────────────────────────────────────────────────

interface SqliteStatement {
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
  run(...params: unknown[]): { changes: number };
}
interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
  pragma(source: string): unknown;
  transaction<A extends unknown[]>(fn: (...args: A) => void): { immediate(...args: A): void };
  close(): void;
}

class SqliteStore implements ImpactStore {
  private readonly db: SqliteDatabase;
  private readonly statements = new Map<string, SqliteStatement>();

  constructor(path: string) {
    const Database = createRequire(__filename)('better-sqlite3') as new (
      file: string,
      options: { fileMustExist: boolean; timeout: number },
    ) => SqliteDatabase;
    // The app's own settings (database/sqlite-pragmas.ts): WAL (readers never wait for this
    // writer, nor it for them), a busy timeout (it waits its turn behind the app's writes).
    this.db = new Database(path, { fileMustExist: true, timeout: SQLITE_BUSY_TIMEOUT_MS });
    for (const pragma of SQLITE_PRAGMAS) this.db.pragma(pragma);
  }

  private statement(sql: string): SqliteStatement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  prepare(runId: string, definitionId: string): Promise<number> {
    this.statement('delete from impact_run_row where run_id = ?').run(runId);
    const row = this.statement(
      `select count(*) as n from assessment where assessment_type = ? and status = 'COMPLETED'`,
    ).get(definitionId) as { n: number };
    return Promise.resolve(Number(row.n));
  }

  page(definitionId: string, range: IdRange, after: string | null, limit: number): Promise<StoredRow[]> {
    const where = pageWhere(range, after, () => '?');
    // The stored outcome's own columns: the stored evaluation itself is never read.
    const sql = `select a.id, a.answers, a.evaluated_as_of as as_of, a.outcome_likelihood,
        a.outcome_approach, a.outcome_value, ${CLIENT_NAME} as client_name, c.reference
      from assessment a
      join users u on u.id = a.user_id
      left join claim c on c.assessment_id = a.id
      where ${where.sql}
      order by a.id limit ${Math.floor(limit)}`;
    const rows = this.statement(sql).all(...pageParams(definitionId, range, after)) as Record<
      string,
      unknown
    >[];
    return Promise.resolve(rows.map(storedRow));
  }

  write(runId: string, rows: ReplayedRow[]): Promise<Written> {
    const insert = this.statement(
      `insert into impact_run_row (run_id, ${ROW_COLUMNS.join(', ')}) values (?, ${ROW_COLUMNS.map(() => '?').join(', ')})`,
    );
    const count = this.statement(
      `update impact_run set checked = checked + ?, changed_count = changed_count + ? where id = ? and state = 'running'`,
    );
    // BEGIN IMMEDIATE: the write lock is taken up front (no deadlock turning a read into a write).
    const slice = this.db.transaction((part: ReplayedRow[], changed: number) => {
      for (const r of part) insert.run(runId, ...ROW_COLUMNS.map((c) => r[c]));
      if (count.run(part.length, changed, runId).changes === 0) throw new Stopped();
    });
    const written: Written = { checked: 0, changed: 0, stopped: false };
    for (let i = 0; i < rows.length; i += SQLITE_WRITE_ROWS) {
      const part = rows.slice(i, i + SQLITE_WRITE_ROWS);
      const changed = changedIn(part);
      try {
        slice.immediate(part, changed);
      } catch (err) {
        if (!(err instanceof Stopped)) throw err;
        written.stopped = true;
        break;
      }
      written.checked += part.length;
      written.changed += changed;
    }
    return Promise.resolve(written);
  }

  close(): Promise<void> {
    this.db.close();
    return Promise.resolve();
  }
}

class Stopped extends Error {}

// ── PostgreSQL ──────────────────────────────────────────────────────────────────────────────────

class PostgresStore implements ImpactStore {
  private constructor(private readonly client: PgClient) {}

  static async open(url: string): Promise<PostgresStore> {
    const { Client } = createRequire(__filename)('pg') as typeof import('pg');
    const client = new Client({
      connectionString: url,
      connectionTimeoutMillis: 5000,
      statement_timeout: 30_000,
      application_name: 'reclaim-impact-run',
    });
    await client.connect();
    return new PostgresStore(client);
  }

  async prepare(runId: string, definitionId: string): Promise<number> {
    await this.client.query('delete from impact_run_row where run_id = $1', [runId]);
    const { rows } = await this.client.query<{ n: string }>(
      `select count(*) as n from assessment where assessment_type = $1 and status = 'COMPLETED'`,
      [definitionId],
    );
    return Number(rows[0]?.n ?? 0);
  }

  async page(
    definitionId: string,
    range: IdRange,
    after: string | null,
    limit: number,
  ): Promise<StoredRow[]> {
    let i = 0;
    const where = pageWhere(range, after, () => `$${++i}`);
    const { rows } = await this.client.query<Record<string, unknown>>(
      `select a.id, a.answers::text as answers, a.evaluated_as_of as as_of, a.outcome_likelihood,
          a.outcome_approach, a.outcome_value, ${CLIENT_NAME} as client_name, c.reference
        from assessment a
        join users u on u.id = a.user_id
        left join claim c on c.assessment_id = a.id
        where ${where.sql}
        order by a.id limit ${Math.floor(limit)}`,
      pageParams(definitionId, range, after),
    );
    return rows.map(storedRow);
  }

  async write(runId: string, rows: ReplayedRow[]): Promise<Written> {
    const changed = changedIn(rows);
    await this.client.query('begin');
    try {
      // One statement for the page: a column of values per array.
      await this.client.query(
        `insert into impact_run_row (run_id, ${ROW_COLUMNS.join(', ')})
          select $1::uuid, * from unnest($2::uuid[], $3::varchar[], $4::varchar[], $5::varchar[],
            $6::varchar[], $7::varchar[], $8::varchar[], $9::float8[], $10::float8[], $11::int[])`,
        [runId, ...ROW_COLUMNS.map((c) => rows.map((r) => r[c]))],
      );
      // The counters last: the run row is locked only for the end of the transaction.
      const counted = await this.client.query(
        `update impact_run set checked = checked + $1, changed_count = changed_count + $2 where id = $3 and state = 'running'`,
        [rows.length, changed, runId],
      );
      if (counted.rowCount === 0) {
        await this.client.query('rollback');
        return { checked: 0, changed: 0, stopped: true };
      }
      await this.client.query('commit');
      return { checked: rows.length, changed, stopped: false };
    } catch (err) {
      await this.client.query('rollback').catch(() => undefined);
      throw err;
    }
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}

export async function openImpactStore(database: ImpactDatabase): Promise<ImpactStore> {
  return database.driver === 'postgresql' ? PostgresStore.open(database.url) : new SqliteStore(database.path);
}
