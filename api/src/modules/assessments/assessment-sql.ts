import type { EntityManager, EntityMetadata } from '@mikro-orm/core';
import type { Knex, EntityManager as SqlEntityManager } from '@mikro-orm/knex';
import type { ActivityRowValues } from '../activity-logs/activity-logs.service';
import { ActivityLog } from '../activity-logs/activity-log.entity';
import { onSqliteConnection, queryOnPool } from '../../database/pooled-query';
import { Service } from '../services/service.entity';
import { Assessment } from './assessment.entity';
import { type AssessmentResponse, toAssessmentResponse } from './assessment.serializer';

/** A knex query runner: the shared instance or a transaction. */
export type Runner = ReturnType<SqlEntityManager['getKnex']>;

/** An assessment row as the database returns it (column names, driver values). */
export type AssessmentRow = Record<string, unknown>;

export interface AssessmentWrite {
  serviceType: string;
  assessmentType: string;
  definitionVersion: number;
  serviceName: string;
  answers: Record<string, unknown>;
  currentStep: number;
  updatedAt: Date;
}

interface SqliteStatement {
  all(params: unknown[]): unknown[];
  run(params: unknown[]): unknown;
}

/** The better-sqlite3 connection behind knex's pool (its calls finish synchronously). */
export interface SqliteHandle {
  prepare(sql: string): SqliteStatement;
  transaction<T>(fn: () => T): () => T;
}

function rowsOf(result: unknown): AssessmentRow[] {
  if (Array.isArray(result)) return result as AssessmentRow[];
  const rows = (result as { rows?: unknown } | null)?.rows;
  return Array.isArray(rows) ? (rows as AssessmentRow[]) : [];
}

/**
 * The assessment save's SQL, built once from the entity metadata (table and column names follow
 * the naming strategy) and run through knex with bound parameters, so SQLite reuses the compiled
 * statements. No entity enters a unit of work: the save is one conditional UPDATE (the version
 * column decides between concurrent saves) and the activity row's INSERT.
 */
export class AssessmentSql {
  readonly select: string;
  /** By id alone (staff read every assessment). */
  readonly selectById: string;
  readonly selectForUpdate: string;
  readonly update: string;
  readonly insertActivity: string;
  /**
   * PostgreSQL: the conditional UPDATE and the activity row as one statement (a data-modifying
   * CTE: atomic on its own, one round trip instead of BEGIN, UPDATE, INSERT and COMMIT). The
   * activity row is inserted only when the UPDATE matched.
   */
  readonly updateWithActivity: string;
  readonly serviceTitle: string;
  /** Result columns, by property. */
  readonly columns: {
    version: string;
    status: string;
    serviceType: string;
    assessmentType: string;
    definitionVersion: string;
    answers: string;
    serviceName: string;
    currentStep: string;
  };
  /** Column of each property toAssessmentResponse reads. */
  private readonly responseColumns: Record<string, string>;

  constructor(private readonly em: EntityManager) {
    const metadata = em.getMetadata();
    const platform = em.getPlatform();
    const q = (identifier: string): string => platform.quoteIdentifier(identifier);
    const column = (meta: EntityMetadata, property: string): string => {
      const name = meta.properties[property as never]?.fieldNames[0];
      if (!name) throw new Error(`no column for ${meta.className}.${property}`);
      return name;
    };
    const a = metadata.get<Assessment>(Assessment.name) as unknown as EntityMetadata;
    const c = (property: string): string => q(column(a, property));
    const where = `where ${c('id')} = ? and ${c('user')} = ?`;
    this.select = `select * from ${q(a.tableName)} ${where}`;
    this.selectById = `select * from ${q(a.tableName)} where ${c('id')} = ?`;
    this.selectForUpdate = `${this.select} for update`;
    this.update =
      `update ${q(a.tableName)} set ${c('serviceType')} = ?, ${c('assessmentType')} = ?, ${c('definitionVersion')} = ?, ` +
      `${c('serviceName')} = ?, ${c('answers')} = ?, ${c('currentStep')} = ?, ${c('version')} = ${c('version')} + 1, ${c('updatedAt')} = ? ` +
      `${where} and ${c('version')} = ? returning *`;
    const log = metadata.get<ActivityLog>(ActivityLog.name) as unknown as EntityMetadata;
    const logProperties = [
      'id',
      'user',
      'action',
      'targetType',
      'targetId',
      'ip',
      'userAgent',
      'detail',
      'createdAt',
    ];
    const logColumns = logProperties.map((p) => q(column(log, p)));
    this.insertActivity = `insert into ${q(log.tableName)} (${logColumns.join(', ')}) values (${logColumns.map(() => '?').join(', ')})`;
    // INSERT … SELECT types its parameters from the SELECT (text), not from the target columns:
    // each is cast to its column's type.
    const logTypes = logProperties.map((p) => {
      const type = (log.properties[p as never] as { columnTypes?: string[] } | undefined)?.columnTypes?.[0];
      if (!type) throw new Error(`no column type for ${log.className}.${p}`);
      return type;
    });
    this.updateWithActivity =
      `with saved as (${this.update}), logged as (insert into ${q(log.tableName)} (${logColumns.join(', ')}) ` +
      `select ${logTypes.map((t) => `?::${t}`).join(', ')} from saved) select * from saved`;
    const service = metadata.get<Service>(Service.name) as unknown as EntityMetadata;
    this.serviceTitle = `select ${q(column(service, 'title'))} as title from ${q(service.tableName)} where ${q(column(service, 'typeCode'))} = ? limit 1`;
    this.columns = {
      version: column(a, 'version'),
      status: column(a, 'status'),
      serviceType: column(a, 'serviceType'),
      assessmentType: column(a, 'assessmentType'),
      definitionVersion: column(a, 'definitionVersion'),
      answers: column(a, 'answers'),
      serviceName: column(a, 'serviceName'),
      currentStep: column(a, 'currentStep'),
    };
    this.responseColumns = Object.fromEntries(
      [
        'id',
        'user',
        'serviceType',
        'assessmentType',
        'serviceName',
        'answers',
        'currentStep',
        'status',
        'version',
        'definitionVersion',
        'resultFields',
        'results',
        'claimId',
        'submittedAt',
        'createdAt',
        'updatedAt',
      ].map((p) => [p, column(a, p)]),
    );
  }

