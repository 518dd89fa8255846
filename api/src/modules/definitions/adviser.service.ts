import { LRUCache } from 'lru-cache';
import { EntityManager, LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { evaluateOutcome, versionInForce } from '@reclaim/engine';
import type { FastifyRequest } from 'fastify';
import { AppConfig } from '../../config/config';
import { ActivityLog } from '../activity-logs/activity-log.entity';
import { ActivityLogService } from '../activity-logs/activity-logs.service';
import { Assessment, storedOutcome } from '../assessments/assessment.entity';
import { outcomeChanges } from './impact/impact-changes';
import { flattenAnswers, validateAnswers } from '../assessments/validate-answers';
import { User } from '../users/user.entity';
import { jsonChecksum } from './checksum';
import { isPublishedContent, refuseInconsistentDraft } from './consistency';
import { assertReleaseGate, coverageBody, releaseCoverage } from './release-gate';
import { DefinitionVersion, ParameterSetRecord } from './definition-version.entity';
import { DefinitionsService } from './definitions.service';
import {
  changesBetween,
  checksOf,
  evaluateWith,
  loadDefinitionJson,
  type AssessmentEvaluation,
  type ParameterSet,
} from './engine-adapter';
import { markApproved, markSubmitted } from './review';

export const ACTIVITY_DEFINITION_DRAFT = 'definition_draft_saved';
export const ACTIVITY_DEFINITION_PUBLISH = 'definition_publish';
export const ACTIVITY_DEFINITION_ROLLBACK = 'definition_rollback';
export const ACTIVITY_DEFINITION_SUBMITTED = 'definition_submitted';
export const ACTIVITY_DEFINITION_WITHDRAWN = 'definition_withdrawn';
export const ACTIVITY_DEFINITION_REVIEW_WITHDRAWN = 'definition_review_withdrawn';
export const ACTIVITY_DEFINITION_APPROVED = 'definition_approved';
export const ACTIVITY_DEFINITION_CHANGES_REQUESTED = 'definition_changes_requested';
export const ACTIVITY_DEFINITION_ROLLBACK_DRAFT = 'definition_rollback_draft';

/** Every action of a definition's history, with how it reads in the studio. */
const HISTORY_LABELS: Record<string, (version: number | null) => string> = {
  [ACTIVITY_DEFINITION_DRAFT]: (v) => `Saved draft v${v}`,
  [ACTIVITY_DEFINITION_SUBMITTED]: (v) => `Submitted v${v} for review`,
  [ACTIVITY_DEFINITION_WITHDRAWN]: (v) => `Withdrew v${v} from review`,
  [ACTIVITY_DEFINITION_REVIEW_WITHDRAWN]: (v) => `An edit withdrew v${v} from review`,
  [ACTIVITY_DEFINITION_APPROVED]: (v) => `Approved v${v}`,
  [ACTIVITY_DEFINITION_CHANGES_REQUESTED]: (v) => `Changes requested on v${v}`,
  [ACTIVITY_DEFINITION_PUBLISH]: (v) => `Published v${v}`,
  [ACTIVITY_DEFINITION_ROLLBACK_DRAFT]: (v) => `Started rollback draft v${v}`,
  [ACTIVITY_DEFINITION_ROLLBACK]: (v) => `Emergency rollback: retired v${v}`,
};

export type ReviewState = DefinitionVersion['reviewState'];

interface Person {
  id: string;
  name: string;
}

function personName(user: Pick<User, 'displayName' | 'username' | 'email'>): string {
  return user.displayName || user.username || user.email;
}

function whenText(when: Date): string {
  const iso = when.toISOString();
  return `${iso.slice(11, 16)} on ${iso.slice(0, 10)} (UTC)`;
}

/** An outcome as the quick impact check reports it. */
interface Outcome {
  likelihood: string;
  serviceApproach: string;
  median: number;
}

function issuesOf(err: unknown): { field: string; message: string }[] {
  const issues = (err as { issues?: unknown }).issues;
  if (Array.isArray(issues)) {
    return issues.map((i: { path?: unknown; message?: unknown }) => ({
      field:
        `definition${typeof i.path === 'string' ? i.path.replace(/\//g, '.').replace(/^\.?/, '.') : ''}`.replace(
          /\.$/,
          '',
        ),
      message: typeof i.message === 'string' ? i.message : 'is invalid',
    }));
  }
  return [{ field: 'definition', message: err instanceof Error ? err.message : 'is invalid' }];
}

/**
 * D7: advisers change a definition as a draft (the next version), check it, try it on sample
 * answers, see which stored assessments would change outcome, publish it, and roll back.
 * Published versions are never edited; rollback retires the newest published version so the one
 * before it answers again. Every publish and rollback is an activity row.
 */
@Injectable()
export class AdviserService {
  constructor(
    private readonly em: EntityManager,
    private readonly definitions: DefinitionsService,
    private readonly activity: ActivityLogService,
    private readonly config: AppConfig,
  ) {}

  /**
   * Runs one write of a definition's drafts (save, submit, withdraw, request changes, approve,
   * publish, rollback draft, emergency rollback) in one transaction that first takes every
   * version row of the definition: SELECT … FOR UPDATE on PostgreSQL, in version order, so two
   * writes of one definition run one after the other and each decides on what the other
   * committed (SQLite has one writer at a time: its pool is one connection). The activity rows
   * are written in the same transaction, so the history records only what was committed. The
   * unit of work starts empty (nothing read earlier by the request is trusted), and every row has
   * an optimistic-lock version (`rowVersion`): an UPDATE of a row changed since it was read fails
   * rather than merging with the other write. Nothing in `work` may read through the definitions
   * registry (it reads on a connection of its own: on SQLite that would wait for this one).
   */
  private async writing<T>(
    definitionId: string,
    work: (tx: EntityManager, rows: DefinitionVersion[]) => Promise<T>,
  ): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.em.transactional(
          async (tx) => {
            const rows = await tx.find(
              DefinitionVersion,
              { definitionId },
              {
                orderBy: { version: 'desc' },
                ...(this.config.database.driver === 'postgresql'
                  ? { lockMode: LockMode.PESSIMISTIC_WRITE }
                  : {}),
              },
            );
            return work(tx, rows);
          },
          { clear: true },
        );
      } catch (err) {
        // Two requests created the same new version at once: the one that waited for the lock
        // read the rows as they were when its statement began, without the other's new row. Run
        // again, it sees that draft and answers as for any other draft (a 409 naming its editor).
        if (err instanceof UniqueConstraintViolationException && attempt < 3) continue;
        throw err;
      }
    }
  }

  /** The draft `version` among a definition's locked rows; 404 when it is not (or no longer) a draft. */
  private draftIn(rows: DefinitionVersion[], definitionId: string, version: number): DefinitionVersion {
    const row = rows.find((r) => r.version === version && r.status === 'draft');
    if (!row) throw new NotFoundException(`No draft v${version} of ${definitionId}`);
    return row;
  }

  /** The newest activity row of one step of a version (who did it and when). */
  private lastStep(em: EntityManager, action: string, definitionId: string, version: number) {
    return em.findOne(
      ActivityLog,
      { action, targetType: 'definition', targetId: `${definitionId}@${version}` },
      { orderBy: { createdAt: 'desc' }, populate: ['user'] },
    );
  }

  /** The parameter sets a definition names (`em`: a background job's own entity manager). */
  async parameterSetsFor(
    json: Record<string, unknown>,
    em: EntityManager = this.em,
  ): Promise<ParameterSet[]> {
    const refs = ((json.parameters as { set?: string }[] | undefined) ?? [])
      .map((p) => p.set)
      .filter((s): s is string => typeof s === 'string');
    if (refs.length === 0) return [];
    const rows = await em.find(ParameterSetRecord, { id: { $in: refs } }, { populate: ['json'] });
    // In the definition's order: a database returns `IN (…)` rows in any order (PostgreSQL does).
    const byId = new Map(rows.map((r) => [r.id, r.json as unknown as ParameterSet]));
    return refs.flatMap((id) => byId.get(id) ?? []);
  }

  /** Loads a draft's JSON with the engine; 400 listing the problems when it does not load. */
  loadDraftDefinition(json: Record<string, unknown>) {
    return this.load(json);
  }

  private async load(json: Record<string, unknown>) {
    try {
      return loadDefinitionJson(json, await this.parameterSetsFor(json));
    } catch (err) {
      throw new BadRequestException({ message: 'The definition is not valid', errors: issuesOf(err) });
    }
  }

  /** Names of users by id (the workflow keeps ids; an erased account reads as a former user). */
  private async people(ids: (string | null | undefined)[]): Promise<Map<string, Person>> {
    const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
    const found = new Map<string, Person>();
    if (wanted.length === 0) return found;
    const users = await this.em.find(User, { id: { $in: wanted } });
    for (const u of users) found.set(u.id, { id: u.id, name: personName(u) });
    for (const id of wanted) if (!found.has(id)) found.set(id, { id, name: 'a former user' });
    return found;
  }

  private async summary(row: DefinitionVersion) {
    const names = await this.people([row.updatedById, row.submittedById, row.approvedById]);
    const who = (id: string | null) => (id ? (names.get(id) ?? null) : null);
    const today = this.definitions.today();
    return {
      id: row.definitionId,
      serviceType: row.serviceType,
      version: row.version,
      status: row.status,
      scheduled: row.status === 'published' && row.effectiveFrom > today,
      title: row.title,
      effectiveFrom: row.effectiveFrom,
      checksum: row.checksum,
      updated_by: who(row.updatedById),
      updated_at: row.updatedAt?.toISOString() ?? null,
      review: {
        state: row.reviewState,
        release_note: row.releaseNote,
        source_url: row.sourceUrl,
        submitted_by: who(row.submittedById),
        submitted_at: row.submittedAt?.toISOString() ?? null,
        approved_by: who(row.approvedById),
        approved_at: row.approvedAt?.toISOString() ?? null,
        approved_checksum: row.approvedChecksum,
      },
    };
  }

  private log(
    em: EntityManager,
    staff: User,
    action: string,
    definitionId: string,
    version: number,
    request: FastifyRequest | undefined,
    detail?: Record<string, unknown>,
  ): void {
    this.activity.persist(em, {
      user: staff,
      action,
      targetType: 'definition',
      targetId: `${definitionId}@${version}`,
      detail: detail ?? null,
      request: request ?? null,
    });
  }

  private async draftRow(definitionId: string, version: number): Promise<DefinitionVersion> {
    const row = await this.em.findOne(
      DefinitionVersion,
      { definitionId, version, status: 'draft' },
      { populate: ['json'] },
    );
    if (!row) throw new NotFoundException(`No draft v${version} of ${definitionId}`);
    return row;
  }

  /** Saves the draft: the version after the newest stored one (or the open draft, which it replaces). */
  async saveDraft(
    staff: User,
    definitionId: string,
    json: Record<string, unknown>,
    request?: FastifyRequest,
    baseChecksum?: string | null,
  ) {
    if (json.id !== definitionId) {
      throw new BadRequestException({
        message: `definition.id must be ${definitionId}`,
        errors: [{ field: 'definition.id', message: `must be ${definitionId}` }],
      });
    }
    const row = await this.writing(definitionId, (tx, rows) =>
      this.writeDraft(tx, staff, definitionId, rows, json, request, baseChecksum),
    );
    // After the commit: every instance reloads what is now stored.
    await this.definitions.changed();
    return this.summary(row);
  }

  /** saveDraft's write, inside the caller's locked transaction (rollbackDraft writes one too). */
  private async writeDraft(
    tx: EntityManager,
    staff: User,
    definitionId: string,
    rows: DefinitionVersion[],
    json: Record<string, unknown>,
    request: FastifyRequest | undefined,
    baseChecksum: string | null | undefined,
    step: { action: string; detail?: Record<string, unknown> } = { action: ACTIVITY_DEFINITION_DRAFT },
  ): Promise<DefinitionVersion> {
    if (rows.length === 0) throw new NotFoundException(`No definition ${definitionId}`);
    const open = rows.find((r) => r.status === 'draft');
    // base_checksum: the draft the editor opened; null = it opened none (a draft made meanwhile is
    // someone else's); omitted = the old editor, which saves over the open draft as before.
    if (open && baseChecksum !== undefined && baseChecksum !== open.checksum) {
      // Someone saved the draft after this editor opened it: never overwrite their work silently.
      const last = await this.lastStep(tx, ACTIVITY_DEFINITION_DRAFT, definitionId, open.version);
      const editor = open.updatedById
        ? (await this.people([open.updatedById])).get(open.updatedById)
        : last?.user
          ? { id: last.user.id, name: personName(last.user) }
          : undefined;
      const who = editor?.name ?? 'another adviser';
      const when = open.updatedAt ?? last?.createdAt ?? open.createdAt;
      throw new ConflictException({
        message: `Draft v${open.version} was changed by ${who} at ${whenText(when)}; reload it to see their changes before saving.`,
        version: open.version,
        changed_by: editor ?? null,
        changed_at: when.toISOString(),
        checksum: open.checksum,
      });
    }
    if (!open && typeof baseChecksum === 'string') {
      // The draft this editor opened is no draft any more: it was published (an edit racing the
      // publish lost). Saving would start a new version behind the editor's back.
      const published = rows.find((r) => r.status !== 'draft' && r.approvedChecksum === baseChecksum);
      const step = published
        ? await this.lastStep(tx, ACTIVITY_DEFINITION_PUBLISH, definitionId, published.version)
        : null;
      throw new ConflictException({
        message:
          published && step
            ? `Draft v${published.version} was published by ${step.user ? personName(step.user) : 'another adviser'} at ${whenText(step.createdAt)}; your changes were not saved. Open the definition again to start a new draft from it.`
            : 'The draft you opened is no longer open (it was published or replaced); your changes were not saved. Open the definition again to start a new draft.',
        published_version: published?.version ?? null,
      });
    }
    const version = open?.version ?? (rows[0]?.version ?? 0) + 1;
    const draftJson: Record<string, unknown> = { ...json, version, status: 'draft' };
    await this.load(draftJson);
    const row = open ?? new DefinitionVersion();
    row.definitionId = definitionId;
    row.serviceType = typeof draftJson.serviceType === 'string' ? draftJson.serviceType : definitionId;
    row.aliases = Array.isArray(draftJson.aliases)
      ? draftJson.aliases.filter((a): a is string => typeof a === 'string')
      : [];
    row.version = version;
    row.status = 'draft';
    row.effectiveFrom =
      typeof draftJson.effectiveFrom === 'string' ? draftJson.effectiveFrom : this.definitions.today();
    row.title = typeof draftJson.title === 'string' ? draftJson.title.slice(0, 300) : definitionId;
    row.json = draftJson;
    row.checksum = jsonChecksum(draftJson);
    row.updatedById = staff.id;
    row.updatedAt = new Date();
    tx.persist(row);
    this.log(tx, staff, step.action, definitionId, version, request, step.detail);
    if (row.reviewState === 'submitted' || row.reviewState === 'approved') {
      // Any edit withdraws the submission and the approval: a reviewer approved other content.
      this.log(tx, staff, ACTIVITY_DEFINITION_REVIEW_WITHDRAWN, definitionId, version, request, {
        was: row.reviewState,
      });
      this.clearReview(row);
    }
    return row;
  }

  /** Back to editing: the release note and source stay as a starting point for the next submit. */
  private clearReview(row: DefinitionVersion): void {
    row.reviewState = 'editing';
    row.submittedById = null;
    row.submittedAt = null;
    row.approvedById = null;
    row.approvedAt = null;
    row.approvedChecksum = null;
  }

  /** The published version in force today (the one a draft is compared with), if any. */
  private async inForce(
    definitionId: string,
  ): Promise<{ version: number; json: Record<string, unknown> } | null> {
    const entry = await this.definitions.published(definitionId).catch(() => null);
    return entry && entry.definitionId === definitionId ? { version: entry.version, json: entry.json } : null;
  }

  /** The studio's checks of any definition JSON (not saved), against the version in force. */
  async check(definitionId: string, json: Record<string, unknown>) {
    const published = await this.inForce(definitionId);
    return { checks: checksOf(json, await this.parameterSetsFor(json), published?.json ?? null) };
  }

  async getDraft(definitionId: string, version: number) {
    const row = await this.draftRow(definitionId, version);
    const { checks } = await this.check(definitionId, row.json);
    return {
      ...(await this.summary(row)),
      definition: row.json,
      checks,
      coverage: await this.coverage(definitionId, row.json, row.checksum),
    };
  }

  /**
   * Coverage answers by what they are computed from (the draft, the version in force, the parameter
   * sets, by checksum): running every embedded test takes a few hundred milliseconds of the main
   * thread, and the studio reads the draft on each of its screens. Derived data only: an instance
   * that lacks an entry computes it; a submit always computes afresh.
   */
  private readonly coverageCache = new LRUCache<string, NonNullable<ReturnType<typeof coverageBody>>>({
    max: 32,
  });

  /** The release gate's coverage of a draft for the reviewer (null when it does not load). */
  private async coverage(definitionId: string, json: Record<string, unknown>, checksum: string) {
    let loaded;
    let sets: ParameterSet[];
    try {
      sets = await this.parameterSetsFor(json);
    } catch {
      return null;
    }
    const inForce = await this.inForce(definitionId);
    const key = [definitionId, checksum, inForce?.version ?? 0, ...sets.map((set) => jsonChecksum(set))].join(
      '|',
    );
    const cached = this.coverageCache.get(key);
    if (cached) return cached;
    try {
      loaded = loadDefinitionJson(json, sets);
    } catch {
      return null;
    }
    const body = coverageBody(await releaseCoverage(loaded, inForce?.json ?? null));
    this.coverageCache.set(key, body);
    return body;
  }

  /** The draft against the version in force today, in sentences. */
  async diff(definitionId: string, version: number) {
    const row = await this.draftRow(definitionId, version);
    const published = await this.inForce(definitionId);
    return {
      from_version: published?.version ?? null,
      to_version: row.version,
      changes: changesBetween(published?.json ?? {}, row.json),
    };
  }

  async tryDraft(
    definitionId: string,
    version: number,
    answers: Record<string, unknown>,
    asOf: string | undefined,
  ): Promise<AssessmentEvaluation> {
    const row = await this.draftRow(definitionId, version);
    const definition = await this.load(row.json);
    const on = asOf ?? this.definitions.today();
    const errors = validateAnswers(definition, answers, on);
    if (errors.length > 0) throw new BadRequestException({ message: 'Some answers are not valid', errors });
    return evaluateWith(definition, flattenAnswers(answers), on);
  }

  /** Stored, evaluated assessments of this definition whose outcome the draft would change. */
  async impact(definitionId: string, version: number) {
    const row = await this.draftRow(definitionId, version);
    const definition = await this.load(row.json);
    const assessments = await this.em.find(
      Assessment,
      { assessmentType: definitionId, status: 'COMPLETED' },
      // the stored outcome's columns, not the stored evaluations
      { orderBy: { submittedAt: 'desc' }, limit: 1000, exclude: ['results', 'resultFields'] },
    );
    const changed: { assessment_id: string; before: Outcome | null; after: Outcome }[] = [];
    for (const a of assessments) {
      const after = await evaluateOutcome({
        definition,
        answers: flattenAnswers(a.answers),
        asOf: a.evaluatedAsOf ?? this.definitions.today(),
      });
      const stored = storedOutcome(a);
      if (outcomeChanges(stored, after) === 0) continue;
      changed.push({
        assessment_id: a.id,
        before:
          stored.likelihood === null
            ? null
            : {
                likelihood: stored.likelihood,
                serviceApproach: stored.serviceApproach ?? '',
                median: stored.valueMedian ?? 0,
              },
        after: {
          likelihood: after.likelihood,
          serviceApproach: after.serviceApproach,
          median: after.valueMedian,
        },
      });
    }
    return {
      definition: await this.summary(row),
      checked: assessments.length,
      changed_count: changed.length,
      changed,
    };
  }

  /** Draft → submitted: with a note of what changes and why and a link to its source. */
  async submit(
    staff: User,
    definitionId: string,
    version: number,
    body: { release_note: string; source_url: string },
    request?: FastifyRequest,
  ) {
    // The checks compare with the version in force, read through the registry: before the
    // transaction. The content checked is then pinned by its checksum.
    const peek = await this.draftRow(definitionId, version);
    let checked: string | null = null;
    if (peek.reviewState === 'editing') {
      const { checks } = await this.check(definitionId, peek.json);
      if (checks.some((c) => c.severity === 'error')) {
        throw new BadRequestException({ message: 'The draft has problems to fix before review', checks });
      }
      const loaded = await this.load(peek.json);
      // Results that contradict themselves first (issue 28), then the tests' coverage (issue 29).
      const earlier = await this.em.find(
        DefinitionVersion,
        { definitionId, status: { $ne: 'draft' } },
        { populate: ['json'] },
      );
      const published = earlier.map((r) => r.json);
      await refuseInconsistentDraft(loaded, published);
      // A rollback draft (the content of a version already published) passed both checks when it
      // was reviewed; the gate's coverage is of changes, and going back is not a new change.
      if (!isPublishedContent(loaded, published))
        await assertReleaseGate(loaded, (await this.inForce(definitionId))?.json ?? null);
      checked = peek.checksum;
    }
    const row = await this.writing(definitionId, (tx, rows) => {
      const row = this.draftIn(rows, definitionId, version);
      if (row.reviewState === 'editing' && row.checksum !== checked) {
        throw new ConflictException(
          `Draft v${version} was saved again while it was being checked; open it again and submit what you see.`,
        );
      }
      markSubmitted(row, staff.id, body, `Draft v${version} is already ${row.reviewState}`);
      this.log(tx, staff, ACTIVITY_DEFINITION_SUBMITTED, definitionId, version, request, {
        note: row.releaseNote,
        source_url: row.sourceUrl,
        checksum: row.checksum,
      });
      return Promise.resolve(row);
    });
    return this.summary(row);
  }

  /** Submitted or approved → editing, on purpose (an edit does the same on its own). */
  async withdraw(staff: User, definitionId: string, version: number, request?: FastifyRequest) {
    const row = await this.writing(definitionId, (tx, rows) => {
      const row = this.draftIn(rows, definitionId, version);
      if (row.reviewState === 'editing') {
        throw new ConflictException(`Draft v${version} is not submitted for review`);
      }
      this.log(tx, staff, ACTIVITY_DEFINITION_WITHDRAWN, definitionId, version, request, {
        was: row.reviewState,
      });
      this.clearReview(row);
      return Promise.resolve(row);
    });
    return this.summary(row);
  }

  /** Submitted → editing, by a reviewer (not the submitter) with a comment for the history. */
  async requestChanges(
    staff: User,
    definitionId: string,
    version: number,
    comment: string,
    request?: FastifyRequest,
  ) {
    const row = await this.writing(definitionId, (tx, rows) => {
      const row = this.draftIn(rows, definitionId, version);
      if (row.reviewState !== 'submitted') {
        throw new ConflictException(`Draft v${version} is not submitted for review`);
      }
      if (row.submittedById === staff.id) {
        throw new ForbiddenException('You submitted this draft; withdraw it instead of requesting changes.');
      }
      this.log(tx, staff, ACTIVITY_DEFINITION_CHANGES_REQUESTED, definitionId, version, request, {
        comment: comment.trim(),
      });
      this.clearReview(row);
      return Promise.resolve(row);
    });
    return this.summary(row);
  }

  /** Submitted → approved, by another adviser, for the exact content they reviewed (its checksum). */
  async approve(
    staff: User,
    definitionId: string,
    version: number,
    checksum: string,
    request?: FastifyRequest,
  ) {
    const row = await this.writing(definitionId, (tx, rows) => {
      const row = this.draftIn(rows, definitionId, version);
      markApproved(row, staff.id, row.updatedById, checksum, `Draft v${version} is not submitted for review`);
      this.log(tx, staff, ACTIVITY_DEFINITION_APPROVED, definitionId, version, request, {
        checksum: row.checksum,
      });
      return Promise.resolve(row);
    });
    return this.summary(row);
  }

  /**
   * Approved → published, from today or from a later date. A later date is not a job: the version
   * is stored as published with that effectiveFrom and versionInForce picks it from that day.
   *
   * What goes live is the approved content: under the lock, the stored JSON's checksum, computed
   * now, must be the checksum the approver approved; the publish then changes only its `status`
   * (to "published") and `effectiveFrom` (to the date it applies from).
   */
  async publish(
    staff: User,
    definitionId: string,
    version: number,
    effectiveFrom: string | undefined,
    request?: FastifyRequest,
  ) {
    const today = this.definitions.today();
    const from = effectiveFrom ?? today;
    if (Number.isNaN(Date.parse(`${from}T00:00:00Z`))) {
      throw new BadRequestException('effective_from must be a date as YYYY-MM-DD');
    }
    if (from < today) throw new BadRequestException(`effective_from cannot be before today (${today})`);
    const row = await this.writing(definitionId, async (tx, rows) => {
      const row = this.draftIn(rows, definitionId, version);
      if (row.reviewState !== 'approved' || row.approvedChecksum === null) {
        throw new ConflictException(`Draft v${version} is not approved`);
      }
      await tx.populate(row, ['json']);
      if (row.checksum !== row.approvedChecksum || jsonChecksum(row.json) !== row.approvedChecksum) {
        throw new ConflictException(`Draft v${version} is not approved`);
      }
      // A later version number wins on every date it is in force: publishing before a scheduled
      // version's date would mean that one never goes live, silently.
      const hidden = rows.find(
        (v) => v.status === 'published' && v.effectiveFrom > from && v.version < version,
      );
      if (hidden) {
        throw new ConflictException(
          `v${hidden.version} is scheduled for ${hidden.effectiveFrom}; publish from that date or later, or retire it first`,
        );
      }
      await this.load(row.json);
      row.status = 'published';
      row.reviewState = 'published';
      row.effectiveFrom = from;
      row.json = { ...row.json, status: 'published', effectiveFrom: from };
      row.checksum = jsonChecksum(row.json);
      this.log(tx, staff, ACTIVITY_DEFINITION_PUBLISH, definitionId, version, request, {
        effective_from: from,
        scheduled: from > today,
        approved_by: row.approvedById,
        approved_checksum: row.approvedChecksum,
      });
      return row;
    });
    await this.definitions.changed();
    return this.summary(row);
  }

  /**
   * A normal rollback: a new draft with an older version's content, which then goes through the
   * same review. Default: the published version before the one in force today.
   */
  async rollbackDraft(
    staff: User,
    definitionId: string,
    toVersion: number | undefined,
    request?: FastifyRequest,
  ) {
    const row = await this.writing(definitionId, async (tx, rows) => {
      if (rows.length === 0) throw new NotFoundException(`No definition ${definitionId}`);
      const open = rows.find((r) => r.status === 'draft');
      if (open) {
        throw new ConflictException(
          `Draft v${open.version} is open; finish or discard it before starting a rollback draft`,
        );
      }
      let source: DefinitionVersion | undefined;
      if (toVersion !== undefined) {
        source = rows.find((r) => r.version === toVersion && r.status !== 'draft');
        if (!source) throw new NotFoundException(`No published or retired v${toVersion} of ${definitionId}`);
      } else {
        const current = versionInForce(rows, this.definitions.today());
        source = rows.find((r) => r.status === 'published' && current && r.version < current.version);
        if (!source) {
          throw new ConflictException(
            `There is no published version of ${definitionId} before the one in force`,
          );
        }
      }
      await tx.populate(source, ['json']);
      const { version: _v, status: _s, effectiveFrom: _e, ...content } = source.json;
      const row = await this.writeDraft(
        tx,
        staff,
        definitionId,
        rows,
        { ...content, effectiveFrom: this.definitions.today() },
        request,
        undefined,
        // One step, one history row: the save is the rollback draft.
        { action: ACTIVITY_DEFINITION_ROLLBACK_DRAFT, detail: { copy_of: source.version } },
      );
      return row;
    });
    await this.definitions.changed();
    return this.summary(row);
  }

  /**
   * ADMIN-only emergency rollback, with a reason and no review: retires the version in force today
   * (or the published version named, e.g. a scheduled one); the version before it answers again.
   */
  async rollback(
    staff: User,
    definitionId: string,
    reason: string,
    version: number | undefined,
    request?: FastifyRequest,
  ) {
    const { target, current } = await this.writing(definitionId, (tx, rows) => {
      const published = rows.filter((r) => r.status === 'published');
      const today = this.definitions.today();
      const target =
        version === undefined
          ? versionInForce(published, today)
          : published.find((v) => v.version === version);
      if (!target) {
        throw new NotFoundException(
          version === undefined
            ? `No published version of ${definitionId}`
            : `No published v${version} of ${definitionId}`,
        );
      }
      const rest = published.filter((v) => v !== target);
      if (rest.length === 0) {
        throw new ConflictException(
          `v${target.version} is the only published version of ${definitionId}; there is nothing to roll back to`,
        );
      }
      target.status = 'retired';
      const current = versionInForce(rest, today)!;
      this.log(tx, staff, ACTIVITY_DEFINITION_ROLLBACK, definitionId, target.version, request, {
        retired: target.version,
        now_current: current.version,
        reason: reason.trim(),
      });
      return Promise.resolve({ target, current });
    });
    await this.definitions.changed();
    return { retired: await this.summary(target), current: await this.summary(current) };
  }

  /** Every workflow step of this definition (all versions), newest first. */
  async history(definitionId: string) {
    const known = await this.em.count(DefinitionVersion, { definitionId });
    if (known === 0) throw new NotFoundException(`No definition ${definitionId}`);
    const rows = await this.em.find(
      ActivityLog,
      {
        targetType: 'definition',
        targetId: { $like: `${definitionId}@%` },
        action: { $in: Object.keys(HISTORY_LABELS) },
      },
      { orderBy: { createdAt: 'desc' }, populate: ['user'], limit: 500 },
    );
    return {
      items: rows
        .filter((r) => r.targetId?.slice(0, r.targetId.lastIndexOf('@')) === definitionId)
        .map((r) => {
          const version = Number(r.targetId?.slice(r.targetId.lastIndexOf('@') + 1)) || null;
          return {
            at: r.createdAt.toISOString(),
            action: r.action,
            label: HISTORY_LABELS[r.action]!(version),
            version,
            user: r.user ? { id: r.user.id, name: personName(r.user) } : null,
            detail: r.detail ?? {},
          };
        }),
    };
  }
}
