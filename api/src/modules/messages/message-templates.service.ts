import { EntityManager, RequestContext, UniqueConstraintViolationException } from '@mikro-orm/core';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { ValidationFailedException } from '../../common/validation';
import { User } from '../users/user.entity';
import { MessageTemplate } from './message-template.entity';
import { checkTemplateText, DEFAULT_TEMPLATES, fieldsUsed, MERGE_FIELDS } from './template-text';

export interface MessageTemplateResponse {
  key: string;
  name: string;
  version: number;
  subject: string;
  body: string;
  fields: string[];
  created_at: string;
  created_by: string | null;
}

export function toTemplateResponse(t: MessageTemplate): MessageTemplateResponse {
  return {
    key: t.key,
    name: t.name,
    version: t.version,
    subject: t.subject,
    body: t.body,
    fields: fieldsUsed(t.subject, t.body),
    created_at: t.createdAt.toISOString(),
    created_by: t.createdBy ? t.createdBy.displayName || t.createdBy.email : null,
  };
}

/**
 * Versioned message templates: the defaults (DEFAULT_TEMPLATES) become version 1 the first time
 * anyone reads them; each save by staff adds the next version. Keys are fixed (the product's
 * messages); staff change their words, not which messages exist.
 */
@Injectable()
export class MessageTemplatesService {
  constructor(
    private readonly rootEm: EntityManager,
    private readonly clock: Clock,
  ) {}

  /** The request's entity manager, or outside a request (a background job) a fresh fork. */
  private get em(): EntityManager {
    return RequestContext.getEntityManager() ?? this.rootEm.fork();
  }

  /** Writes version 1 of every default template that has no version yet (safe to race). */
  private async ensureDefaults(): Promise<void> {
    const present = new Set(
      (await this.em.fork().find(MessageTemplate, { version: 1 }, { fields: ['key'] })).map((t) => t.key),
    );
    for (const d of DEFAULT_TEMPLATES) {
      if (present.has(d.key)) continue;
      const em = this.em.fork();
      const row = em.create(MessageTemplate, {
        key: d.key,
        version: 1,
        name: d.name,
        subject: d.subject,
        body: d.body,
        createdBy: null,
        createdAt: this.clock.now(),
      });
      try {
        await em.persistAndFlush(row);
      } catch (err) {
        // Another request or instance wrote it first.
        if (!(err instanceof UniqueConstraintViolationException)) throw err;
      }
    }
  }

  private knownKey(key: string): boolean {
    return DEFAULT_TEMPLATES.some((d) => d.key === key);
  }

  /** The version in use of every template. */
  async list(): Promise<MessageTemplateResponse[]> {
    await this.ensureDefaults();
    const rows = await this.em.find(
      MessageTemplate,
      {},
      { orderBy: { key: 'asc', version: 'desc' }, populate: ['createdBy'] },
    );
    const latest = new Map<string, MessageTemplate>();
    for (const r of rows) if (!latest.has(r.key)) latest.set(r.key, r);
    return DEFAULT_TEMPLATES.flatMap((d) => {
      const t = latest.get(d.key);
      return t ? [toTemplateResponse(t)] : [];
    });
  }

  /** The version in use of one template (404 for a key the product has no message for). */
  async current(key: string): Promise<MessageTemplate> {
    if (!this.knownKey(key)) throw new NotFoundException('Message template not found');
    await this.ensureDefaults();
    const row = await this.em.findOne(
      MessageTemplate,
      { key },
      { orderBy: { version: 'desc' }, populate: ['createdBy'] },
    );
    if (!row) throw new NotFoundException('Message template not found');
    return row;
  }

  /** Every version of one template, newest first. */
  async history(key: string): Promise<MessageTemplateResponse[]> {
    await this.current(key);
    const rows = await this.em.find(
      MessageTemplate,
      { key },
      { orderBy: { version: 'desc' }, populate: ['createdBy'] },
    );
    return rows.map(toTemplateResponse);
  }

  /**
   * Saves a new version; unknown merge fields or markup → 400 naming them. The new version is
   * the next after the one in use, and (key, version) is unique: of two saves made on one
   * version only one is written, the other is a 409 and writes nothing (it is never stacked on
   * top of the winner, which would silently replace words its author never saw). base_version,
   * the version the editor opened, refuses a save on a version that is no longer current.
   */
  async save(
    key: string,
    input: { subject: string; body: string; name?: string; base_version: number },
    staff: User,
  ) {
    const problems = checkTemplateText(input.subject, input.body);
    if (problems.length > 0) {
      throw new ValidationFailedException(
        problems.map((p) => ({ field: p.field, message: `${p.field} ${p.message}` })),
      );
    }
    const previous = await this.current(key);
    if (input.base_version !== previous.version) throw this.changed(previous);
    const em = this.em.fork();
    const row = em.create(MessageTemplate, {
      key,
      version: previous.version + 1,
      name: input.name?.trim() || previous.name,
      subject: input.subject.trim(),
      body: input.body,
      createdBy: em.getReference(User, staff.id),
      createdAt: this.clock.now(),
    });
    try {
      await em.persistAndFlush(row);
    } catch (err) {
      // Another save wrote this version first.
      if (!(err instanceof UniqueConstraintViolationException)) throw err;
      throw this.changed(await this.latest(key));
    }
    // the version written (not the newest: a later save may already be on top of it)
    await em.populate(row, ['createdBy']);
    return toTemplateResponse(row);
  }

  /** The version in use, read afresh (not from the request's identity map). */
  private latest(key: string): Promise<MessageTemplate> {
    return this.em
      .fork()
      .findOneOrFail(MessageTemplate, { key }, { orderBy: { version: 'desc' }, populate: ['createdBy'] });
  }

  /** 409: the template was saved by someone else since the editor opened it. */
  private changed(now: MessageTemplate): ConflictException {
    const who = now.createdBy ? now.createdBy.displayName || now.createdBy.email : 'the system';
    return new ConflictException({
      message: `The template "${now.name}" was changed by ${who} (now version ${now.version}); reload it to see their changes before saving.`,
      version: now.version,
    });
  }

  fields(): { name: string; description: string }[] {
    return Object.entries(MERGE_FIELDS).map(([name, description]) => ({ name, description }));
  }
}
