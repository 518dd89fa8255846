import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { AppConfig } from '../../config/config';
import { Clock } from '../../common/clock';
import { JobQueue } from '../jobs/job-queue';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface SentMail {
  messageId: string;
  /** Path of the .eml file when no SMTP server is configured. */
  file: string | null;
}

export const MAIL_QUEUE = 'mail';

/**
 * Outgoing mail goes through the job queue (pg-boss on PostgreSQL, in-process on SQLite): a
 * request never waits for SMTP, and a failed delivery is retried (3 more tries, 30 s apart,
 * doubling). SMTP when SMTP_URL is set; otherwise each message is written as an .eml file under
 * DATA_DIR/mail/ of the instance that delivered it, so a developer (or a test) can open it.
 */
@Injectable()
export class MailService implements OnModuleInit {
  private readonly logger = new Logger(MailService.name);
  private readonly transport: Transporter;
  private readonly mailDir: string | null;

  constructor(
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly jobs: JobQueue,
  ) {
    if (config.smtpUrl) {
      this.transport = createTransport(config.smtpUrl);
      this.mailDir = null;
    } else {
      this.transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      this.mailDir = config.dataPath('mail');
      mkdirSync(this.mailDir, { recursive: true });
    }
  }

  get outboxDir(): string | null {
    return this.mailDir;
  }

  async onModuleInit(): Promise<void> {
    await this.jobs.work<MailMessage>(MAIL_QUEUE, (job) => this.deliver(job.data), { concurrency: 2 });
  }

  /** Queues the message; resolves once it is stored in the queue (with the job id). */
  async send(message: MailMessage): Promise<{ jobId: string | null }> {
    const { to, subject, text, html, replyTo } = message;
    // Only the message's own fields are stored, and (reset links being secrets) not once sent.
    const jobId = await this.jobs.enqueue<MailMessage>(
      MAIL_QUEUE,
      {
        to,
        subject,
        text,
        ...(html === undefined ? {} : { html }),
        ...(replyTo === undefined ? {} : { replyTo }),
      },
      { retryLimit: 3, retryDelaySeconds: 30, sensitive: true },
    );
    return { jobId };
  }

  /** Sends now (the queue's worker). */
  async deliver(message: MailMessage): Promise<SentMail> {
    const info: unknown = await this.transport.sendMail({
      from: this.config.mailFrom,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      replyTo: message.replyTo,
    });
    const messageId = readString(info, 'messageId') ?? randomUUID();
    if (this.mailDir === null) {
      this.logger.log({ messageId }, 'mail sent via SMTP');
      return { messageId, file: null };
    }
    const raw = readBuffer(info, 'message');
    if (raw === null) throw new Error('mail transport returned no message body');
    const stamp = this.clock.now().toISOString().replace(/[:.]/g, '-');
    const file = join(this.mailDir, `${stamp}-${randomUUID()}.eml`);
    await writeFile(file, raw, { mode: 0o600 });
    this.logger.log({ messageId, file }, 'mail written to outbox');
    return { messageId, file };
  }
}

function readString(info: unknown, key: string): string | null {
  if (typeof info !== 'object' || info === null) return null;
  const value = (info as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : null;
}

function readBuffer(info: unknown, key: string): Buffer | null {
  if (typeof info !== 'object' || info === null) return null;
  const value = (info as Record<string, unknown>)[key];
  return Buffer.isBuffer(value) ? value : null;
}
