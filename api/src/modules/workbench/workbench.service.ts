import {
  EntityManager,
  LockMode,
  QueryOrder,
  UniqueConstraintViolationException,
  type FilterQuery,
} from '@mikro-orm/core';
import {
  BadRequestException,
  ConflictException,
  Injectable,
  Logger,
  NotFoundException,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { pageOf, pageWindow, type Page } from '../../common/pagination';
import { ValidationFailedException } from '../../common/validation';
import { AppConfig } from '../../config/config';
import { ActivityLogService } from '../activity-logs/activity-logs.service';
import { ClaimEvent } from '../claims/claim-event.entity';
import { Claim } from '../claims/claim.entity';
import {
  ALLOWED_TRANSITIONS,
  APPLICATION_STATUSES,
  STATUS_LABELS,
  isClaimStatus,
  stageOf,
} from '../claims/claim-status';
import { ClaimsService } from '../claims/claims.service';
import { Document } from '../documents/document.entity';
import { Message } from '../messages/message.entity';
import { MessagesService } from '../messages/messages.service';
import { MessageTemplatesService } from '../messages/message-templates.service';
import { fieldsUsed, type MergeField } from '../messages/template-text';
import { Service } from '../services/service.entity';
import { User } from '../users/user.entity';
import { DefinitionsService } from '../definitions/definitions.service';
import { AssignmentService, staffOfService } from './assignment.service';
import { claimDeadlineOf, deadlinesOf, type ClaimDeadline } from './claim-deadlines';
import {
  MAX_SAVED_VIEWS,
  type BulkActionDto,
  type SavedViewDto,
  type SetServiceStaffDto,
  type SetSlaTargetsDto,
  type WorkbenchFiltersDto,
  type WorkbenchQueryDto,
} from './workbench.dto';
import {
  ClaimAssignment,
  SavedView,
  ServiceStaff,
  SlaTarget,
  type SavedViewFilters,
} from './workbench.entities';
import { addCalendarDays, addWorkingDays, daysBetween, isoDay } from './working-days';

export const ACTIVITY_CLAIM_ASSIGN = 'claim_assign';
/** Claims shown as due soon: a deadline within this many days. */
export const DUE_SOON_DAYS = 30;
/** The most entries of each kind a timeline reads. */
const TIMELINE_LIMIT = 500;
/** The merge fields sendTemplated fills from the claim itself. */
const PER_CLAIM_FIELDS: ReadonlySet<MergeField> = new Set<MergeField>([
  'client_name',
  'claim_reference',
  'service_name',
  'claim_status',
  'portal_url',
  'firm_name',
]);

function personOf(user: User | null): { id: string; display_name: string } | null {
  return user ? { id: user.id, display_name: user.displayName || user.username } : null;
}

function labelOf(status: string): string {
  return isClaimStatus(status) ? STATUS_LABELS[status] : status;
}

function escapeLike(text: string): string {
  return `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
}

export interface BulkResult {
  claim_id: string;
  ok: boolean;
  error: string | null;
}

@Injectable()
export class WorkbenchService implements OnApplicationBootstrap {
  private readonly logger = new Logger(WorkbenchService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly config: AppConfig,
    private readonly claims: ClaimsService,
    private readonly messages: MessagesService,
    private readonly templates: MessageTemplatesService,
    private readonly assignment: AssignmentService,
    private readonly activity: ActivityLogService,
    private readonly definitions: DefinitionsService,
  ) {}

  private get postgres(): boolean {
    return this.config.database.driver === 'postgresql';
  }

  /** Claims created before the workbench get their deadline from their stored evaluation once. */
  async onApplicationBootstrap(): Promise<void> {
    try {
      for (let round = 0; round < 1000; round++) {
        const em = this.em.fork();
        const batch = await em.find(Claim, { deadlineLabel: null }, { limit: 200, populate: ['assessment'] });
        if (batch.length === 0) break;
        for (const claim of batch) {
          const deadline = claimDeadlineOf(claim.assessment.assessmentType, claim.assessment.results);
          claim.deadline = deadline?.date ?? null;
          claim.deadlineLabel = deadline?.label ?? '';
          claim.statusChangedAt ??= claim.updatedAt;
        }
        await em.flush();
      }
    } catch (err) {
      this.logger.error({ err }, 'could not read the deadlines of earlier claims');
    }
  }

  // ---------------------------------------------------------------- queue

  private async slaTargets(): Promise<Map<string, number>> {
    const rows = await this.em.find(SlaTarget, {});
    return new Map(rows.map((r) => [r.status, r.workingDays]));
  }

  /** The query's filters as a MikroORM condition (one place: the list and saved views agree). */
  private whereOf(
    staff: User,
    filters: WorkbenchFiltersDto,
    sla: Map<string, number>,
    now: Date,
  ): FilterQuery<Claim> {
    const and: FilterQuery<Claim>[] = [];
    if (filters.status) and.push({ status: filters.status });
    if (filters.service) and.push({ serviceType: filters.service });
    if (filters.assignee === 'mine') and.push({ assignee: staff.id });
    else if (filters.assignee === 'unassigned') and.push({ assignee: null });
    else if (filters.assignee) and.push({ assignee: filters.assignee });
    if (filters.search) {
      const like = escapeLike(filters.search);
      and.push({
        $or: [
          { reference: { $like: like } },
          { user: { email: { $like: like } } },
          { user: { displayName: { $like: like } } },
        ],
      });
    }
    const today = isoDay(now);
    const open = [...APPLICATION_STATUSES];
    if (filters.due === 'overdue') {
      const breached: FilterQuery<Claim>[] = [...sla].map(([status, days]) => ({
        status,
        statusChangedAt: { $lt: addWorkingDays(now, -days) },
      }));
      and.push({ $or: [{ status: { $in: open }, deadline: { $lt: today } }, ...breached] });
    } else if (filters.due === 'due_soon') {
      and.push({
        status: { $in: open },
        deadline: { $gte: today, $lte: addCalendarDays(today, DUE_SOON_DAYS) },
      });
    }
    return and.length ? { $and: and } : {};
  }

  row(claim: Claim, sla: Map<string, number>, now: Date, deadlines?: ClaimDeadline[]) {
    const today = isoDay(now);
    const open = stageOf(claim.status) === 'application';
    const target = sla.get(claim.status);
    const since = claim.statusChangedAt ?? claim.createdAt;
    return {
      id: claim.id,
      reference: claim.reference,
      assessment_id: claim.assessment.id,
      status: claim.status,
      status_label: labelOf(claim.status),
      stage: stageOf(claim.status),
      next_statuses: isClaimStatus(claim.status) ? [...ALLOWED_TRANSITIONS[claim.status]] : [],
      service_type: claim.serviceType,
      service_name: claim.serviceName,
      client: {
        id: claim.user.id,
        email: claim.user.email,
        display_name: claim.user.displayName || claim.user.username,
      },
      assignee: personOf(claim.assignee),
      created_at: claim.createdAt.toISOString(),
      status_changed_at: since.toISOString(),
      deadline: claim.deadline
        ? {
            date: claim.deadline,
            label: claim.deadlineLabel ?? '',
            // Counted while the claim is still an application; once filed the deadline is met.
            days_left: open ? daysBetween(today, claim.deadline) : null,
          }
        : null,
      sla:
        target === undefined
          ? null
          : {
              working_days: target,
              due_at: addWorkingDays(since, target).toISOString(),
              breached: since.getTime() < addWorkingDays(now, -target).getTime(),
            },
      ...(deadlines ? { deadlines } : {}),
    };
  }

  async list(staff: User, query: WorkbenchQueryDto): Promise<Page<WorkbenchRow>> {
    const now = new Date();
    const sla = await this.slaTargets();
    const { limit, offset } = pageWindow(query);
    const [rows, count] = await this.em.findAndCount(Claim, this.whereOf(staff, query, sla, now), {
      limit,
      offset,
      // Passed deadlines first, then the nearest; claims without one last.
      orderBy: [
        { deadline: QueryOrder.ASC_NULLS_LAST },
        { createdAt: QueryOrder.DESC },
        { id: QueryOrder.ASC },
      ],
      populate: ['user', 'assignee'],
    });
    return pageOf(
      rows.map((c) => this.row(c, sla, now)),
      count,
      query,
    );
  }

  private async findClaim(id: string): Promise<Claim> {
    const claim = await this.em.findOne(Claim, { id }, { populate: ['user', 'assignee', 'assessment'] });
    if (!claim) throw new NotFoundException('Claim not found');
    return claim;
  }

  /** One claim's row with the deadline of every route its stored evaluation supports. */
  async detail(id: string) {
    const claim = await this.findClaim(id);
    const sla = await this.slaTargets();
    const { assessmentType, definitionVersion, results } = claim.assessment;
    const entry = await this.definitions.version(assessmentType, definitionVersion).catch(() => null);
    return this.row(claim, sla, new Date(), deadlinesOf(assessmentType, results, entry?.definition.claims));
  }

  // ---------------------------------------------------------------- saved views

  private viewOf(view: SavedView) {
    return {
      id: view.id,
      name: view.name,
      filters: view.filters,
      created_at: view.createdAt.toISOString(),
      updated_at: view.updatedAt.toISOString(),
    };
  }

  private cleanFilters(filters: WorkbenchFiltersDto): SavedViewFilters {
    const out: SavedViewFilters = {};
    for (const key of ['status', 'service', 'assignee', 'due', 'search'] as const) {
      const value = filters[key];
      if (typeof value === 'string' && value !== '') out[key] = value;
    }
    return out;
  }

  async listViews(staff: User) {
    const views = await this.em.find(SavedView, { owner: staff.id }, { orderBy: { name: 'asc', id: 'asc' } });
    return { results: views.map((v) => this.viewOf(v)) };
  }

  private duplicateName(name: string): ConflictException {
    return new ConflictException({
      message: `You already have a view called “${name}”`,
      errors: [{ field: 'name', message: 'already used by another of your views' }],
    });
  }

  async createView(staff: User, dto: SavedViewDto) {
    const count = await this.em.count(SavedView, { owner: staff.id });
    if (count >= MAX_SAVED_VIEWS) {
      throw new BadRequestException({
        message: `You can keep at most ${MAX_SAVED_VIEWS} saved views`,
        errors: [{ field: 'name', message: 'delete a view first' }],
      });
    }
    const view = new SavedView();
    view.owner = this.em.getReference(User, staff.id);
    view.name = dto.name.trim();
    view.filters = this.cleanFilters(dto.filters);
    try {
      await this.em.persistAndFlush(view);
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) throw this.duplicateName(view.name);
      throw err;
    }
    return this.viewOf(view);
  }

  async updateView(staff: User, id: string, dto: SavedViewDto) {
    const view = await this.em.findOne(SavedView, { id, owner: staff.id });
    if (!view) throw new NotFoundException('Saved view not found');
    view.name = dto.name.trim();
    view.filters = this.cleanFilters(dto.filters);
    try {
      await this.em.flush();
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) throw this.duplicateName(view.name);
      throw err;
    }
    return this.viewOf(view);
  }

  async deleteView(staff: User, id: string): Promise<void> {
    const view = await this.em.findOne(SavedView, { id, owner: staff.id });
    if (!view) throw new NotFoundException('Saved view not found');
    await this.em.removeAndFlush(view);
  }

  // ---------------------------------------------------------------- settings

  async getSlaTargets() {
    const rows = await this.em.find(SlaTarget, {}, { orderBy: { status: 'asc' } });
    return {
      targets: rows.map((r) => ({
        status: r.status,
        status_label: labelOf(r.status),
        working_days: r.workingDays,
      })),
    };
  }

  /** Replaces every SLA target (a status left out has none). */
  async setSlaTargets(admin: User, dto: SetSlaTargetsDto, request?: FastifyRequest) {
    const statuses = dto.targets.map((t) => t.status);
    if (new Set(statuses).size !== statuses.length) {
      throw new BadRequestException({
        message: 'Each status may have one target',
        errors: [{ field: 'targets', message: 'a status is listed twice' }],
      });
    }
    await this.em.transactional(async (em) => {
      await em.nativeDelete(SlaTarget, {});
      for (const t of dto.targets) {
        const row = new SlaTarget();
        row.status = t.status;
        row.workingDays = t.working_days;
        row.updatedBy = em.getReference(User, admin.id);
        em.persist(row);
      }
      this.activity.persist(em, {
        user: admin,
        action: 'sla_targets_change',
        targetType: 'sla_target',
        detail: { targets: dto.targets.map((t) => ({ status: t.status, working_days: t.working_days })) },
        request: request ?? null,
      });
    });
    return this.getSlaTargets();
  }

  /** Active staff members (for the assignee choices). */
  async staffMembers() {
    const users = await this.em.find(
      User,
      { isActive: true, role: { $in: ['STAFF', 'ADMIN'] } },
      { orderBy: { displayName: 'asc', id: 'asc' }, limit: 500 },
    );
    return { results: users.map((u) => ({ ...personOf(u)!, role: u.role })) };
  }

  async getServiceStaff() {
    // Services a claim can come from (an assessment); a service type with staff set keeps its row.
    const services = await this.em.find(
      Service,
      { typeCode: { $ne: null }, assessmentType: { $ne: null }, isActive: true },
      { orderBy: { sortOrder: 'asc', id: 'asc' } },
    );
    const rows = await this.em.find(ServiceStaff, {}, { populate: ['user'], orderBy: { createdAt: 'asc' } });
    const codes = new Set<string>(services.map((s) => s.typeCode!));
    for (const r of rows) codes.add(r.serviceType);
    const names = new Map(services.map((s) => [s.typeCode!, s.title]));
    return {
      results: [...codes].map((code) => ({
        service_type: code,
        service_name: names.get(code) ?? code,
        staff: rows.filter((r) => r.serviceType === code).map((r) => personOf(r.user)!),
      })),
    };
  }

  async setServiceStaff(admin: User, service: string, dto: SetServiceStaffDto, request?: FastifyRequest) {
    const users = dto.user_ids.length
      ? await this.em.find(User, {
          id: { $in: dto.user_ids },
          isActive: true,
          role: { $in: ['STAFF', 'ADMIN'] },
        })
      : [];
    if (users.length !== dto.user_ids.length) {
      throw new BadRequestException({
        message: 'Every user must be an active staff member',
        errors: [{ field: 'user_ids', message: 'must be ids of active staff members' }],
      });
    }
    await this.em.transactional(async (em) => {
      await em.nativeDelete(ServiceStaff, { serviceType: service });
      for (const user of users) {
        const row = new ServiceStaff();
        row.serviceType = service;
        row.user = em.getReference(User, user.id);
        em.persist(row);
      }
      this.activity.persist(em, {
        user: admin,
        action: 'service_staff_change',
        targetType: 'service',
        targetId: service,
        detail: { user_ids: dto.user_ids },
        request: request ?? null,
      });
    });
    const staff = await staffOfService(this.em.fork(), service);
    return { service_type: service, staff: staff.map((u) => personOf(u)!) };
  }

  // ---------------------------------------------------------------- assignment and bulk

  /** The staff member a claim may be assigned to (400 otherwise), or null to unassign. */
  private async assigneeFor(id: string | null | undefined): Promise<User | null> {
    if (id === null || id === undefined) return null;
    const user = await this.em.findOne(User, { id, isActive: true, role: { $in: ['STAFF', 'ADMIN'] } });
    if (!user) {
      throw new BadRequestException({
        message: 'The assignee must be an active staff member',
        errors: [{ field: 'assignee_id', message: 'must be the id of an active staff member' }],
      });
    }
    return user;
  }

  /** Assigns one claim in its own transaction, under the claim's row lock; a no-op when unchanged. */
  private async assignOne(
    staff: User,
    claimId: string,
    to: User | null,
    request?: FastifyRequest,
  ): Promise<void> {
    await this.em.transactional(async (em) => {
      const claim = await em.findOne(
        Claim,
        { id: claimId },
        this.postgres ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
      );
      if (!claim) throw new NotFoundException('Claim not found');
      const fromId = claim.assignee?.id ?? null;
      if (fromId === (to?.id ?? null)) return;
      const from = fromId ? em.getReference(User, fromId) : null;
      claim.assignee = to ? em.getReference(User, to.id) : null;
      this.assignment.record(em, claim, from, to, staff);
      this.activity.persist(em, {
        user: staff,
        action: ACTIVITY_CLAIM_ASSIGN,
        targetType: 'claim',
        targetId: claim.id,
        detail: { from: fromId, to: to?.id ?? null, reference: claim.reference },
        request: request ?? null,
      });
    });
  }

  async assign(staff: User, claimId: string, assigneeId: string | null, request?: FastifyRequest) {
    const to = await this.assigneeFor(assigneeId);
    await this.assignOne(staff, claimId, to, request);
    this.em.clear();
    return this.detail(claimId);
  }

  /**
   * Checks, once for the whole bulk action, that the chosen template can be sent to many claims:
   * its version in use may only ask for what each claim supplies, plus {{message}} when the text
   * for it is given. Document templates (they need a document's name and due date) are sent by
   * document requests, not from here. 400 naming the problem; 404 for an unknown template.
   */
  private async bulkTemplate(dto: BulkActionDto): Promise<{ key: string; message?: string }> {
    const template = await this.templates.current(dto.template_key!);
    const message = dto.message?.trim() ?? '';
    const needs = fieldsUsed(template.subject, template.body).filter((f) => !PER_CLAIM_FIELDS.has(f));
    const errors = needs.flatMap((field) =>
      field === 'message'
        ? message
          ? []
          : [{ field: 'message', message: `the template "${template.name}" needs the text for {{message}}` }]
        : [
            {
              field: 'template_key',
              message: `the template "${template.name}" needs {{${field}}}, which a bulk message cannot fill; send it from a document request`,
            },
          ],
    );
    if (errors.length > 0) throw new ValidationFailedException(errors);
    return { key: template.key, ...(message && needs.includes('message') ? { message } : {}) };
  }

  /**
   * One action on up to MAX_BULK_CLAIMS claims, claim by claim: each claim's change is its own
   * transaction (all of it or nothing), and each claim's outcome is reported.
   */
  async bulk(
    staff: User,
    dto: BulkActionDto,
    request?: FastifyRequest,
  ): Promise<{ action: string; results: BulkResult[] }> {
    const to = dto.action === 'assign' ? await this.assigneeFor(dto.assignee_id) : null;
    const template = dto.action === 'message' ? await this.bulkTemplate(dto) : null;
    const results: BulkResult[] = [];
    for (const id of dto.claim_ids) {
      try {
        if (dto.action === 'assign') await this.assignOne(staff, id, to, request);
        else if (dto.action === 'status')
          await this.claims.changeStatus(staff, id, { status: dto.status!, note: dto.note }, request);
        else await this.messages.sendTemplated(id, template!.key, { message: template!.message }, staff);
        results.push({ claim_id: id, ok: true, error: null });
      } catch (err) {
        results.push({ claim_id: id, ok: false, error: this.reasonOf(err) });
      } finally {
        this.em.clear();
      }
    }
    return { action: dto.action, results };
  }

  private reasonOf(err: unknown): string {
    if (err instanceof NotFoundException) return 'Claim not found';
    if (err instanceof BadRequestException || err instanceof ConflictException) {
      const response = err.getResponse();
      if (typeof response === 'object' && response && 'message' in response) {
        const message = response.message;
        if (typeof message === 'string') return message;
      }
      return err.message;
    }
    this.logger.error({ err }, 'a bulk action failed on one claim');
    return 'Could not change this claim; try again';
  }

  // ---------------------------------------------------------------- timeline

  async timeline(id: string) {
    const claim = await this.findClaim(id);
    const [events, messages, documents, assignments] = await Promise.all([
      this.em.find(
        ClaimEvent,
        { claim: id },
        { populate: ['actor'], orderBy: { createdAt: 'asc' }, limit: TIMELINE_LIMIT },
      ),
      this.em.find(
        Message,
        { thread: { claim: id } },
        { populate: ['sender', 'thread'], orderBy: { createdAt: 'asc' }, limit: TIMELINE_LIMIT },
      ),
      this.em.find(
        Document,
        { claimId: id },
        { populate: ['uploadedBy'], orderBy: { uploadedAt: 'asc' }, limit: TIMELINE_LIMIT },
      ),
      this.em.find(
        ClaimAssignment,
        { claim: id },
        { populate: ['fromUser', 'toUser', 'actor'], orderBy: { createdAt: 'asc' }, limit: TIMELINE_LIMIT },
      ),
    ]);
    type Item = {
      id: string;
      kind: 'status' | 'message' | 'document' | 'assignment';
      at: Date;
      actor: User | null;
      text: string;
      detail: string;
    };
    const items: Item[] = [
      ...events.map((e): Item => ({
        id: e.id,
        kind: 'status',
        at: e.createdAt,
        actor: e.actor,
        text: `Status: ${labelOf(e.status)}`,
        detail: e.note,
      })),
      ...messages.map((m): Item => ({
        id: m.id,
        kind: 'message',
        at: m.createdAt,
        actor: m.sender,
        text: `${m.fromFirm ? 'Message to the client' : 'Message from the client'}: ${m.thread.subject}`,
        detail: m.body.length > 300 ? `${m.body.slice(0, 300)}…` : m.body,
      })),
      ...documents.map((d): Item => ({
        id: d.id,
        kind: 'document',
        at: d.uploadedAt,
        actor: d.uploadedBy,
        text: `Document uploaded: ${d.filename}`,
        detail: '',
      })),
      ...assignments.map((a): Item => ({
        id: a.id,
        kind: 'assignment',
        at: a.createdAt,
        actor: a.actor,
        text: a.toUser
          ? `${a.automatic ? 'Assigned automatically' : 'Assigned'} to ${personOf(a.toUser)!.display_name}`
          : 'Unassigned',
        detail: a.fromUser ? `Previously ${personOf(a.fromUser)!.display_name}` : '',
      })),
    ];
    // Same instant (a submit and its automatic assignment): the status entry first.
    const order = { status: 0, assignment: 1, message: 2, document: 3 };
    items.sort(
      (a, b) => a.at.getTime() - b.at.getTime() || order[a.kind] - order[b.kind] || a.id.localeCompare(b.id),
    );
    return {
      claim_id: claim.id,
      reference: claim.reference,
      items: items.map((i) => ({
        id: i.id,
        kind: i.kind,
        at: i.at.toISOString(),
        actor: personOf(i.actor),
        text: i.text,
        detail: i.detail,
      })),
    };
  }
}

export type WorkbenchRow = ReturnType<WorkbenchService['row']>;
