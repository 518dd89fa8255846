import { LRUCache } from 'lru-cache';
import { EntityManager, LockMode } from '@mikro-orm/core';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppConfig } from '../../config/config';
import { ActivityLog } from '../activity-logs/activity-log.entity';
import { ActivityLogService } from '../activity-logs/activity-logs.service';
import { User } from '../users/user.entity';
import { jsonChecksum } from './checksum';
import type { ParameterReader } from '@reclaim/engine/testing';
import {
  assertParameterGate,
  assertParameterSources,
  parameterCoverage,
  parameterCoverageBody,
} from './release-gate';
import {
  DefinitionVersion,
  ParameterSetDraft,
  ParameterSetRecord,
  ParameterSetVersion,
} from './definition-version.entity';
import { DefinitionsService } from './definitions.service';
import {
  loadDefinitionJson,
  loadParameterSetJson,
  parameterSetChecks,
  type ParameterSet,
} from './engine-adapter';
import { markApproved, markSubmitted } from './review';

export const ACTIVITY_PARAMETERS_DRAFT = 'parameter_set_draft_saved';
export const ACTIVITY_PARAMETERS_REVIEW_WITHDRAWN = 'parameter_set_review_withdrawn';
export const ACTIVITY_PARAMETERS_SUBMITTED = 'parameter_set_submitted';
export const ACTIVITY_PARAMETERS_APPROVED = 'parameter_set_approved';
export const ACTIVITY_PARAMETERS_PUBLISH = 'parameter_set_publish';
export const ACTIVITY_PARAMETERS_DISCARDED = 'parameter_set_draft_discarded';
export const ACTIVITY_PARAMETERS_ROLLBACK_DRAFT = 'parameter_set_rollback_draft';

const HISTORY_LABELS: Record<string, string> = {
  [ACTIVITY_PARAMETERS_DRAFT]: 'Saved parameter draft',
  [ACTIVITY_PARAMETERS_REVIEW_WITHDRAWN]: 'An edit withdrew the parameter draft from review',
  [ACTIVITY_PARAMETERS_SUBMITTED]: 'Submitted parameter draft for review',
  [ACTIVITY_PARAMETERS_APPROVED]: 'Approved parameter draft',
  [ACTIVITY_PARAMETERS_PUBLISH]: 'Published parameters',
  [ACTIVITY_PARAMETERS_DISCARDED]: 'Discarded parameter draft',
  [ACTIVITY_PARAMETERS_ROLLBACK_DRAFT]: 'Started a rollback draft of earlier parameters',
};

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

function issuesOf(err: unknown): { field: string; message: string }[] {
  const issues = (err as { issues?: unknown }).issues;
  if (Array.isArray(issues)) {
    return issues.map((i: { path?: unknown; message?: unknown }) => ({
      field: `parameter_set${typeof i.path === 'string' ? i.path.replace(/\//g, '.') : ''}`,
      message: typeof i.message === 'string' ? i.message : 'is invalid',
    }));
  }
  return [{ field: 'parameter_set', message: err instanceof Error ? err.message : 'is invalid' }];
}

/**
 * Issue 9 points 1 and 6: dated tax parameters changed in the studio. One open draft per set,
 * checked by the engine (types, gaps, overlaps, sources) and by every stored definition that reads
 * the set; submitted with a note and a source; approved by another adviser against its checksum;
 * published by replacing the stored set (the old one is kept in parameter_set_version). Values
 * carry their own from/to dates, so a new rate applies from its row's date: no scheduling.
 */
@Injectable()
export class ParameterSetsService {
  constructor(
    private readonly em: EntityManager,
    private readonly definitions: DefinitionsService,
    private readonly activity: ActivityLogService,
    private readonly config: AppConfig,
  ) {}

  /**
   * Runs one write of a set's draft (save, discard, submit, approve, publish) in one transaction
   * that first takes the stored set's row (SELECT … FOR UPDATE on PostgreSQL; SQLite has one
   * writer at a time), then reads the draft: two writes of one set run one after the other, and
   * the second sees what the first committed, including a draft it created. The activity rows
   * are written in the same transaction. The unit of work starts empty; the draft row has an
   * optimistic-lock version besides (`rowVersion`).
   */
  private writing<T>(
    setId: string,
    work: (tx: EntityManager, stored: ParameterSetRecord, draft: ParameterSetDraft | null) => Promise<T>,
  ): Promise<T> {
    return this.em.transactional(
      async (tx) => {
        const stored = await tx.findOne(
          ParameterSetRecord,
          { id: setId },
          this.config.database.driver === 'postgresql' ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
        );
        if (!stored) throw new NotFoundException(`No parameter set ${setId}`);
        const draft = await tx.findOne(ParameterSetDraft, { setId });
        return work(tx, stored, draft);
      },
      { clear: true },
    );
  }

