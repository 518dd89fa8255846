import { EntityManager, LockMode, type EntityDictionary } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/config';
import { ownership, type Viewer } from '../../common/access';
import type { ActivityRowValues } from '../activity-logs/activity-logs.service';
import { Claim } from '../claims/claim.entity';
import { Document } from '../documents/document.entity';
import { Assessment, type AssessmentStatus } from './assessment.entity';
import { AssessmentSql, type AssessmentRow, type AssessmentWrite } from './assessment-sql';
import type { AssessmentResponse } from './assessment.serializer';
import { DocumentTask } from './document-task.entity';

export type { AssessmentRow, AssessmentWrite } from './assessment-sql';

/** What a save reads from the row it is about to change. */
export interface AssessmentFields {
  version: number;
  status: AssessmentStatus;
  serviceType: string;
  assessmentType: string;
  definitionVersion: number;
  serviceName: string;
  answers: Record<string, unknown>;
  currentStep: number;
}

/**
 * Works out a save from the row read: what to write, or null when there is nothing to write.
 * `serviceTitle` reads a service's title on the connection the save holds.
 */
export type SavePlan = (
  row: AssessmentRow,
  serviceTitle: (typeCode: string) => Promise<string | null>,
) => Promise<AssessmentWrite | null>;

/** The end of a save: the row written (or read, when nothing was to write), no such row, or lost. */
export type SaveOutcome =
  | { saved: AssessmentRow }
  | { missing: true }
  /** Another save changed the row first; `current` is the row now (null when it has gone). */
  | { lost: AssessmentRow | null };

// A versionless save that still loses a race (another process without the row lock) tries again.
const MAX_VERSIONLESS_RETRIES = 5;

const IN_PROGRESS: AssessmentStatus = 'in_progress';
const ORDER_TASKS = { orderBy: { sortOrder: 'asc', createdAt: 'asc' } } as const;

/**
 * The one place assessments (and their document tasks) are stored and read. Three storage paths
 * live behind it and nowhere else: the ORM (creating, submitting, lists, tasks), plain SQL through
 * knex for PostgreSQL and synchronous better-sqlite3 calls for SQLite (reading one assessment and
 * the save's conditional UPDATE, see AssessmentSql). Which SQL path runs is decided here from the
 * configured driver; the service above it holds the business rules only. Every read and list
 * takes its owner filter from `ownership` (common/access.ts).
 */
@Injectable()
export class AssessmentRepository {
  private sqlCache: AssessmentSql | null = null;

  constructor(
    private readonly em: EntityManager,
    private readonly config: AppConfig,
  ) {}

  private get sql(): AssessmentSql {
    this.sqlCache ??= new AssessmentSql(this.em);
    return this.sqlCache;
  }

  private get postgres(): boolean {
    return this.config.database.driver === 'postgresql';
  }

  // ---------------------------------------------------------------- rows

  /** A raw row as the entity (types converted by the ORM, as a load would). */
  toEntity(row: AssessmentRow): Assessment {
    return this.em.map(Assessment, row as EntityDictionary<Assessment>);
  }

  /** The API answer straight from a row, without an entity. */
  toResponse(row: AssessmentRow): AssessmentResponse {
    return this.sql.toResponse(row);
  }

  ownerOf(row: AssessmentRow): string {
    return this.sql.ownerOf(row);
  }

  fieldsOf(row: AssessmentRow): AssessmentFields {
    const sql = this.sql;
    const c = sql.columns;
    return {
      version: sql.numberOf(row, c.version),
      status: row[c.status] as AssessmentStatus,
      serviceType: row[c.serviceType] as string,
      assessmentType: row[c.assessmentType] as string,
      definitionVersion: sql.numberOf(row, c.definitionVersion),
      serviceName: row[c.serviceName] as string,
      answers: sql.answersOf(row),
      currentStep: sql.numberOf(row, c.currentStep),
    };
  }

  // ---------------------------------------------------------------- reading

  /** The assessment `viewer` may read (ownership.record: staff any, a client their own) as one plain SELECT. */
  async findReadableRow(viewer: Viewer, id: string): Promise<AssessmentRow | null> {
    const sql = this.sql;
    const owner = ownership.recordOwnerId(viewer);
    return this.postgres
      ? sql.findReadableOnPool(id, owner)
      : sql.onSqlite((db) => sql.findReadableSync(db, id, owner));
  }

  /** The owner's own assessment (writing is the owner's alone), locked on PostgreSQL when asked. */
  async findOwned(em: EntityManager, viewer: Viewer, id: string, lock = false): Promise<Assessment | null> {
    return em.findOne(
      Assessment,
      ownership.own(viewer, 'user', { id }),
      lock && this.postgres ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
    );
  }

  /** Whether any user holds this id. */
  async exists(id: string): Promise<boolean> {
    return (await this.em.count(Assessment, { id })) > 0;
  }

  /** Summaries (no answers, no results): a client's own; staff their own or the user named. */
  async listSummaries(viewer: Viewer, forUser: string | undefined) {
    const where = ownership.list(
      viewer,
      'user',
      {},
      {
        owner: forUser,
        staffUnscoped: 'own',
        othersForbidden: true,
        forbiddenMessage: 'Only staff can list another user’s assessments',
      },
    );
    return this.em.find(Assessment, where, {
      orderBy: { updatedAt: 'desc' },
      limit: 500,
      exclude: ['answers', 'results', 'resultFields'],
    });
  }

