import { randomBytes } from 'node:crypto';
import { MikroORM, UniqueConstraintViolationException } from '@mikro-orm/core';
import {
  BadRequestException,
  ForbiddenException,
  Injectable,
  Logger,
  UnauthorizedException,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../../config/config';
import { Clock } from '../../common/clock';
import { JwtAuthGuard } from '../../common/jwt-auth.guard';
import { limitKey, type LimiterOptions, RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { TooManyRequestsException } from '../../common/too-many-requests';
import { clientIp } from '../../common/request';
import { ValidationFailedException } from '../../common/validation';
import { ACTIVITY, ActivityLogService } from '../activity-logs/activity-logs.service';
import { MailService } from '../mail/mail.service';
import { normaliseEmail, User } from '../users/user.entity';
import type {
  LoginDto,
  PasswordChangeDto,
  PasswordResetConfirmDto,
  PasswordResetDto,
  RegisterDto,
} from './auth.dto';
import { DeviceCookie } from './device-cookie';
import { EmailChangeService } from './email-change.service';
import { LoginThrottle } from './login-throttle';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password-hashing';
import { passwordProblem } from './password-policy';
import { PasswordResetToken } from './password-reset-token.entity';
import { AuthSession } from './auth-session.entity';
import { SessionsService, type TokenPair } from './sessions.service';
import { hashToken } from './tokens.service';

export const INVALID_CREDENTIALS = 'Invalid email or password';
// Told only to someone who gave the account's right password, so it reveals nothing to a guesser.
export const ACCOUNT_DISABLED = 'This account has been disabled. Please contact us to restore access.';
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again later.';
export const RESET_SENT = 'If an account exists for this e-mail, a password reset link has been sent.';
export const REGISTER_ACCEPTED =
  'Thank you. If this e-mail address is new to us, your account has been created and you can sign in now; if it already has an account, we have sent it an e-mail.';
export const RESET_INVALID = 'This password reset link is invalid or has expired.';

const MINUTE = 60_000;
// Fixed windows for the other public auth routes (login has its own growing delays: LoginThrottle).
export const LIMITS = {
  registerPerIp: { name: 'register_ip', points: 10, durationSeconds: 60 * 60 },
  resetPerAccount: { name: 'reset_acct', points: 3, durationSeconds: 15 * 60 },
  resetPerIp: { name: 'reset_ip', points: 20, durationSeconds: 15 * 60 },
} as const satisfies Record<string, LimiterOptions>;
export const RESET_TOKEN_TTL_MS = 60 * MINUTE;

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly orm: MikroORM,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly limits: RateLimitService,
    private readonly throttle: LoginThrottle,
    private readonly sessions: SessionsService,
    private readonly activity: ActivityLogService,
    private readonly mail: MailService,
    private readonly jwtGuard: JwtAuthGuard,
    private readonly emailChange: EmailChangeService,
    private readonly deviceCookie: DeviceCookie,
  ) {}

  /**
   * Signs in by password. The device cookie (a new one when the request has none) lets the
   * throttle tell the owner's devices from guesses elsewhere; it is set (renewed) on success.
   */
  async login(dto: LoginDto, request: FastifyRequest, reply?: FastifyReply): Promise<TokenPair> {
    const email = normaliseEmail(dto.username);
    const device = this.deviceCookie.read(request) ?? this.deviceCookie.newId();
    const attempt = await this.throttle.begin(email, clientIp(request), device);
    if (!attempt.allowed) {
      await this.activity.recordSafely({
        action: ACTIVITY.loginThrottled,
        detail: { email, retry_after_seconds: Math.ceil(attempt.retryAfterSeconds) },
        request,
      });
      throw new TooManyRequestsException(TOO_MANY_ATTEMPTS, attempt.retryAfterSeconds);
    }

    const em = this.orm.em.fork();
    const user = await em.findOne(User, { email });
    // Unknown e-mails cost one argon2 verification too, so timing does not tell them apart.
    const passwordOk = user
      ? await verifyPassword(user.passwordHash, dto.password)
      : (await verifyPassword(await dummyPasswordHash(), dto.password), false);
    if (!user || !passwordOk || !user.isActive || user.erasedAt !== null) {
      await attempt.failed();
      await this.activity.recordSafely({
        user: user ?? null,
        action: ACTIVITY.loginFailed,
        targetType: 'user',
        targetId: user?.id ?? null,
        detail: { email, reason: !user ? 'unknown_email' : !passwordOk ? 'wrong_password' : 'inactive' },
        request,
      });
      if (user && passwordOk && !user.isActive && user.erasedAt === null)
        throw new ForbiddenException(ACCOUNT_DISABLED);
      throw new UnauthorizedException(INVALID_CREDENTIALS);
    }
    await attempt.succeeded();
    if (reply) this.deviceCookie.set(reply, device);
    // A plain UPDATE, not a versioned flush: parallel logins (several tabs) must not 409 each other.
    await em.nativeUpdate(User, { id: user.id }, { lastLogin: this.clock.now() });
    const pair = await this.sessions.start(em, user, { remember: dto.remember === true, request });
    await this.activity.record({
      user,
      action: ACTIVITY.login,
      targetType: 'user',
      targetId: user.id,
      request,
    });
    return pair;
  }

  /**
   * Creates a client account. The answer is the same for a new address and one already
   * registered (issue 25 §3, SECURITY row 4: registration must not tell whether an account
   * exists): 201 with REGISTER_ACCEPTED and no tokens, after the same work (the password checked
   * and hashed, one activity row). A new account then signs in as usual (the web does it at once
   * with the password just chosen); the owner of an existing one is told by e-mail instead.
   */
  async register(dto: RegisterDto, request: FastifyRequest): Promise<{ detail: string }> {
    await this.limits.consume(LIMITS.registerPerIp, limitKey(clientIp(request)), TOO_MANY_ATTEMPTS);

    const email = normaliseEmail(dto.email);
    const username = dto.username?.trim() || email.split('@')[0] || email;
    const problem = passwordProblem(dto.password, {
      email,
      username,
      displayName: dto.display_name,
    });
    if (problem) throw new ValidationFailedException([{ field: 'password', message: problem }]);
    const passwordHash = await hashPassword(dto.password);

    const em = this.orm.em.fork();
    const existing = await em.findOne(User, { email });
    if (existing) {
      await this.registeredAgain(existing, request);
      return { detail: REGISTER_ACCEPTED };
    }
    const user = new User();
    user.email = email;
    user.username = username;
    user.displayName = dto.display_name?.trim() ?? '';
    user.role = 'CLIENT';
    user.passwordHash = passwordHash;
    user.dateJoined = this.clock.now();
    this.activity.persist(em, {
      user,
      action: ACTIVITY.register,
      targetType: 'user',
      targetId: user.id,
      request,
    });
    try {
      em.persist(user);
      await em.flush();
    } catch (err) {
      // The same address registered at the same moment by another request: it exists now.
      if (!(err instanceof UniqueConstraintViolationException)) throw err;
      const winner = await this.orm.em.fork().findOne(User, { email });
      if (!winner) throw err;
      await this.registeredAgain(winner, request);
    }
    return { detail: REGISTER_ACCEPTED };
  }

  /** Someone registered an address that has an account: logged, and its owner told by e-mail. */
  private async registeredAgain(user: User, request: FastifyRequest): Promise<void> {
    await this.activity.record({
      user,
      action: ACTIVITY.registerExisting,
      targetType: 'user',
      targetId: user.id,
      request,
    });
    if (!user.isActive || user.erasedAt !== null) return;
    void this.mail
      .send({
        to: user.email,
        subject: 'Someone tried to create a Reclaim account with your e-mail address',
        text: [
          `Hello ${user.displayName || user.username},`,
          '',
          'Someone tried to create a new Reclaim account with this e-mail address, which already has an account. No new account was created and your account is unchanged.',
          '',
          `If it was you, sign in at ${this.config.publicUrl}/login or, if you have forgotten your password, choose a new one at ${this.config.publicUrl}/password-reset.`,
          '',
          'If it was not you, you need do nothing.',
        ].join('\n'),
      })
      .catch((err: unknown) => this.logger.error({ err }, 'registration notice e-mail failed'));
  }

  refresh(refresh: string, request: FastifyRequest): Promise<TokenPair> {
    return this.sessions.rotate(refresh, request);
  }

  /** Ends the session of the refresh token and of the access token sent, if any. Always 204. */
  async logout(
    refresh: string,
    request: FastifyRequest & { auth?: { sessionId: string }; identity?: { id: string } },
  ): Promise<void> {
    const session = await this.sessions.sessionOfRefresh(refresh);
    const ids = new Set<string>();
    if (session) ids.add(session.id);
    if (request.auth) ids.add(request.auth.sessionId);
    for (const id of ids) await this.sessions.revokeSession(id, 'logout');
    const userId = session?.user.id ?? request.identity?.id ?? null;
    if (userId !== null) {
      await this.activity.record({
        user: { id: userId },
        action: ACTIVITY.logout,
        targetType: 'session',
        targetId: session?.id ?? null,
        request,
      });
    }
  }

  async verify(token: string): Promise<{ valid: true }> {
    if (await this.jwtGuard.authenticate(token)) return { valid: true };
    if (await this.sessions.sessionOfRefresh(token)) return { valid: true };
    throw new UnauthorizedException('Token is invalid or expired');
  }

  async requestPasswordReset(dto: PasswordResetDto, request: FastifyRequest): Promise<{ detail: string }> {
    const email = normaliseEmail(dto.email);
    await this.limits.consume(LIMITS.resetPerIp, limitKey(clientIp(request)), TOO_MANY_ATTEMPTS);
    await this.limits.consume(LIMITS.resetPerAccount, limitKey(email), TOO_MANY_ATTEMPTS);

    const em = this.orm.em.fork();
    const found = await em.findOne(User, { email });
    const user = found && found.isActive && found.erasedAt === null ? found : null;

    // SECURITY row 4: the same work whether or not the account exists, so the answer's timing
    // does not tell. Both paths make and hash a token and commit one transaction with one
    // activity row; a real account's transaction also holds the token row, and only its e-mail
    // differs, which is queued in the background after the answer is decided. Timing is not
    // asserted by tests; a local run of 15 alternating requests each (2-core machine) gave
    // medians of 4.2 ms known / 4.2 ms unknown on SQLite (before: 2.8 / 3.5) and 13 / 19 ms on
    // PostgreSQL (before: 12 / 9), the unknown one there sharing its time with the previous
    // known request's mail being queued.
    const { token, tokenHash } = this.newResetToken();
    if (user) {
      const row = new PasswordResetToken();
      row.user = user;
      row.tokenHash = tokenHash;
      row.createdAt = this.clock.now();
      row.expiresAt = new Date(this.clock.nowMs() + RESET_TOKEN_TTL_MS);
      em.persist(row);
    }
    this.activity.persist(em, {
      user: found,
      action: ACTIVITY.passwordResetRequested,
      targetType: 'user',
      targetId: found?.id ?? null,
      detail: user ? undefined : { email, reason: found ? 'inactive' : 'unknown_email' },
      request,
    });
    await em.flush();
    if (!user) return { detail: RESET_SENT };

    const link = `${this.config.publicUrl}/password-reset-confirm/${user.id}/${token}`;
    // Sent in the background: the answer must not take longer for existing accounts.
    void this.mail
      .send({
        to: user.email,
        subject: 'Reset your Reclaim password',
        text: [
          `Hello ${user.displayName || user.username},`,
          '',
          'Someone asked to reset the password of your Reclaim account. To choose a new password, open this link within one hour:',
          '',
          link,
          '',
          'The link works once. If you did not ask for this, ignore this e-mail; your password stays the same.',
        ].join('\n'),
      })
      .catch((err: unknown) => this.logger.error({ err }, 'password reset e-mail failed'));
    return { detail: RESET_SENT };
  }

  /** A reset token and the hash stored for it (a method so tests can see both paths make one). */
  newResetToken(): { token: string; tokenHash: string } {
    const token = randomBytes(32).toString('base64url');
    return { token, tokenHash: hashToken(token) };
  }

  async confirmPasswordReset(
    dto: PasswordResetConfirmDto,
    request: FastifyRequest,
  ): Promise<{ detail: string }> {
    const em = this.orm.em.fork();
    const row = await em.findOne(
      PasswordResetToken,
      { tokenHash: hashToken(dto.token) },
      { populate: ['user'] },
    );
    const now = this.clock.now();
    if (
      !row ||
      row.user.id !== dto.uid ||
      row.usedAt !== null ||
      row.expiresAt.getTime() <= now.getTime() ||
      !row.user.isActive
    ) {
      throw new BadRequestException(RESET_INVALID);
    }
    const user = row.user;
    const problem = passwordProblem(dto.new_password, {
      email: user.email,
      username: user.username,
      displayName: user.displayName,
    });
    if (problem) throw new ValidationFailedException([{ field: 'new_password', message: problem }]);
    const passwordHash = await hashPassword(dto.new_password);

    // A fresh unit of work: nothing loaded above is flushed with it.
    await this.orm.em.fork().transactional(async (tx) => {
      // Single use even under concurrent confirms: only one request flips usedAt.
      const claimed = await tx.nativeUpdate(
        PasswordResetToken,
        { id: row.id, usedAt: null },
        { usedAt: now },
      );
      if (claimed !== 1) throw new BadRequestException(RESET_INVALID);
      await tx.nativeUpdate(PasswordResetToken, { user: user.id, usedAt: null }, { usedAt: now });
      const target = await tx.findOneOrFail(User, { id: user.id });
      target.passwordHash = passwordHash;
      await this.sessions.revokeAllForUser(tx, user.id, 'password_reset');
      this.activity.persist(tx, {
        user: target,
        action: ACTIVITY.passwordReset,
        targetType: 'user',
        targetId: user.id,
        request,
      });
    });
    return { detail: 'Your password has been reset. Please sign in with the new password.' };
  }

  async changePassword(
    user: User,
    sessionId: string,
    dto: PasswordChangeDto,
    request: FastifyRequest,
  ): Promise<TokenPair & { detail: string }> {
    await this.emailChange.confirmPassword(user, dto.current_password, request);
    const problem = passwordProblem(dto.new_password, {
      email: user.email,
      username: user.username,
      displayName: user.displayName,
    });
    if (problem) throw new ValidationFailedException([{ field: 'new_password', message: problem }]);
    const passwordHash = await hashPassword(dto.new_password);
    const em = this.orm.em.fork();
    const current = await em.findOne(AuthSession, { id: sessionId });
    const remember = current?.remember ?? false;
    const pair = await this.orm.em.fork().transactional(async (tx) => {
      const fresh = await tx.findOneOrFail(User, { id: user.id });
      fresh.passwordHash = passwordHash;
      await this.sessions.revokeAllForUser(tx, user.id, 'password_change');
      this.activity.persist(tx, {
        user: fresh,
        action: ACTIVITY.passwordChange,
        targetType: 'user',
        targetId: user.id,
        request,
      });
      return this.sessions.start(tx, fresh, { remember, request });
    });
    this.emailChange.notifyPasswordChanged(user);
    return { detail: 'Your password has been changed. Other sessions have been signed out.', ...pair };
  }
}
