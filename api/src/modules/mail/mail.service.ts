import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { AppConfig } from '../../config/config';
import { Clock } from '../../common/clock';

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

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file under
 * DATA_DIR/mail/ so a developer (or a test) can open it.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);
  private readonly transport: Transporter;
  private readonly mailDir: string | null;

  constructor(
    private readonly config: AppConfig,
    private readonly clock: Clock,
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

  async send(message: MailMessage): Promise<SentMail> {
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