  private requireDraft(setId: string, draft: ParameterSetDraft | null): ParameterSetDraft {
    if (!draft) throw new NotFoundException(`There is no parameter draft of ${setId}`);
    return draft;
  }

  private async people(ids: (string | null | undefined)[]): Promise<Map<string, Person>> {
    const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
    const found = new Map<string, Person>();
    if (wanted.length === 0) return found;
    const users = await this.em.find(User, { id: { $in: wanted } });
    for (const u of users) found.set(u.id, { id: u.id, name: personName(u) });
    for (const id of wanted) if (!found.has(id)) found.set(id, { id, name: 'a former user' });
    return found;
  }

  private log(
    em: EntityManager,
    staff: User,
    action: string,
    setId: string,
    request: FastifyRequest | undefined,
    detail?: Record<string, unknown>,
  ): void {
    this.activity.persist(em, {
      user: staff,
      action,
      targetType: 'parameter_set',
      targetId: setId,
      detail: detail ?? null,
      request: request ?? null,
    });
  }

  private async record(setId: string): Promise<ParameterSetRecord> {
    const row = await this.em.findOne(ParameterSetRecord, { id: setId }, { populate: ['json'] });
    if (!row) throw new NotFoundException(`No parameter set ${setId}`);
    return row;
  }

  private async draftSummary(row: ParameterSetDraft) {
    const names = await this.people([row.lastEditedById, row.submittedById, row.approvedById]);
    const who = (id: string | null) => (id ? (names.get(id) ?? null) : null);
    return {
      checksum: row.checksum,
      base_checksum: row.baseChecksum,
      updated_by: who(row.lastEditedById),
      updated_at: row.lastEditedAt.toISOString(),
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
      parameter_set: row.json,
    };
  }

  /** The stored set, its open draft (if any) and its history, newest first. */
  async get(setId: string) {
    const row = await this.record(setId);
    const draft = await this.em.findOne(ParameterSetDraft, { setId }, { populate: ['json'] });
    const names = await this.people([row.updatedById]);
    const earlier = await this.em.find(
      ParameterSetVersion,
      { setId },
      {
        orderBy: { replacedAt: 'desc', id: 'asc' },
        fields: ['checksum', 'replacedAt', 'replacedByChecksum'],
      },
    );
    const newest = new Map<string, (typeof earlier)[number]>();
    for (const v of earlier) if (!newest.has(v.checksum)) newest.set(v.checksum, v);
    const versions = [...newest.values()].map((v) => ({
      checksum: v.checksum,
      replaced_at: v.replacedAt.toISOString(),
      replaced_by_checksum: v.replacedByChecksum,
      is_current: v.checksum === row.checksum,
    }));
    const steps = await this.em.find(
      ActivityLog,
      { targetType: 'parameter_set', targetId: setId, action: { $in: Object.keys(HISTORY_LABELS) } },
      { orderBy: { createdAt: 'desc' }, populate: ['user'], limit: 200 },
    );
    return {
      id: row.id,
      checksum: row.checksum,
      updated_at: row.updatedAt.toISOString(),
      updated_by: row.updatedById ? (names.get(row.updatedById) ?? null) : null,
      parameter_set: row.json,
      draft: draft ? await this.draftSummary(draft) : null,
      coverage: draft ? await this.coverage(row, draft) : null,
      versions,
      history: steps.map((s) => ({
        at: s.createdAt.toISOString(),
        action: s.action,
        label: HISTORY_LABELS[s.action] ?? s.action,
        user: s.user ? { id: s.user.id, name: personName(s.user) } : null,
        detail: s.detail ?? {},
      })),
    };
  }

  /**
   * Every published definition version that reads the set, loaded with `set` in its place (the
   * other sets as stored): whose embedded tests the release gate runs, and among which the set's
   * own tests find their definition by date.
   */
  private async readers(em: EntityManager, set: ParameterSet): Promise<ParameterReader[]> {
    return this.loadReaders(set, await this.readerRows(em, set.id));
  }

