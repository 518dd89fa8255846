import { EntityManager, RequestContext, type FilterQuery } from '@mikro-orm/core';
import {
  BadRequestException,
  ForbiddenException,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { fillTemplate } from '@reclaim/engine';
import { AppConfig } from '../../config/config';
import { pageOf, pageWindow, type Page } from '../../common/pagination';
import { ActivityLogService } from '../activity-logs/activity-logs.service';
import { recordStaffView } from '../admin/record-staff-view';
import { Claim } from '../claims/claim.entity';
import { actorOf } from '../claims/claim.serializer';
import { MailService } from '../mail/mail.service';
import { User } from '../users/user.entity';
import type { CreateThreadDto, ListThreadsQueryDto } from './dto/message.dto';
import { MessageThread } from './message-thread.entity';
import { Message } from './message.entity';
import { ownership } from '../../common/access';
import { Clock } from '../../common/clock';
import { ValidationFailedException } from '../../common/validation';
import { STATUS_LABELS, isClaimStatus, stageOf } from '../claims/claim-status';
import { MessageTemplatesService } from './message-templates.service';
import { fieldsUsed, isMergeField, type MergeValues } from './template-text';

/** What sendTemplated answers: the message written in the claim's thread and the version used. */
export interface TemplatedMessageResult {
  message: MessageResponse;
  thread_id: string;
  template_key: string;
  template_version: number;
  /** The client was e-mailed (false: the account is inactive). */
  emailed: boolean;
}

const MAX_MERGE_VALUE = 5000;

export type MessageResponse = ReturnType<typeof toMessageResponse>;
export type ThreadResponse = ReturnType<typeof toThreadResponse>;

function toMessageResponse(m: Message) {
  return {
    id: m.id,
    thread_id: m.thread.id,
    body: m.body,
    sender: actorOf(m.sender),
    created_at: m.createdAt.toISOString(),
    read_at: m.readAt ? m.readAt.toISOString() : null,
    template: m.templateKey && m.templateVersion ? { key: m.templateKey, version: m.templateVersion } : null,
  };
}

function toThreadResponse(t: MessageThread, unread: number, messages?: Message[]) {
  return {
    id: t.id,
    subject: t.subject,
    claim_id: t.claim ? t.claim.id : null,
    client: {
      id: t.client.id,
      display_name: t.client.displayName || t.client.username,
      email: t.client.email,
    },
    last_message_at: t.lastMessageAt.toISOString(),
    created_at: t.createdAt.toISOString(),
    unread_count: unread,
    ...(messages ? { messages: messages.map(toMessageResponse) } : {}),
  };
}

/**
 * Threads are between one client and the firm. A client sees its own; staff see all and write
 * as the firm. "Unread" for a reader means messages from the other side not yet read.
 */
@Injectable()
export class MessagesService {
  private readonly logger = new Logger(MessagesService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly activity: ActivityLogService,
    private readonly mail: MailService,
    private readonly config: AppConfig,
    private readonly templates: MessageTemplatesService,
    private readonly clock: Clock,
  ) {}

  /** The portal page of a claim, with the word its stage has (application or claim). */
  portalUrlOf(claim: Claim): string {
    const stage = stageOf(claim.status);
    return `${this.config.publicUrl}/portal/${stage === 'application' ? 'applications' : 'claims'}/${claim.id}`;
  }

  /**
   * Sends a message made from a template (issue 30 §3) to the client of a claim, as the firm:
   * it is written in the claim's message thread (a new one when the claim has none) with the
   * template's key and version, and e-mailed to the client. The claim's own fields
   * (client_name, claim_reference, service_name, claim_status, portal_url, firm_name) are filled
   * in; `extraFields` gives the others (document_name, document_reason, due_date, message) and
   * may not name a field that does not exist. A template field left without a value → 400.
   * Used by document requests and reminders (sender null: the firm itself) and staff's bulk
   * "send a templated message".
   */
  async sendTemplated(
    claimId: string,
    templateKey: string,
    extraFields: Record<string, string | undefined>,
    sender: User | null,
  ): Promise<TemplatedMessageResult> {
    if (sender && !sender.isStaff) throw new ForbiddenException('Only staff send templated messages');
    // The request's entity manager, or (a background job) a fork of its own.
    const em = RequestContext.getEntityManager() ?? this.em.fork();
    const fieldErrors = Object.entries(extraFields).flatMap(([name, value]) => {
      if (!isMergeField(name)) return [{ field: name, message: `${name} is not a merge field` }];
      if (value !== undefined && (typeof value !== 'string' || value.length > MAX_MERGE_VALUE))
        return [{ field: name, message: `${name} must be text of at most ${MAX_MERGE_VALUE} characters` }];
      return [];
    });
    if (fieldErrors.length > 0) throw new ValidationFailedException(fieldErrors);
    const claim = await em.findOne(Claim, { id: claimId }, { populate: ['user'] });
    if (!claim) throw new NotFoundException('Claim not found');
    const template = await this.templates.current(templateKey);
    const client = claim.user;
    const values: MergeValues = {
      client_name: client.displayName || client.username || client.email,
      claim_reference: claim.reference,
      service_name: claim.serviceName || claim.serviceType,
      claim_status: isClaimStatus(claim.status) ? STATUS_LABELS[claim.status] : claim.status,
      portal_url: this.portalUrlOf(claim),
      firm_name: 'Reclaim',
    };
    for (const [name, value] of Object.entries(extraFields))
      if (isMergeField(name) && value !== undefined) values[name] = value;
    // a merge field without a value is refused: no message goes out with a hole in it
    const missing = fieldsUsed(template.subject, template.body).filter((name) => !values[name]);
    if (missing.length > 0) {
      throw new ValidationFailedException(
        missing.map((m) => ({
          field: m,
          message: `the template "${template.name}" needs {{${m}}}, which was not given`,
        })),
      );
    }
    // plain substitution by the engine's template filler: the values are never re-read
    const subject = fillTemplate(template.subject, values);
    const body = fillTemplate(template.body, values);
    // The firm's side: the staff member, or for the firm's automatic messages the first admin.
    const author = sender ?? (await this.firmSender(em));
    const now = this.clock.now();
    let thread = await em.findOne(
      MessageThread,
      { claim: claim.id, client: client.id },
      { orderBy: { lastMessageAt: 'desc', id: 'asc' }, populate: ['client', 'claim'] },
    );
    if (!thread) {
      thread = new MessageThread();
      thread.subject = subject.slice(0, 200);
      thread.client = client;
      thread.claim = claim;
      thread.createdBy = em.getReference(User, author.id);
      thread.createdAt = now;
    }
    thread.lastMessageAt = now;
    const message = new Message();
    message.thread = thread;
    message.sender = em.getReference(User, author.id);
    message.fromFirm = true;
    message.body = body;
    message.templateKey = template.key;
    message.templateVersion = template.version;
    message.createdAt = now;
    em.persist([thread, message]);
    await em.flush();
    await em.populate(message, ['sender']);
    let emailed = false;
    if (client.isActive) {
      await this.mail.send({ to: client.email, subject: subject, text: body });
      emailed = true;
    }
    return {
      message: toMessageResponse(message),
      thread_id: thread.id,
      template_key: template.key,
      template_version: template.version,
      emailed,
    };
  }

  /** Who the firm's automatic messages (reminders) are from: the first administrator. */
  private async firmSender(em: EntityManager): Promise<User> {
    const admin = await em.findOne(
      User,
      { role: 'ADMIN', isActive: true },
      { orderBy: { dateJoined: 'asc', id: 'asc' } },
    );
    if (!admin) throw new Error('no administrator to send the firm’s messages as');
    return admin;
  }

  private unreadWhere(user: User, threadIds?: string[]): FilterQuery<Message> {
    const thread: Record<string, unknown> = ownership.listOwner(user, 'client', { staffUnscoped: 'all' });
    if (threadIds) thread.id = { $in: threadIds };
    const where: Record<string, unknown> = { readAt: null, fromFirm: !user.isStaff };
    if (Object.keys(thread).length > 0) where.thread = thread;
    return where;
  }

  async unreadCount(user: User): Promise<{ unread: number }> {
    return { unread: await this.em.count(Message, this.unreadWhere(user)) };
  }

  async listThreads(user: User, query: ListThreadsQueryDto) {
    const where: FilterQuery<MessageThread> = ownership.list(
      user,
      'client',
      {},
      {
        owner: query.client_id,
        staffUnscoped: 'all',
      },
    );
    if (query.claim_id) where.claim = query.claim_id;
    const { limit, offset } = pageWindow(query);
    const [threads, count] = await this.em.findAndCount(MessageThread, where, {
      limit,
      offset,
      orderBy: { lastMessageAt: 'desc', id: 'asc' },
      populate: ['client', 'claim'],
    });
    const unread = new Map<string, number>();
    if (threads.length > 0) {
      const rows = await this.em.find(
        Message,
        this.unreadWhere(
          user,
          threads.map((t) => t.id),
        ),
        {
          fields: ['id', 'thread'],
        },
      );
      for (const m of rows) unread.set(m.thread.id, (unread.get(m.thread.id) ?? 0) + 1);
    }
    const page: Page<ReturnType<typeof toThreadResponse>> = pageOf(
      threads.map((t) => toThreadResponse(t, unread.get(t.id) ?? 0)),
      count,
      query,
    );
    return page;
  }

  private async findThread(user: User, id: string): Promise<MessageThread> {
    const where = ownership.record(user, 'client', { id }) as FilterQuery<MessageThread>;
    const thread = await this.em.findOne(MessageThread, where, { populate: ['client', 'claim'] });
    if (!thread) throw new NotFoundException('Thread not found');
    return thread;
  }

  /** Opening a thread marks the other side's messages read. */
  async getThread(user: User, id: string, request?: FastifyRequest) {
    const thread = await this.findThread(user, id);
    await recordStaffView({
      activity: this.activity,
      viewer: user,
      ownerId: thread.client.id,
      targetType: 'message_thread',
      targetId: thread.id,
      request,
    });
    const messages = await this.em.find(
      Message,
      { thread: thread.id },
      { orderBy: { createdAt: 'asc', id: 'asc' }, populate: ['sender'] },
    );
    const now = new Date();
    const fromOtherSide = messages.filter((m) => m.readAt === null && m.fromFirm !== user.isStaff);
    // Staff reading their own thread with themselves as client is not a case: staff are never clients.
    for (const m of fromOtherSide) m.readAt = now;
    if (fromOtherSide.length > 0) await this.em.flush();
    return toThreadResponse(thread, 0, messages);
  }

  async createThread(user: User, dto: CreateThreadDto) {
    let client: User;
    if (user.isStaff) {
      if (!dto.client_id) {
        throw new BadRequestException({
          message: 'client_id is required',
          errors: [{ field: 'client_id', message: 'staff must name the client' }],
        });
      }
      const found = await this.em.findOne(User, { id: dto.client_id, role: 'CLIENT' });
      if (!found)
        throw new BadRequestException({
          message: 'client_id is not a client',
          errors: [{ field: 'client_id', message: 'must be a client’s id' }],
        });
      client = found;
    } else {
      if (dto.client_id && dto.client_id !== user.id) {
        throw new BadRequestException({
          message: 'client_id is for staff',
          errors: [{ field: 'client_id', message: 'must not be set by a client' }],
        });
      }
      client = user;
    }
    let claim: Claim | null = null;
    if (dto.claim_id) {
      claim = await this.em.findOne(Claim, ownership.own(client, 'user', { id: dto.claim_id }));
      if (!claim)
        throw new BadRequestException({
          message: 'claim_id is not a claim of this client',
          errors: [{ field: 'claim_id', message: 'must be one of the client’s claims' }],
        });
    }
    const now = new Date();
    const thread = new MessageThread();
    thread.subject = dto.subject.trim();
    thread.client = client;
    thread.claim = claim;
    thread.createdBy = this.em.getReference(User, user.id);
    thread.lastMessageAt = now;
    thread.createdAt = now;
    const message = new Message();
    message.thread = thread;
    message.sender = this.em.getReference(User, user.id);
    message.fromFirm = user.isStaff;
    message.body = dto.body;
    message.createdAt = now;
    this.em.persist([thread, message]);
    await this.em.flush();
    await this.notify(thread, message, user);
    return this.getThreadAfterWrite(user, thread.id);
  }

  async postMessage(user: User, threadId: string, body: string) {
    const thread = await this.findThread(user, threadId);
    const now = new Date();
    const message = new Message();
    message.thread = thread;
    message.sender = this.em.getReference(User, user.id);
    message.fromFirm = user.isStaff;
    message.body = body;
    message.createdAt = now;
    thread.lastMessageAt = now;
    this.em.persist(message);
    await this.em.flush();
    await this.em.populate(message, ['sender']);
    await this.notify(thread, message, user);
    return toMessageResponse(message);
  }

  private async getThreadAfterWrite(user: User, id: string) {
    const thread = await this.findThread(user, id);
    const messages = await this.em.find(
      Message,
      { thread: thread.id },
      { orderBy: { createdAt: 'asc', id: 'asc' }, populate: ['sender'] },
    );
    return toThreadResponse(thread, 0, messages);
  }

  /** Staff replies e-mail the client (if they want message e-mails); client messages e-mail the firm. */
  private async notify(thread: MessageThread, message: Message, author: User): Promise<void> {
    try {
      if (author.isStaff) {
        if (thread.client.notificationPreferences?.email_messages === false || !thread.client.isActive)
          return;
        await this.mail.send({
          to: thread.client.email,
          subject: `New message: ${thread.subject}`,
          text: `You have a new message from Reclaim about "${thread.subject}".\n\nRead and reply in your portal: ${this.config.publicUrl}/portal/messages\n`,
        });
      } else {
        await this.mail.send({
          to: this.config.firmEmail,
          subject: `Client message: ${thread.subject}`,
          text: `${author.displayName || author.email} wrote in "${thread.subject}".\n\nOpen the Admin Portal to reply.\n`,
        });
      }
    } catch (err) {
      this.logger.error(
        { err, thread: thread.id, message: message.id },
        'could not send the message notification',
      );
    }
  }
}
