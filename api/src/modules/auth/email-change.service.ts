import { randomBytes } from 'node:crypto';
import { type EntityManager, MikroORM } from '@mikro-orm/core';
import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppConfig } from '../../config/config';
import { Clock } from '../../common/clock';
import { clientIp } from '../../common/request';
import { TooManyRequestsException } from '../../common/too-many-requests';
import { ValidationFailedException } from '../../common/validation';
import { ACTIVITY, ActivityLogService } from '../activity-logs/activity-logs.service';
import { MailService } from '../mail/mail.service';
import { User } from '../users/user.entity';
import { EmailChangeUndoToken } from './email-change-undo-token.entity';
import { verifyPassword } from './password-hashing';
import { PasswordResetToken } from './password-reset-token.entity';
import { LoginThrottle } from './login-throttle';
import { SessionsService } from './sessions.service';
import { hashToken } from './tokens.service';

export const EMAIL_UNDO_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const EMAIL_UNDO_INVALID = 'This link is invalid, has expired or has already been used.';
export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to change your e-mail address';
export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';
export const TOO_MANY_PASSWORD_ATTEMPTS = 'Too many attempts. Please try again later.';

/**
 * SECURITY row 30: changing the e-mail address (the way into the account through a password reset)
 * needs the current password, ends the other sessions and tells the old address, with a link
 * that puts the old address back and ends every session. Password changes tell the address too.
 */
@Injectable()
export class EmailChangeService {
  private readonly logger = new Logger(EmailChangeService.name);

  constructor(
    private readonly orm: MikroORM,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly sessions: SessionsService,
    private readonly activity: ActivityLogService,
    private readonly mail: MailService,
    private readonly throttle: LoginThrottle,
  ) {}

  /** Refuses (400 on current_password) unless `password` is the user's current password. */
  /**
   * Checks the account's current password before a sensitive change (e-mail, password, erasure).
   * A wrong password here counts as a failed sign-in for the account from this address
   * (LoginThrottle's growing delays), so a stolen access token cannot be used to guess it.
   */
  async confirmPassword(
    user: User,
    password: string | undefined,
    request: FastifyRequest,
    field = 'current_password',
    incorrect = CURRENT_PASSWORD_INCORRECT,
  ): Promise<void> {
    if (password === undefined || password === '') {
      throw new ValidationFailedException([{ field, message: CURRENT_PASSWORD_REQUIRED }]);
    }
    const attempt = await this.throttle.begin(user.email, clientIp(request));
    if (!attempt.allowed)
      throw new TooManyRequestsException(TOO_MANY_PASSWORD_ATTEMPTS, attempt.retryAfterSeconds);
    if (!(await verifyPassword(user.passwordHash, password))) {
      await attempt.failed();
      throw new ValidationFailedException([{ field, message: incorrect }]);
    }
    await attempt.succeeded();
  }

  /**
   * Within the caller's transaction `tx`: records the undo token for old → new, ends every other
   * session of the user (the one in `keepSessionId` stays) and voids outstanding reset links.
   * Returns the mail to send once the transaction has committed.
   */
  async recordChange(
    tx: EntityManager,
    user: User,
    change: { oldEmail: string; newEmail: string; keepSessionId: string | null },
  ): Promise<() => void> {
    const token = randomBytes(32).toString('base64url');
    const row = new EmailChangeUndoToken();
    row.user = tx.getReference(User, user.id);
    row.oldEmail = change.oldEmail;
    row.newEmail = change.newEmail;
    row.tokenHash = hashToken(token);
    row.createdAt = this.clock.now();
    row.expiresAt = new Date(this.clock.nowMs() + EMAIL_UNDO_TTL_MS);
    tx.persist(row);
    await this.sessions.revokeOthersForUser(tx, user.id, change.keepSessionId, 'email_change');
    // A reset link sent before the change must not outlive it.
    await tx.nativeUpdate(PasswordResetToken, { user: user.id, usedAt: null }, { usedAt: this.clock.now() });

    const name = user.displayName || user.username;
    const link = `${this.config.publicUrl}/account/undo-email?token=${token}`;
    return () =>
      this.sendSafely({
        to: change.oldEmail,
        subject: 'The e-mail address of your Reclaim account was changed',
        text: [
          `Hello ${name},`,
          '',
          `The e-mail address of your Reclaim account was changed from ${change.oldEmail} to ${change.newEmail}. Other devices have been signed out.`,
          '',
          'If you made this change, you need do nothing.',
          '',
          'If you did not, open this link within 7 days to put your old address back and sign out everywhere:',
          '',
          link,
          '',
          'Then choose a new password with "Forgot password" on the sign-in page.',
        ].join('\n'),
      });
  }

  /** Tells the account's address that its password was changed (sent in the background). */
  notifyPasswordChanged(user: User): void {
    this.sendSafely({
      to: user.email,
      subject: 'Your Reclaim password was changed',
      text: [
        `Hello ${user.displayName || user.username},`,
        '',
        'The password of your Reclaim account was just changed, and other devices have been signed out.',
        '',
        'If you did not do this, choose a new password now with "Forgot password" on the sign-in page, and contact us.',
      ].join('\n'),
    });
  }

  /**
   * The undo link: the old address comes back, every session ends, and every other pending undo
   * link and reset link of the account stops working. Single use, even when clicked twice at once.
   */
  async undo(token: string, request: FastifyRequest): Promise<{ detail: string; email: string }> {
    const em = this.orm.em.fork();
    const row = await em.findOne(EmailChangeUndoToken, { tokenHash: hashToken(token) });
    const now = this.clock.now();
    if (!row || row.usedAt !== null || row.expiresAt.getTime() <= now.getTime()) {
      throw new BadRequestException(EMAIL_UNDO_INVALID);
    }
    const userId = row.user.id;
    const restored = await this.orm.em.fork().transactional(async (tx) => {
      const claimed = await tx.nativeUpdate(
        EmailChangeUndoToken,
        { id: row.id, usedAt: null },
        { usedAt: now },
      );
      if (claimed !== 1) throw new BadRequestException(EMAIL_UNDO_INVALID);
      const user = await tx.findOneOrFail(User, { id: userId });
      if (!user.isActive || user.erasedAt !== null) throw new BadRequestException(EMAIL_UNDO_INVALID);
      // Another account took the old address meanwhile: nothing to restore to.
      if ((await tx.count(User, { email: row.oldEmail, id: { $ne: userId } })) > 0)
        throw new BadRequestException(EMAIL_UNDO_INVALID);
      const from = user.email;
      user.email = row.oldEmail;
      await tx.nativeUpdate(EmailChangeUndoToken, { user: userId, usedAt: null }, { usedAt: now });
      await tx.nativeUpdate(PasswordResetToken, { user: userId, usedAt: null }, { usedAt: now });
      await this.sessions.revokeAllForUser(tx, userId, 'email_change_undone');
      this.activity.persist(tx, {
        user,
        action: ACTIVITY.emailChangeUndone,
        targetType: 'user',
        targetId: userId,
        detail: { from, to: row.oldEmail },
        request,
      });
      return user.email;
    });
    return {
      detail:
        'Your e-mail address has been restored and every session has been signed out. Please sign in and choose a new password.',
      email: restored,
    };
  }

  private sendSafely(message: { to: string; subject: string; text: string }): void {
    void this.mail
      .send(message)
      .catch((err: unknown) => this.logger.error({ err, subject: message.subject }, 'account e-mail failed'));
  }
}