  /** The published definition versions reading the set and the other sets, as stored. */
  private async readerRows(em: EntityManager, setId: string) {
    const versions = await em.find(
      DefinitionVersion,
      { status: 'published' },
      { populate: ['json'], orderBy: { definitionId: 'asc', version: 'asc' } },
    );
    const reading = versions.filter((v) =>
      ((v.json.parameters as { set?: string }[] | undefined) ?? []).some((p) => p.set === setId),
    );
    const others =
      reading.length === 0
        ? []
        : await em.find(ParameterSetRecord, { id: { $ne: setId } }, { populate: ['json'] });
    return { reading, others };
  }

  private loadReaders(
    set: ParameterSet,
    { reading, others }: Awaited<ReturnType<ParameterSetsService['readerRows']>>,
  ): ParameterReader[] {
    const sets = [set, ...others.map((o) => o.json as unknown as ParameterSet)];
    return reading.map((v) => ({
      definition: loadDefinitionJson(v.json, sets),
      label: `${v.title} v${v.version}`,
    }));
  }

  /**
   * Coverage answers of GET by everything they are computed from (the draft, the stored set, the
   * readers and the other sets, by checksum): running every published test takes a few hundred
   * milliseconds of the main thread, and the studio reads the set on every screen. Derived data
   * only: an instance that lacks an entry computes it; a submit always computes afresh.
   */
  private readonly coverageCache = new LRUCache<
    string,
    NonNullable<ReturnType<typeof parameterCoverageBody>>
  >({ max: 32 });

  /**
   * The release gate's coverage of the open draft for the submitter and the reviewer: null for a
   * rollback draft (it passed the gate when it was published) or a draft that does not load.
   */
  private async coverage(stored: ParameterSetRecord, draft: ParameterSetDraft) {
    if (await this.isEarlierContent(this.em, stored.id, draft.json)) return null;
    try {
      const rows = await this.readerRows(this.em, stored.id);
      const key = [
        draft.checksum,
        stored.checksum,
        ...rows.reading.map((v) => `${v.definitionId}@${v.version}:${v.checksum}`),
        ...rows.others.map((o) => `${o.id}:${o.checksum}`),
      ].join('|');
      const cached = this.coverageCache.get(key);
      if (cached) return cached;
      const after = loadParameterSetJson(draft.json);
      const before = (stored.json as unknown as ParameterSet | undefined) ?? null;
      const body = parameterCoverageBody(
        await parameterCoverage(before, after, this.loadReaders(after, rows)),
      );
      this.coverageCache.set(key, body);
      return body;
    } catch {
      return null;
    }
  }

  /**
   * The engine's checks of a set, then every stored definition reading it loaded with it: 400
   * listing the problems in the studio's words (screen Parameters, field, message).
   */
  private async validate(setId: string, json: Record<string, unknown>): Promise<ParameterSet> {
    if (json.id !== setId) {
      throw new BadRequestException({
        message: `parameter_set.id must be ${setId}`,
        errors: [{ field: 'parameter_set.id', message: `must be ${setId}` }],
      });
    }
    const checks = parameterSetChecks(json).filter((c) => c.severity === 'error');
    if (checks.length > 0) {
      throw new BadRequestException({
        message: `The parameters have problems to fix: ${checks.map((c) => c.message).join(' ')}`,
        checks,
      });
    }
    let set: ParameterSet;
    try {
      set = loadParameterSetJson(json);
    } catch (err) {
      const errors = issuesOf(err);
      throw new BadRequestException({
        message: `The parameters are not valid: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`,
        errors,
      });
    }
    const versions = await this.em.find(
      DefinitionVersion,
      { status: { $ne: 'retired' } },
      { populate: ['json'] },
    );
    const readers = versions.filter((v) =>
      ((v.json.parameters as { set?: string }[] | undefined) ?? []).some((p) => p.set === setId),
    );
    if (readers.length > 0) {
      const others = await this.em.find(ParameterSetRecord, { id: { $ne: setId } }, { populate: ['json'] });
      const sets = [set, ...others.map((o) => o.json as unknown as ParameterSet)];
      for (const v of readers) {
        try {
          loadDefinitionJson(v.json, sets);
        } catch (err) {
          throw new BadRequestException({
            message: `${v.title} v${v.version} would no longer load with these parameters: ${
              err instanceof Error ? err.message : String(err)
            }`,
            errors: issuesOf(err),
          });
        }
      }
    }
    return set;
  }

