import { EntityManager } from '@mikro-orm/core';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ActivityLog } from '../activity-logs/activity-log.entity';
import { ActivityLogService } from '../activity-logs/activity-logs.service';
import { Assessment } from '../assessments/assessment.entity';
import { flattenAnswers, validateAnswers } from '../assessments/validate-answers';
import type { User } from '../users/user.entity';
import { jsonChecksum } from './checksum';
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

export const ACTIVITY_DEFINITION_DRAFT = 'definition_draft_saved';
export const ACTIVITY_DEFINITION_PUBLISH = 'definition_publish';
export const ACTIVITY_DEFINITION_ROLLBACK = 'definition_rollback';

interface Outcome {
  likelihood: string;
  serviceApproach: string;
  median: number;
}

type Stored = {
  eligibility?: { likelihood?: unknown };
  complexity?: { serviceApproach?: unknown };
  value?: { estimates?: { median?: unknown } };
} | null;

function outcomeOf(evaluation: Stored): Outcome | null {
  if (!evaluation) return null;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    likelihood: text(evaluation.eligibility?.likelihood),
    serviceApproach: text(evaluation.complexity?.serviceApproach),
    median: Number(evaluation.value?.estimates?.median ?? 0),
  };
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
  ) {}

  private async parameterSetsFor(json: Record<string, unknown>): Promise<ParameterSet[]> {
    const refs = ((json.parameters as { set?: string }[] | undefined) ?? [])
      .map((p) => p.set)
      .filter((s): s is string => typeof s === 'string');
    if (refs.length === 0) return [];
    const rows = await this.em.find(ParameterSetRecord, { id: { $in: refs } }, { populate: ['json'] });
    return rows.map((r) => r.json as unknown as ParameterSet);
  }

  private async load(json: Record<string, unknown>) {
    try {
      return loadDefinitionJson(json, await this.parameterSetsFor(json));
    } catch (err) {
      throw new BadRequestException({ message: 'The definition is not valid', errors: issuesOf(err) });
    }
  }

  private summary(row: DefinitionVersion) {
    return {
      id: row.definitionId,
      serviceType: row.serviceType,
      version: row.version,
      status: row.status,
      title: row.title,
      effectiveFrom: row.effectiveFrom,
      checksum: row.checksum,
    };
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
    baseChecksum?: string,
  ) {
    if (json.id !== definitionId) {
      throw new BadRequestException({
        message: `definition.id must be ${definitionId}`,
        errors: [{ field: 'definition.id', message: `must be ${definitionId}` }],
      });
    }
    const rows = await this.em.find(DefinitionVersion, { definitionId }, { orderBy: { version: 'desc' } });
    if (rows.length === 0) throw new NotFoundException(`No definition ${definitionId}`);
    const open = rows.find((r) => r.status === 'draft');
    if (open && baseChecksum !== undefined && baseChecksum !== open.checksum) {
      // Someone saved the draft after this editor opened it: never overwrite their work silently.
      const last = await this.em.findOne(
        ActivityLog,
        {
          action: ACTIVITY_DEFINITION_DRAFT,
          targetType: 'definition',
          targetId: `${definitionId}@${open.version}`,
        },
        { orderBy: { createdAt: 'desc' }, populate: ['user'] },
      );
      const who = last?.user
        ? last.user.displayName || last.user.username || last.user.email
        : 'another adviser';
      const when = last?.createdAt ?? open.createdAt;
      const at = `${when.toISOString().slice(11, 16)} on ${when.toISOString().slice(0, 10)} (UTC)`;
      throw new ConflictException({
        message: `Draft v${open.version} was changed by ${who} at ${at}; reload it to see their changes before saving.`,
        changed_by: last?.user ? { id: last.user.id, name: who } : null,
        changed_at: when.toISOString(),
        checksum: open.checksum,
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
    this.em.persist(row);
    this.activity.persist(this.em, {
      user: staff,
      action: ACTIVITY_DEFINITION_DRAFT,
      targetType: 'definition',
      targetId: `${definitionId}@${version}`,
      request: request ?? null,
    });
    await this.em.flush();
    await this.definitions.changed();
    return this.summary(row);
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
    return { ...this.summary(row), definition: row.json, checks };
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
      { orderBy: { submittedAt: 'desc' }, limit: 1000 },
    );
    const changed: { assessment_id: string; before: Outcome | null; after: Outcome }[] = [];
    for (const a of assessments) {
      const after = outcomeOf(
        await evaluateWith(
          definition,
          flattenAnswers(a.answers),
          a.evaluatedAsOf ?? this.definitions.today(),
        ),
      )!;
      const before = outcomeOf(a.results);
      if (
        !before ||
        before.likelihood !== after.likelihood ||
        before.serviceApproach !== after.serviceApproach ||
        Math.round(before.median) !== Math.round(after.median)
      ) {
        changed.push({ assessment_id: a.id, before, after });
      }
    }
    return {
      definition: this.summary(row),
      checked: assessments.length,
      changed_count: changed.length,
      changed,
    };
  }

  async publish(
    staff: User,
    definitionId: string,
    version: number,
    effectiveFrom: string | undefined,
    request?: FastifyRequest,
  ) {
    const row = await this.draftRow(definitionId, version);
    await this.load(row.json);
    row.status = 'published';
    row.effectiveFrom = effectiveFrom ?? this.definitions.today();
    row.json = { ...row.json, status: 'published', effectiveFrom: row.effectiveFrom };
    row.checksum = jsonChecksum(row.json);
    this.activity.persist(this.em, {
      user: staff,
      action: ACTIVITY_DEFINITION_PUBLISH,
      targetType: 'definition',
      targetId: `${definitionId}@${version}`,
      detail: { effective_from: row.effectiveFrom },
      request: request ?? null,
    });
    await this.em.flush();
    await this.definitions.changed();
    return this.summary(row);
  }

  /** Retires the newest published version; the previous published one answers again. */
  async rollback(staff: User, definitionId: string, request?: FastifyRequest) {
    const published = await this.em.find(
      DefinitionVersion,
      { definitionId, status: 'published' },
      { orderBy: { version: 'desc' } },
    );
    const [newest, previous] = published;
    if (!newest) throw new NotFoundException(`No published version of ${definitionId}`);
    if (!previous)
      throw new ConflictException(
        `v${newest.version} is the only published version of ${definitionId}; there is nothing to roll back to`,
      );
    newest.status = 'retired';
    this.activity.persist(this.em, {
      user: staff,
      action: ACTIVITY_DEFINITION_ROLLBACK,
      targetType: 'definition',
      targetId: `${definitionId}@${newest.version}`,
      detail: { retired: newest.version, now_current: previous.version },
      request: request ?? null,
    });
    await this.em.flush();
    await this.definitions.changed();
    return { retired: this.summary(newest), current: this.summary(previous) };
  }
}
