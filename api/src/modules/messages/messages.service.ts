import { EntityManager, type FilterQuery } from '@mikro-orm/core';
import { BadRequestException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
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
  ) {}

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
