import { randomUUID } from 'node:crypto';
import { EntityManager, RequestContext } from '@mikro-orm/core';
import {
  Injectable,
  Logger,
  NotFoundException,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { formatDate } from '@reclaim/engine';
import { ownership } from '../../common/access';
import { Clock } from '../../common/clock';
import { ValidationFailedException } from '../../common/validation';
import { DocumentTask } from '../assessments/document-task.entity';
import { STAFF_REQUEST_PREFIX, toDocumentTaskResponse } from '../assessments/assessment.serializer';
import { Claim } from '../claims/claim.entity';
import { JobQueue } from '../jobs/job-queue';
import { PeriodicSweep } from '../jobs/periodic-sweep';
import { User } from '../users/user.entity';
import type { CreateDocumentRequestDto } from './dto/document-request.dto';
import { MessagesService } from './messages.service';

export const DOCUMENT_REMINDERS_QUEUE = 'document-reminders';
const DAY_MS = 86_400_000;
/** A reminder at most once per interval after the request (or the last reminder). */
export const REMINDER_INTERVAL_DAYS = 7;
/** How often each instance asks for a sweep (one sweep runs at a time, whoever asked). */
const SWEEP_EVERY_MS = 60 * 60_000;
const ENDED_STATUSES = ['paid', 'rejected', 'withdrawn'];

export interface SweepResult {
  reminded: number;
  overdue: number;
}

/**
 * Documents staff ask for on a claim (issue 30 §3): the client is e-mailed the request (template
 * document_request), then reminded every REMINDER_INTERVAL_DAYS (document_reminder) and once when
 * it is overdue (document_overdue) until a document uploaded against it closes it. Reminders are
 * a background job (pg-boss on PostgreSQL, in-process on SQLite; the same code); each instance
 * asks for a sweep every hour. Every e-mail first claims its interval with a conditional update
 * of last_reminded_at (or overdue_reminded_at), so two sweeps at once never send one twice.
 */
@Injectable()
export class DocumentRequestsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(DocumentRequestsService.name);
  private readonly sweeper: PeriodicSweep;

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly messages: MessagesService,
    jobs: JobQueue,
  ) {
    this.sweeper = new PeriodicSweep(jobs, {
      queue: DOCUMENT_REMINDERS_QUEUE,
      everyMs: SWEEP_EVERY_MS,
      run: () => this.sweep(),
      what: 'a reminder sweep',
      logger: this.logger,
    });
  }

  onModuleInit(): Promise<void> {
    return this.sweeper.start();
  }

  onModuleDestroy(): void {
    this.sweeper.stop();
  }

  /** Queues a sweep unless one is already queued or running. */
  requestSweep(): Promise<string | null> {
    return this.sweeper.request();
  }

  private get scopedEm(): EntityManager {
    return RequestContext.getEntityManager() ?? this.em.fork();
  }

  async create(staff: User, claimId: string, dto: CreateDocumentRequestDto) {
    const today = this.clock.now().toISOString().slice(0, 10);
    const due = new Date(`${dto.due_date}T00:00:00Z`);
    const latest = new Date(Date.parse(`${today}T00:00:00Z`) + 366 * DAY_MS).toISOString().slice(0, 10);
    if (Number.isNaN(due.getTime()) || due.toISOString().slice(0, 10) !== dto.due_date) {
      throw new ValidationFailedException([{ field: 'due_date', message: 'due_date is not a real date' }]);
    }
    if (dto.due_date < today || dto.due_date > latest) {
      throw new ValidationFailedException([
        { field: 'due_date', message: `due_date must be between ${today} and ${latest}` },
      ]);
    }
    const em = this.scopedEm;
    const claim = await em.findOne(Claim, { id: claimId }, { populate: ['assessment'] });
    if (!claim) throw new NotFoundException('Claim not found');
    const now = this.clock.now();
    const task = new DocumentTask();
    task.assessment = claim.assessment;
    task.requirementId = `${STAFF_REQUEST_PREFIX}${randomUUID()}`;
    task.name = dto.name.trim();
    task.description = dto.reason.trim();
    task.required = true;
    task.sortOrder = 1000 + (await em.count(DocumentTask, { assessment: claim.assessment.id }));
    task.requestedBy = em.getReference(User, staff.id);
    task.dueDate = dto.due_date;
    task.createdAt = now;
    // The request's own e-mail counts as the first: the first reminder comes an interval later.
    task.lastRemindedAt = now;
    em.persist(task);
    await em.flush();
    await this.messages.sendTemplated(claim.id, 'document_request', this.fieldsOf(task), staff);
    return { ...toDocumentTaskResponse(task), claim_id: claim.id };
  }

  /** Staff and the claim's client: every document asked for on the claim, staff requests included. */
  async list(user: User, claimId: string) {
    const em = this.scopedEm;
    const claim = await em.findOne(Claim, ownership.record(user, 'user', { id: claimId }), {
      populate: ['assessment'],
    });
    if (!claim) throw new NotFoundException('Claim not found');
    const tasks = await em.find(
      DocumentTask,
      { assessment: claim.assessment.id },
      { orderBy: { sortOrder: 'asc', createdAt: 'asc', id: 'asc' } },
    );
    return tasks.map((t) => ({ ...toDocumentTaskResponse(t), claim_id: claim.id }));
  }

  private fieldsOf(task: DocumentTask): Record<string, string> {
    return {
      document_name: task.name,
      document_reason: task.description,
      due_date: task.dueDate ? formatDate(task.dueDate) : '',
    };
  }

  /**
   * Sends what is due now: for each open staff request of a claim still going, the overdue
   * e-mail once when its due date has passed, else a reminder when an interval has passed since
   * the last e-mail. Safe to run on any number of instances at once.
   */
  async sweep(): Promise<SweepResult> {
    const em = this.em.fork();
    const now = this.clock.now();
    const today = now.toISOString().slice(0, 10);
    const cutoff = new Date(now.getTime() - REMINDER_INTERVAL_DAYS * DAY_MS);
    const tasks = await em.find(
      DocumentTask,
      {
        status: 'pending',
        dueDate: { $ne: null },
        $or: [
          { dueDate: { $lt: today }, overdueRemindedAt: null },
          { lastRemindedAt: null },
          { lastRemindedAt: { $lte: cutoff } },
        ],
      },
      { orderBy: { dueDate: 'asc', id: 'asc' }, limit: 1000 },
    );
    const result: SweepResult = { reminded: 0, overdue: 0 };
    for (const task of tasks) {
      const claim = await em.findOne(Claim, { assessment: task.assessment.id }, { fields: ['id', 'status'] });
      if (!claim || ENDED_STATUSES.includes(claim.status)) continue;
      const overdue = task.dueDate !== null && task.dueDate < today && task.overdueRemindedAt === null;
      // Claim the e-mail: only the instance whose update changes the row sends it.
      const claimed = overdue
        ? await em.nativeUpdate(
            DocumentTask,
            { id: task.id, status: 'pending', overdueRemindedAt: null },
            { overdueRemindedAt: now, lastRemindedAt: now, reminderCount: task.reminderCount + 1 },
          )
        : await em.nativeUpdate(
            DocumentTask,
            {
              id: task.id,
              status: 'pending',
              $or: [{ lastRemindedAt: null }, { lastRemindedAt: { $lte: cutoff } }],
            },
            { lastRemindedAt: now, reminderCount: task.reminderCount + 1 },
          );
      if (claimed !== 1) continue;
      try {
        await this.messages.sendTemplated(
          claim.id,
          overdue ? 'document_overdue' : 'document_reminder',
          this.fieldsOf(task),
          null,
        );
        if (overdue) result.overdue += 1;
        else result.reminded += 1;
      } catch (err) {
        this.logger.error({ err, task: task.id }, 'could not send a document reminder');
      }
    }
    if (result.reminded + result.overdue > 0) this.logger.log(result, 'document reminders sent');
    return result;
  }
}
