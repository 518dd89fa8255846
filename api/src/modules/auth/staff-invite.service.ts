import { randomBytes } from 'node:crypto';
import { MikroORM, UniqueConstraintViolationException } from '@mikro-orm/core';
import { BadRequestException, ConflictException, Injectable, Logger } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppConfig } from '../../config/config';
import { Clock } from '../../common/clock';
import { ValidationFailedException } from '../../common/validation';
import { ActivityLogService } from '../activity-logs/activity-logs.service';
import { MailService } from '../mail/mail.service';
import { toUserDto, type UserDto } from '../users/user.dto';
import { normaliseEmail, User, type UserRole } from '../users/user.entity';
import { hashPassword } from './password-hashing';
import { passwordProblem } from './password-policy';
import { PasswordResetToken } from './password-reset-token.entity';
import { hashToken } from './tokens.service';

/** The password hash of an invited account until its owner sets a password: matches no password. */
export const INVITED_PASSWORD_HASH = '!invited';
export const INVITE_TTL_MS = 72 * 60 * 60_000;
export const INVITE_INVALID =
  'This invitation link is invalid or has expired. Ask an administrator for a new one.';
export const ACTIVITY_STAFF_INVITED = 'staff_invited';
export const ACTIVITY_STAFF_INVITE_ACCEPTED = 'staff_invite_accepted';

/** Whether the account is an invitation nobody has accepted yet. */
export function isPendingInvite(user: Pick<User, 'passwordHash' | 'erasedAt'>): boolean {
  return user.passwordHash === INVITED_PASSWORD_HASH && user.erasedAt === null;
}

/**
 * Issue 29 §6: an administrator invites a staff member by e-mail. The account is created
 * inactive with no usable password; the e-mail carries a single-use link (the token's sha256 is
 * stored, in the password reset table) valid for 72 hours. Accepting it sets the password (the
 * registration rules) and activates the account. Inviting a pending address again sends a new
 * link and ends the old ones; an address with a real account is a 409.
 */
@Injectable()
export class StaffInviteService {
  private readonly logger = new Logger(StaffInviteService.name);

  constructor(
    private readonly orm: MikroORM,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly activity: ActivityLogService,
    private readonly mail: MailService,
  ) {}

  async invite(
    actor: User,
    input: { email: string; role: UserRole; display_name?: string },
    request?: FastifyRequest,
  ): Promise<UserDto & { invite_pending: boolean; invite_expires_at: string }> {
    const email = normaliseEmail(input.email);
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + INVITE_TTL_MS);
    let user: User;
    let resent = false;
    try {
      user = await this.orm.em.fork().transactional(async (tx) => {
        let target = await tx.findOne(User, { email });
        if (target && !isPendingInvite(target)) {
          throw new ConflictException({
            message:
              'An account with this e-mail address already exists; change its role on the Users page instead.',
            errors: [{ field: 'email', message: 'An account with this e-mail address already exists.' }],
          });
        }
        if (target) {
          resent = true;
          // A new link ends the old ones.
          await tx.nativeUpdate(PasswordResetToken, { user: target.id, usedAt: null }, { usedAt: now });
          target.role = input.role;
          if (input.display_name !== undefined) target.displayName = input.display_name.trim();
        } else {
          target = new User();
          target.email = email;
          target.username = email.split('@')[0] || email;
          target.displayName = input.display_name?.trim() ?? '';
          target.role = input.role;
          target.isActive = false;
          target.passwordHash = INVITED_PASSWORD_HASH;
          target.dateJoined = now;
          tx.persist(target);
        }
        const row = new PasswordResetToken();
        row.user = target;
        row.tokenHash = hashToken(token);
        row.createdAt = now;
        row.expiresAt = expiresAt;
        tx.persist(row);
        this.activity.persist(tx, {
          user: actor,
          action: ACTIVITY_STAFF_INVITED,
          targetType: 'user',
          targetId: target.id,
          detail: { email, role: input.role, resent },
          request: request ?? null,
        });
        return target;
      });
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) {
        throw new ConflictException('This address was invited at the same moment by someone else.');
      }
      throw err;
    }
    const link = `${this.config.publicUrl}/accept-invite/${user.id}/${token}`;
    const inviter = actor.displayName || actor.username;
    void this.mail
      .send({
        to: email,
        subject: 'You are invited to Reclaim',
        text: [
          `Hello${user.displayName ? ` ${user.displayName}` : ''},`,
          '',
          `${inviter} has invited you to Reclaim as a ${input.role === 'ADMIN' ? 'administrator' : 'staff member'}. To choose your password and activate your account, open this link within 72 hours:`,
          '',
          link,
          '',
          'The link works once. If you were not expecting this, ignore this e-mail.',
        ].join('\n'),
      })
      .catch((err: unknown) => this.logger.error({ err }, 'staff invitation e-mail failed'));
    return { ...toUserDto(user), invite_pending: true, invite_expires_at: expiresAt.toISOString() };
  }

  async accept(
    input: { uid: string; token: string; new_password: string },
    request?: FastifyRequest,
  ): Promise<{ detail: string; email: string }> {
    const em = this.orm.em.fork();
    const row = await em.findOne(
      PasswordResetToken,
      { tokenHash: hashToken(input.token) },
      { populate: ['user'] },
    );
    const now = this.clock.now();
    if (
      !row ||
      row.user.id !== input.uid ||
      row.usedAt !== null ||
      row.expiresAt.getTime() <= now.getTime() ||
      !isPendingInvite(row.user)
    ) {
      throw new BadRequestException(INVITE_INVALID);
    }
    const user = row.user;
    const problem = passwordProblem(input.new_password, {
      email: user.email,
      username: user.username,
      displayName: user.displayName,
    });
    if (problem) throw new ValidationFailedException([{ field: 'new_password', message: problem }]);
    const passwordHash = await hashPassword(input.new_password);
    await this.orm.em.fork().transactional(async (tx) => {
      // Single use even when two tabs accept at once: only one request flips usedAt.
      const claimed = await tx.nativeUpdate(
        PasswordResetToken,
        { id: row.id, usedAt: null },
        { usedAt: now },
      );
      if (claimed !== 1) throw new BadRequestException(INVITE_INVALID);
      await tx.nativeUpdate(PasswordResetToken, { user: user.id, usedAt: null }, { usedAt: now });
      const target = await tx.findOneOrFail(User, { id: user.id });
      if (!isPendingInvite(target)) throw new BadRequestException(INVITE_INVALID);
      target.passwordHash = passwordHash;
      target.isActive = true;
      this.activity.persist(tx, {
        user: target,
        action: ACTIVITY_STAFF_INVITE_ACCEPTED,
        targetType: 'user',
        targetId: target.id,
        detail: { role: target.role },
        request: request ?? null,
      });
    });
    return {
      detail: 'Your password is set. Sign in with your e-mail address and the new password.',
      email: user.email,
    };
  }
}