  /**
   * The API answer straight from a row, as toAssessmentResponse gives it for the mapped entity
   * (JSON columns parsed on SQLite, dates from SQLite's milliseconds or PostgreSQL's Date),
   * without hydrating an entity into the identity map. A test holds the two equal.
   */
  toResponse(row: AssessmentRow): AssessmentResponse {
    const c = this.responseColumns;
    const json = (v: unknown): Record<string, unknown> | null =>
      v === null || v === undefined
        ? null
        : typeof v === 'string'
          ? (JSON.parse(v) as Record<string, unknown>)
          : (v as Record<string, unknown>);
    const date = (v: unknown): Date | null =>
      v === null || v === undefined
        ? null
        : v instanceof Date
          ? v
          : new Date(typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : (v as string | number));
    const view = {
      id: row[c.id!] as string,
      user: { id: row[c.user!] as string },
      serviceType: row[c.serviceType!] as string,
      assessmentType: row[c.assessmentType!] as string,
      serviceName: row[c.serviceName!] as string,
      answers: json(row[c.answers!]) ?? {},
      currentStep: Number(row[c.currentStep!]),
      status: row[c.status!] as Assessment['status'],
      version: Number(row[c.version!]),
      definitionVersion: Number(row[c.definitionVersion!]),
      resultFields: json(row[c.resultFields!]),
      results: json(row[c.results!]),
      claimId: (row[c.claimId!] as string | null | undefined) ?? null,
      submittedAt: date(row[c.submittedAt!]),
      createdAt: date(row[c.createdAt!])!,
      updatedAt: date(row[c.updatedAt!])!,
    };
    return toAssessmentResponse(view as unknown as Assessment);
  }

  knex(): Runner {
    return (this.em as unknown as SqlEntityManager).getKnex();
  }

  /**
   * Runs `fn` on SQLite's one pooled connection (onSqliteConnection): at once when nothing holds it,
   * otherwise behind whoever does (an open transaction). `fn` is synchronous: better-sqlite3
   * answers at once, so a read, or an UPDATE and an INSERT in one transaction, run back to back.
   */
  onSqlite<T>(fn: (db: SqliteHandle) => T): Promise<T> {
    return onSqliteConnection(this.em, fn);
  }

  findSync(db: SqliteHandle, id: string, userId: string): AssessmentRow | null {
    return (db.prepare(this.select).all([id, userId])[0] as AssessmentRow | undefined) ?? null;
  }

  /** The row `userId` may read: their own, or any when `userId` is null (staff). */
  findReadableSync(db: SqliteHandle, id: string, userId: string | null): AssessmentRow | null {
    const rows =
      userId === null ? db.prepare(this.selectById).all([id]) : db.prepare(this.select).all([id, userId]);
    return (rows[0] as AssessmentRow | undefined) ?? null;
  }

  async findReadable(runner: Runner, id: string, userId: string | null): Promise<AssessmentRow | null> {
    const rows = rowsOf(
      await (userId === null ? runner.raw(this.selectById, [id]) : runner.raw(this.select, [id, userId])),
    );
    return rows[0] ?? null;
  }