  /**
   * Saves the set's draft. base_checksum: the checksum of what the editor opened (the open draft,
   * or the stored set when there was none); a different one → 409 naming who changed it and when.
   * An edit of a draft that was published meanwhile has the stored set as its base (the published
   * draft is now the stored set): it is saved as a new draft on top of it, to be reviewed again.
   */
  async saveDraft(
    staff: User,
    setId: string,
    json: Record<string, unknown>,
    baseChecksum: string,
    request?: FastifyRequest,
  ) {
    // The values checked do not depend on the draft's state: checked before taking the lock.
    if ((await this.em.count(ParameterSetRecord, { id: setId })) === 0)
      throw new NotFoundException(`No parameter set ${setId}`);
    await this.validate(setId, json);
    const row = await this.writing(setId, async (tx, stored, open) => {
      if (open ? baseChecksum !== open.checksum : baseChecksum !== stored.checksum) {
        const byId = open ? open.lastEditedById : stored.updatedById;
        const editor = byId ? (await this.people([byId])).get(byId) : undefined;
        const when = open ? open.lastEditedAt : stored.updatedAt;
        const who = editor?.name ?? (open ? 'another adviser' : 'a deployment');
        throw new ConflictException({
          message: open
            ? `The parameter draft of ${setId} was changed by ${who} at ${whenText(when)}; reload it to see their changes before saving.`
            : `The parameters of ${setId} were changed by ${who} at ${whenText(when)}; reload them before saving.`,
          changed_by: editor ?? null,
          changed_at: when.toISOString(),
          checksum: open ? open.checksum : stored.checksum,
        });
      }
      const row = open ?? new ParameterSetDraft();
      if (!open) {
        row.setId = setId;
        row.baseChecksum = stored.checksum;
      }
      row.json = json;
      row.checksum = jsonChecksum(json);
      row.lastEditedById = staff.id;
      row.lastEditedAt = new Date();
      tx.persist(row);
      this.log(tx, staff, ACTIVITY_PARAMETERS_DRAFT, setId, request, { checksum: row.checksum });
      if (row.reviewState !== 'editing') {
        // Any edit withdraws the submission and the approval: a reviewer approved other values.
        this.log(tx, staff, ACTIVITY_PARAMETERS_REVIEW_WITHDRAWN, setId, request, { was: row.reviewState });
        row.reviewState = 'editing';
        row.submittedById = null;
        row.submittedAt = null;
        row.approvedById = null;
        row.approvedAt = null;
        row.approvedChecksum = null;
      }
      return row;
    });
    return this.draftSummary(row);
  }

  async discard(staff: User, setId: string, request?: FastifyRequest) {
    await this.writing(setId, (tx, _stored, draft) => {
      const row = this.requireDraft(setId, draft);
      this.log(tx, staff, ACTIVITY_PARAMETERS_DISCARDED, setId, request, { checksum: row.checksum });
      tx.remove(row);
      return Promise.resolve();
    });
    return { discarded: true };
  }

  async submit(
    staff: User,
    setId: string,
    body: { release_note: string; source_url: string },
    request?: FastifyRequest,
  ) {
    const row = await this.writing(setId, async (tx, stored, draft) => {
      const row = this.requireDraft(setId, draft);
      if (row.reviewState === 'editing') {
        await tx.populate(row, ['json']);
        await tx.populate(stored, ['json']);
        await this.validate(setId, row.json);
        // A rollback draft (the values of a set in force before) passed the gate when it was published.
        if (!(await this.isEarlierContent(tx, setId, row.json))) {
          const before = (stored.json as unknown as ParameterSet | undefined) ?? null;
          const after = row.json as unknown as ParameterSet;
          assertParameterSources(before, after);
          await assertParameterGate(before, after, await this.readers(tx, after));
        }
      }
      markSubmitted(row, staff.id, body, `The parameter draft of ${setId} is already ${row.reviewState}`);
      this.log(tx, staff, ACTIVITY_PARAMETERS_SUBMITTED, setId, request, {
        note: row.releaseNote,
        source_url: row.sourceUrl,
        checksum: row.checksum,
      });
      return row;
    });
    return this.draftSummary(row);
  }

  async approve(staff: User, setId: string, checksum: string, request?: FastifyRequest) {
    const row = await this.writing(setId, (tx, _stored, draft) => {
      const row = this.requireDraft(setId, draft);
      markApproved(
        row,
        staff.id,
        row.lastEditedById,
        checksum,
        `The parameter draft of ${setId} is not submitted for review`,
      );
      this.log(tx, staff, ACTIVITY_PARAMETERS_APPROVED, setId, request, { checksum: row.checksum });
      return Promise.resolve(row);
    });
    return this.draftSummary(row);
  }

