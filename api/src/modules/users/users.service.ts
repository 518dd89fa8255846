import { EntityManager, MikroORM } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AppRequest } from '../../common/request';
import { Clock } from '../../common/clock';
import { ValidationFailedException } from '../../common/validation';
import { toActivityLogDto } from '../activity-logs/activity-log.dto';
import { ActivityLog } from '../activity-logs/activity-log.entity';
import { ACTIVITY, ActivityLogService } from '../activity-logs/activity-logs.service';
import { AuthSession } from '../auth/auth-session.entity';
import { EmailChangeService } from '../auth/email-change.service';
import { EmailChangeUndoToken } from '../auth/email-change-undo-token.entity';
import { PasswordResetToken } from '../auth/password-reset-token.entity';
import { RefreshToken } from '../auth/refresh-token.entity';
import { SessionsService } from '../auth/sessions.service';
import { ExportRegistry, type ErasureOutcome } from './export-registry';
import { toUserDto, type UpdateCurrentUserDto, type UserDto } from './user.dto';
import { DEFAULT_NOTIFICATION_PREFERENCES, normaliseEmail, User } from './user.entity';

export interface UserExport {
  format: 'reclaim-user-export';
  format_version: 1;
  exported_at: string;
  user: UserDto;
  sessions: unknown[];
  password_reset_requests: unknown[];
  activity_logs: unknown[];
  [section: string]: unknown;
}

@Injectable()
export class UsersService {
  constructor(
    private readonly orm: MikroORM,
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly activity: ActivityLogService,
    private readonly sessions: SessionsService,
    private readonly registry: ExportRegistry,
    private readonly emailChange: EmailChangeService,
  ) {}

  current(user: User): UserDto {
    return toUserDto(user);
  }

  async updateCurrent(user: User, dto: UpdateCurrentUserDto, request: AppRequest): Promise<UserDto> {
    const changed: string[] = [];
    let emailChange: { oldEmail: string; newEmail: string } | null = null;
    if (dto.email !== undefined) {
      const email = normaliseEmail(dto.email);
      if (email !== user.email) {
        // SECURITY row 30: an access token alone must not move the account to another address.
        await this.emailChange.confirmPassword(user, dto.current_password, request);
        if ((await this.em.count(User, { email, id: { $ne: user.id } })) > 0) {
          throw new ValidationFailedException([
            { field: 'email', message: 'A user with that email already exists.' },
          ]);
        }
        emailChange = { oldEmail: user.email, newEmail: email };
      }
    }
    if (dto.display_name !== undefined) {
      user.displayName = dto.display_name.trim();
      changed.push('display_name');
    }
    if (dto.username !== undefined) {
      user.username = dto.username.trim();
      changed.push('username');
    }
    if (dto.avatar !== undefined) {
      user.avatar = dto.avatar;
      changed.push('avatar');
    }
    if (dto.notification_preferences !== undefined) {
      const next = { ...DEFAULT_NOTIFICATION_PREFERENCES, ...user.notificationPreferences };
      for (const key of ['email_claim_updates', 'email_messages', 'email_news'] as const) {
        const value = dto.notification_preferences[key];
        if (value !== undefined) next[key] = value;
      }
      user.notificationPreferences = next;
      changed.push('notification_preferences');
    }
    if (emailChange) {
      const change = emailChange;
      user.email = change.newEmail;
      changed.push('email');
      // One transaction: the new address, the undo link, the other sessions ended, the log row.
      const sendMail = await this.em.transactional(async (tx) => {
        const send = await this.emailChange.recordChange(tx, user, {
          ...change,
          keepSessionId: request.auth?.sessionId ?? null,
        });
        this.activity.persist(tx, {
          user,
          action: ACTIVITY.emailChange,
          targetType: 'user',
          targetId: user.id,
          detail: { fields: changed },
          request,
        });
        return send;
      });
      sendMail();
    } else if (changed.length > 0) {
      this.activity.persist(this.em, {
        user,
        action: ACTIVITY.profileUpdate,
        targetType: 'user',
        targetId: user.id,
        detail: { fields: changed },
        request,
      });
      await this.em.flush();
    }
    return toUserDto(user);
  }