  serviceNameSync(db: SqliteHandle, typeCode: string): string | null {
    const title = (db.prepare(this.serviceTitle).all([typeCode])[0] as { title?: unknown } | undefined)
      ?.title;
    return typeof title === 'string' ? title : null;
  }

  /** write() and the activity row in one SQLite transaction that begins and commits without yielding. */
  writeSync(
    db: SqliteHandle,
    id: string,
    userId: string,
    version: number,
    w: AssessmentWrite,
    activity: ActivityRowValues,
  ): AssessmentRow | null {
    return db.transaction(() => {
      const saved = db
        .prepare(this.update)
        .all(this.updateParams(id, userId, version, w, (d) => d.getTime()))[0] as AssessmentRow | undefined;
      if (!saved) return null;
      db.prepare(this.insertActivity).run(this.activityParams(activity, (d) => d.getTime()));
      return saved;
    })();
  }

  private updateParams(
    id: string,
    userId: string,
    version: number,
    w: AssessmentWrite,
    date: (d: Date) => unknown,
  ): unknown[] {
    return [
      w.serviceType,
      w.assessmentType,
      w.definitionVersion,
      w.serviceName,
      JSON.stringify(w.answers),
      w.currentStep,
      date(w.updatedAt),
      id,
      userId,
      version,
    ];
  }

  private activityParams(v: ActivityRowValues, date: (d: Date) => unknown): unknown[] {
    return [
      v.id,
      v.userId,
      v.action,
      v.targetType,
      v.targetId,
      v.ip,
      v.userAgent,
      v.detail === null ? null : JSON.stringify(v.detail),
      date(v.createdAt),
    ];
  }

  async find(runner: Runner, id: string, userId: string, lock = false): Promise<AssessmentRow | null> {
    const rows = rowsOf(await runner.raw(lock ? this.selectForUpdate : this.select, [id, userId]));
    return rows[0] ?? null;
  }

  /** The UPDATE when the row still has `version`; null when it does not (changed or gone). */
  async write(
    runner: Runner,
    id: string,
    userId: string,
    version: number,
    w: AssessmentWrite,
  ): Promise<AssessmentRow | null> {
    const rows = rowsOf(
      await runner.raw(this.update, this.updateParams(id, userId, version, w, (d) => d) as Knex.RawBinding[]),
    );
    return rows[0] ?? null;
  }

  /**
   * PostgreSQL: write() and the activity row in one statement (updateWithActivity) on a pooled
   * connection, without knex's query layer; null when the row no longer has `version`.
   */
  async writeWithActivity(
    id: string,
    userId: string,
    version: number,
    w: AssessmentWrite,
    activity: ActivityRowValues,
  ): Promise<AssessmentRow | null> {
    const rows = await queryOnPool(this.em, 'postgresql', this.updateWithActivity, [
      ...this.updateParams(id, userId, version, w, (d) => d),
      ...this.activityParams(activity, (d) => d),
    ]);
    return rows[0] ?? null;
  }

  /** PostgreSQL: findReadable() on a pooled connection, without knex's query layer. */
  async findReadableOnPool(id: string, userId: string | null): Promise<AssessmentRow | null> {
    const rows =
      userId === null
        ? await queryOnPool(this.em, 'postgresql', this.selectById, [id])
        : await queryOnPool(this.em, 'postgresql', this.select, [id, userId]);
    return rows[0] ?? null;
  }

  /** PostgreSQL: find() on a pooled connection, without knex's query layer. */
  async findOnPool(id: string, userId: string): Promise<AssessmentRow | null> {
    return (await queryOnPool(this.em, 'postgresql', this.select, [id, userId]))[0] ?? null;
  }

  async insertActivityRow(runner: Runner, v: ActivityRowValues): Promise<void> {
    await runner.raw(this.insertActivity, this.activityParams(v, (d) => d) as Knex.RawBinding[]);
  }

  async serviceName(runner: Runner, typeCode: string): Promise<string | null> {
    const rows = rowsOf(await runner.raw(this.serviceTitle, [typeCode]));
    const title = rows[0]?.title;
    return typeof title === 'string' ? title : null;
  }

  /** The row's answers as an object (SQLite returns the JSON text, PostgreSQL the parsed value). */
  answersOf(row: AssessmentRow): Record<string, unknown> {
    const value = row[this.columns.answers];
    if (typeof value === 'string') return JSON.parse(value) as Record<string, unknown>;
    return (value ?? {}) as Record<string, unknown>;
  }

  /** The owning user's id. */
  ownerOf(row: AssessmentRow): string {
    return row[this.responseColumns.user!] as string;
  }

  numberOf(row: AssessmentRow, column: string): number {
    return Number(row[column]);
  }
}