  /** The values are those of a set this one had before (kept in parameter_set_version). */
  private async isEarlierContent(
    tx: EntityManager,
    setId: string,
    json: Record<string, unknown>,
  ): Promise<boolean> {
    return (await tx.count(ParameterSetVersion, { setId, checksum: jsonChecksum(json) })) > 0;
  }

  /**
   * Issue 29 §7: a rollback of parameters is a new draft with the values of a set in force before
   * (by its checksum, from parameter_set_version), which then goes through the same review:
   * submit, another adviser approves, publish. 409 while a draft is open or when the values are
   * those in force now; 404 for a checksum the set never had.
   */
  async rollbackDraft(staff: User, setId: string, checksum: string, request?: FastifyRequest) {
    const row = await this.writing(setId, async (tx, stored, open) => {
      if (checksum === stored.checksum) {
        throw new ConflictException(
          `These are the parameters of ${setId} in force now; there is nothing to roll back`,
        );
      }
      const source = await tx.findOne(
        ParameterSetVersion,
        { setId, checksum },
        { orderBy: { replacedAt: 'desc' }, populate: ['json'] },
      );
      if (!source) throw new NotFoundException(`${setId} never had parameters with checksum ${checksum}`);
      if (open) {
        throw new ConflictException(
          `A parameter draft of ${setId} is open; finish or discard it before starting a rollback draft`,
        );
      }
      const row = new ParameterSetDraft();
      row.setId = setId;
      row.baseChecksum = stored.checksum;
      row.json = source.json;
      row.checksum = jsonChecksum(source.json);
      row.lastEditedById = staff.id;
      row.lastEditedAt = new Date();
      tx.persist(row);
      this.log(tx, staff, ACTIVITY_PARAMETERS_ROLLBACK_DRAFT, setId, request, {
        checksum: row.checksum,
        copy_of: checksum,
        replaced_at: source.replacedAt.toISOString(),
      });
      return row;
    });
    return this.draftSummary(row);
  }

  /**
   * Approved → the stored set, in one transaction; every instance reloads its definitions. The
   * stored set becomes exactly the approved values: under the lock, the draft's JSON must have
   * the checksum the approver approved, and that JSON is what is stored.
   */
  async publish(staff: User, setId: string, request?: FastifyRequest) {
    await this.writing(setId, async (tx, stored, draft) => {
      const row = this.requireDraft(setId, draft);
      if (row.reviewState !== 'approved' || row.approvedChecksum === null) {
        throw new ConflictException(`The parameter draft of ${setId} is not approved`);
      }
      await tx.populate(row, ['json']);
      if (row.checksum !== row.approvedChecksum || jsonChecksum(row.json) !== row.approvedChecksum) {
        throw new ConflictException(`The parameter draft of ${setId} is not approved`);
      }
      if (stored.checksum !== row.baseChecksum) {
        throw new ConflictException(
          `The parameters of ${setId} changed since this draft was started (${whenText(stored.updatedAt)}); discard the draft and start again from the stored set.`,
        );
      }
      await this.validate(setId, row.json);
      await tx.populate(stored, ['json']);
      const history = new ParameterSetVersion();
      history.setId = setId;
      history.json = stored.json;
      history.checksum = stored.checksum;
      history.replacedByChecksum = row.checksum;
      history.publishedById = staff.id;
      history.approvedById = row.approvedById;
      history.releaseNote = row.releaseNote;
      history.sourceUrl = row.sourceUrl;
      tx.persist(history);
      const previous = stored.checksum;
      stored.json = row.json;
      stored.checksum = row.checksum;
      stored.updatedAt = new Date();
      stored.updatedById = staff.id;
      this.activity.persist(tx, {
        user: staff,
        action: ACTIVITY_PARAMETERS_PUBLISH,
        targetType: 'parameter_set',
        targetId: setId,
        detail: {
          checksum: row.checksum,
          previous_checksum: previous,
          approved_by: row.approvedById,
          release_note: row.releaseNote,
          source_url: row.sourceUrl,
        },
        request: request ?? null,
      });
      tx.remove(row);
    });
    this.em.clear();
    // After the commit, the same signal as a definition publish: this instance and every other one reload.
    this.definitions.invalidate();
    await this.definitions.changed();
    return this.get(setId);
  }
}