  /** UK GDPR right of access: every row linked to the user, machine-readable. */
  async exportData(user: User, request: FastifyRequest): Promise<UserExport> {
    const em = this.orm.em.fork();
    const sessions = await em.find(AuthSession, { user: user.id }, { orderBy: { createdAt: 'asc' } });
    const tokens = await em.find(
      RefreshToken,
      { session: { user: user.id } },
      { orderBy: { issuedAt: 'asc' } },
    );
    const resets = await em.find(PasswordResetToken, { user: user.id }, { orderBy: { createdAt: 'asc' } });
    const emailChanges = await em.find(
      EmailChangeUndoToken,
      { user: user.id },
      { orderBy: { createdAt: 'asc' } },
    );
    const logs = await em.find(
      ActivityLog,
      { user: user.id },
      { orderBy: { createdAt: 'asc' }, populate: ['user'] },
    );

    const document: UserExport = {
      format: 'reclaim-user-export',
      format_version: 1,
      exported_at: this.clock.now().toISOString(),
      user: toUserDto(user),
      // Token hashes are credentials-derived; the export lists the sessions, not their secrets.
      sessions: sessions.map((s) => ({
        id: s.id,
        created_at: s.createdAt.toISOString(),
        expires_at: s.expiresAt.toISOString(),
        revoked_at: s.revokedAt?.toISOString() ?? null,
        revoke_reason: s.revokeReason,
        remember: s.remember,
        ip: s.ip,
        user_agent: s.userAgent,
        refresh_tokens: tokens
          .filter((t) => t.session.id === s.id)
          .map((t) => ({
            id: t.id,
            issued_at: t.issuedAt.toISOString(),
            expires_at: t.expiresAt.toISOString(),
            replaced_at: t.replacedAt?.toISOString() ?? null,
          })),
      })),
      password_reset_requests: resets.map((r) => ({
        id: r.id,
        created_at: r.createdAt.toISOString(),
        expires_at: r.expiresAt.toISOString(),
        used_at: r.usedAt?.toISOString() ?? null,
      })),
      email_changes: emailChanges.map((c) => ({
        id: c.id,
        old_email: c.oldEmail,
        new_email: c.newEmail,
        created_at: c.createdAt.toISOString(),
        undo_link_expires_at: c.expiresAt.toISOString(),
        undo_link_used_at: c.usedAt?.toISOString() ?? null,
      })),
      activity_logs: logs.map(toActivityLogDto),
    };
    for (const section of this.registry.list()) {
      document[section.name] = await section.export(em, user);
    }
    await this.activity.record({
      user,
      action: ACTIVITY.dataExport,
      targetType: 'user',
      targetId: user.id,
      request,
    });
    return document;
  }

  /**
   * UK GDPR erasure. Domain sections erase their rows or keep those under a legal hold; the
   * account is then anonymised (its id stays, because held records point at it) and every
   * session ends.
   */
  async eraseCurrent(user: User, password: string, request: AppRequest): Promise<void> {
    await this.emailChange.confirmPassword(user, password, request, 'password', 'Password is incorrect');
    const outcomes: Record<string, ErasureOutcome> = {};
    await this.orm.em.fork().transactional(async (tx) => {
      const target = await tx.findOneOrFail(User, { id: user.id });
      for (const section of this.registry.list()) {
        if (section.erase) outcomes[section.name] = await section.erase(tx, target);
      }
      await this.sessions.revokeAllForUser(tx, user.id, 'account_erased');
      await tx.nativeDelete(RefreshToken, { session: { user: user.id } });
      await tx.nativeDelete(PasswordResetToken, { user: user.id });
      await tx.nativeDelete(EmailChangeUndoToken, { user: user.id });
      // Ended sessions stay as security records, without the network identifiers.
      await tx.nativeUpdate(AuthSession, { user: user.id }, { ip: null, userAgent: null });
      // Security records stay (legitimate interest), without the network identifiers.
      await tx.nativeUpdate(ActivityLog, { user: user.id }, { ip: null, userAgent: null });
      target.email = `erased-${user.id}@erased.invalid`;
      target.username = 'erased';
      target.displayName = '';
      target.avatar = null;
      target.passwordHash = '!erased';
      target.isActive = false;
      target.notificationPreferences = {
        email_claim_updates: false,
        email_messages: false,
        email_news: false,
      };
      target.erasedAt = this.clock.now();
      const held = Object.values(outcomes).reduce((n, o) => n + o.held, 0);
      this.activity.persist(tx, {
        user: target,
        action: ACTIVITY.accountErased,
        targetType: 'user',
        targetId: user.id,
        detail: { held_records: held, sections: outcomes },
      });
    });
  }
}
