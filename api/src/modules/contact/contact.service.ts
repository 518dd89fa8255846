import { EntityManager } from '@mikro-orm/core';
import { Injectable, Logger } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { limitKey, type LimiterOptions, RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { clientIp } from '../../common/request';
import { AppConfig } from '../../config/config';
import { paginate, type PaginationQueryDto } from '../../common/pagination';
import { MailService } from '../mail/mail.service';
import { ContactMessage } from './contact-message.entity';
import type { CreateContactMessageDto } from './dto/contact.dto';

// Each accepted enquiry sends an e-mail, so an anonymous caller gets a few an hour, not a flood.
export const CONTACT_LIMIT: LimiterOptions = { name: 'contact_ip', points: 10, durationSeconds: 60 * 60 };

export const CONTACT_RECEIVED_DETAIL =
  'Thank you. Your message has been sent and we will reply within one business day.';

export type ContactMessageResponse = ReturnType<typeof toContactResponse>;

function toContactResponse(m: ContactMessage) {
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    phone: m.phone,
    subject: m.subject,
    message: m.message,
    created_at: m.createdAt.toISOString(),
  };
}

@Injectable()
export class ContactService {
  private readonly logger = new Logger(ContactService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly mail: MailService,
    private readonly config: AppConfig,
    private readonly limits: RateLimitService,
  ) {}

  /** Stored first (the firm never loses an enquiry), then e-mailed to FIRM_EMAIL. */
  async create(dto: CreateContactMessageDto, request: FastifyRequest): Promise<{ detail: string }> {
    await this.limits.consume(
      CONTACT_LIMIT,
      limitKey(clientIp(request)),
      'Too many messages. Please try again later or e-mail us.',
    );
    const message = new ContactMessage();
    message.name = dto.name.trim();
    message.email = dto.email.trim().toLowerCase();
    message.phone = dto.phone?.trim() || null;
    message.subject = dto.subject.trim();
    message.message = dto.message;
    await this.em.persistAndFlush(message);
    try {
      await this.mail.send({
        to: this.config.firmEmail,
        replyTo: message.email,
        subject: `Website enquiry: ${message.subject}`,
        text: [
          `From: ${message.name} <${message.email}>`,
          ...(message.phone ? [`Phone: ${message.phone}`] : []),
          `Subject: ${message.subject}`,
          '',
          message.message,
        ].join('\n'),
      });
    } catch (err) {
      this.logger.error(
        { err, contact: message.id },
        'could not e-mail the enquiry to the firm (it is stored)',
      );
    }
    return { detail: CONTACT_RECEIVED_DETAIL };
  }

  list(query: PaginationQueryDto) {
    return paginate({
      em: this.em,
      entity: ContactMessage,
      where: {},
      query,
      orderBy: { createdAt: 'desc', id: 'asc' },
      map: toContactResponse,
    });
  }
}