  /**
   * The pending tasks of the viewer's own submitted assessments whose claim is not over (paid,
   * rejected, withdrawn), with the assessment's id, service and update time.
   */
  async pendingTasks(viewer: Viewer) {
    const closed = await this.em.find(
      Claim,
      ownership.own(viewer, 'user', { status: { $in: ['paid', 'rejected', 'withdrawn'] } }),
      { fields: ['assessment'] },
    );
    const ended = closed.map((claim) => claim.assessment.id);
    return this.em.find(
      DocumentTask,
      {
        status: 'pending',
        assessment: ownership.own(viewer, 'user', {
          status: { $ne: IN_PROGRESS },
          ...(ended.length > 0 ? { id: { $nin: ended } } : {}),
        }),
      },
      {
        populate: ['assessment'],
        populateWhere: 'infer',
        fields: [
          '*',
          'assessment.id',
          'assessment.serviceType',
          'assessment.serviceName',
          'assessment.updatedAt',
        ],
        orderBy: { assessment: { updatedAt: 'desc' }, sortOrder: 'asc', createdAt: 'asc' },
        limit: 500,
      },
    );
  }

  async tasksOf(assessmentId: string, em: EntityManager = this.em): Promise<DocumentTask[]> {
    return em.find(DocumentTask, { assessment: assessmentId }, ORDER_TASKS);
  }

  /** A task of the viewer's own assessments and a document of their own (either null when not theirs). */
  async ownTaskAndDocument(
    viewer: Viewer,
    taskId: string,
    documentId: string,
  ): Promise<{ task: DocumentTask | null; document: Document | null }> {
    const task = await this.em.findOne(DocumentTask, {
      id: taskId,
      assessment: ownership.own(viewer, 'user', {}),
    });
    const document = task
      ? await this.em.findOne(Document, ownership.own(viewer, 'owner', { id: documentId }))
      : null;
    return { task, document };
  }

  // ---------------------------------------------------------------- saving

  /**
   * Saves onto the owner's assessment without loading it into a unit of work: plain SQL for the
   * read, one conditional UPDATE (… WHERE version = the version read) and the activity row's
   * INSERT. Of concurrent saves naming one version exactly one UPDATE matches; the rest are
   * `lost`. A versioned save reads outside the transaction (the version settles it, so the
   * transaction is just the two writes). A save without a version reads inside the transaction
   * and holds the row (PostgreSQL: SELECT … FOR UPDATE; SQLite: the transaction holds the only
   * connection), so such saves queue and all succeed; one that loses anyway is retried. Every
   * save bumps the version, even one that only repeats the same answers, so the client's version
   * always identifies exactly what it last saw. `activity` gives the activity row for the version
   * the save was made from.
   */
  async saveOwned(
    viewer: Viewer,
    id: string,
    version: number | undefined,
    plan: SavePlan,
    activity: (version: number) => ActivityRowValues,
  ): Promise<SaveOutcome> {
    const sql = this.sql;
    const knex = sql.knex();
    const owner = ownership.ownOwnerId(viewer);
    if (version !== undefined) {
      if (!this.postgres) {
        // Three synchronous steps, each on the connection only while it runs (as PostgreSQL's
        // read outside the transaction): the read, the plan (in-memory, awaited with no
        // connection held), then the conditional UPDATE and the activity row in one transaction.
        // A save of the same version between the read and the write makes the UPDATE match
        // nothing: lost, with the current row.
        const row = await sql.onSqlite((db) => sql.findSync(db, id, owner));
        if (!row) return { missing: true };
        const write = await plan(row, (code) => sql.onSqlite((db) => sql.serviceNameSync(db, code)));
        if (!write) return { saved: row };
        const values = activity(version);
        return sql.onSqlite((db) => {
          const saved = sql.writeSync(db, id, owner, version, write, values);
          return saved ? { saved } : { lost: sql.findSync(db, id, owner) };
        });
      }
      // PostgreSQL: the read, the plan, then the conditional UPDATE and the activity row as one
      // statement (AssessmentSql.updateWithActivity): two round trips, no transaction to open.
      const row = await sql.findOnPool(id, owner);
      if (!row) return { missing: true };
      const write = await plan(row, (code) => sql.serviceName(knex, code));
      if (!write) return { saved: row };
      const saved = await sql.writeWithActivity(id, owner, version, write, activity(version));
      return saved ? { saved } : { lost: await sql.findOnPool(id, owner) };
    }
    for (let attempt = 0; attempt <= MAX_VERSIONLESS_RETRIES; attempt++) {
      const outcome = await knex.transaction(async (trx): Promise<SaveOutcome | 'lost'> => {
        const row = await sql.find(trx, id, owner, this.postgres);
        if (!row) return { missing: true };
        const write = await plan(row, (code) => sql.serviceName(trx, code));
        if (!write) return { saved: row };
        const read = sql.numberOf(row, sql.columns.version);
        const written = await sql.write(trx, id, owner, read, write);
        if (!written) return 'lost';
        await sql.insertActivityRow(trx, activity(read));
        return { saved: written };
      });
      if (outcome !== 'lost') return outcome;
    }
    return { lost: await sql.find(knex, id, owner) };
  }
}
