import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/core';
import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../../config/config';
import { Clock } from '../../common/clock';
import { clientIp } from '../../common/request';
import { limitKey, type LimiterOptions, RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { ACTIVITY, ActivityLogService } from '../activity-logs/activity-logs.service';
import { MailService } from '../mail/mail.service';
import { normaliseEmail, User } from '../users/user.entity';
import { DeviceCookie } from './device-cookie';
import { LoginThrottle } from './login-throttle';
import { SessionsService, type TokenPair } from './sessions.service';
import { hashToken } from './tokens.service';

export const LOGIN_LINK_TTL_SECONDS = 15 * 60;
export const LOGIN_LINK_SENT =
  'If an account exists for this e-mail, a sign-in link has been sent. It works once, within 15 minutes.';
export const LOGIN_LINK_INVALID = 'This sign-in link is invalid, has expired or has already been used.';
const TOO_MANY = 'Too many attempts. Please try again later.';

export const LOGIN_LINK_LIMITS = {
  perAccount: { name: 'login_link_acct', points: 3, durationSeconds: 15 * 60 },
  perIp: { name: 'login_link_ip', points: 20, durationSeconds: 15 * 60 },
  /** The links themselves: one row each, kept until used or LOGIN_LINK_TTL_SECONDS. */
  links: { name: 'login_link', points: 1, durationSeconds: LOGIN_LINK_TTL_SECONDS },
} as const satisfies Record<string, LimiterOptions>;

/**
 * Sign-in links by e-mail (issue 25 §3): the way in that no login throttle can close. A link signs
 * in once, within 15 minutes, without a password, and makes the device that opened it known to the
 * throttle (LoginThrottle), so guesses from elsewhere never slow it down afterwards.
 *
 * The link carries the user's id and a 256-bit random token. Only a hash of both is stored, as a
 * row of the shared rate-limit store (the `rate_limits` table on SQLite or PostgreSQL, or Redis):
 * every instance sees it, it expires by itself, and using it deletes it, which the store does
 * atomically (DELETE … / DEL answer whether a row went), so of two requests racing with one
 * link exactly one signs in.
 */
@Injectable()
export class LoginLinkService {
  private readonly logger = new Logger(LoginLinkService.name);

  constructor(
    private readonly orm: MikroORM,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly limits: RateLimitService,
    private readonly throttle: LoginThrottle,
    private readonly sessions: SessionsService,
    private readonly activity: ActivityLogService,
    private readonly mail: MailService,
    private readonly deviceCookie: DeviceCookie,
  ) {}

  private linkKey(userId: string, token: string): string {
    return limitKey('login-link', userId, hashToken(token));
  }

  /** Always the same answer (SECURITY row 4); only an active account gets the e-mail. */
  async request(emailInput: string, request: FastifyRequest): Promise<{ detail: string }> {
    const email = normaliseEmail(emailInput);
    await this.limits.consume(LOGIN_LINK_LIMITS.perIp, limitKey(clientIp(request)), TOO_MANY);
    await this.limits.consume(LOGIN_LINK_LIMITS.perAccount, limitKey(email), TOO_MANY);

    const found = await this.orm.em.fork().findOne(User, { email });
    const user = found && found.isActive && found.erasedAt === null ? found : null;
    const token = randomBytes(32).toString('base64url');
    await this.activity.recordSafely({
      user: found,
      action: ACTIVITY.loginLinkRequested,
      targetType: 'user',
      targetId: found?.id ?? null,
      detail: user ? undefined : { email, reason: found ? 'inactive' : 'unknown_email' },
      request,
    });
    if (!user) return { detail: LOGIN_LINK_SENT };
    try {
      await this.limits
        .limiter(LOGIN_LINK_LIMITS.links)
        .set(this.linkKey(user.id, token), 1, LOGIN_LINK_TTL_SECONDS);
    } catch (err) {
      throw this.limits.unavailable(err);
    }
    const link = `${this.config.publicUrl}/login-link/${user.id}/${token}`;
    void this.mail
      .send({
        to: user.email,
        subject: 'Your Reclaim sign-in link',
        text: [
          `Hello ${user.displayName || user.username},`,
          '',
          'Someone asked for a link to sign in to your Reclaim account without a password. To sign in on the device where you asked for it, open this link within 15 minutes:',
          '',
          link,
          '',
          'The link works once. If you did not ask for it, ignore this e-mail: nobody can use it without access to your mailbox. If you keep receiving these, consider changing your password.',
        ].join('\n'),
      })
      .catch((err: unknown) => this.logger.error({ err }, 'sign-in link e-mail failed'));
    return { detail: LOGIN_LINK_SENT };
  }

  /** Uses the link: signs in, marks the device known and sets its cookie. 400 when not valid. */
  async confirm(
    input: { uid: string; token: string; remember?: boolean },
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<TokenPair> {
    const key = this.linkKey(input.uid, input.token);
    const limiter = this.limits.limiter(LOGIN_LINK_LIMITS.links);
    let used: boolean;
    try {
      const row = await limiter.get(key);
      // Expired rows are not returned (and are swept later); deleting claims the link.
      used = row !== null && row.msBeforeNext > 0 && (await limiter.delete(key));
    } catch (err) {
      throw this.limits.unavailable(err);
    }
    if (!used) throw new BadRequestException(LOGIN_LINK_INVALID);

    const em = this.orm.em.fork();
    const user = await em.findOne(User, { id: input.uid });
    if (!user || !user.isActive || user.erasedAt !== null) throw new BadRequestException(LOGIN_LINK_INVALID);
    const device = this.deviceCookie.read(request) ?? this.deviceCookie.newId();
    await this.throttle.markDeviceKnown(user.email, device);
    await em.nativeUpdate(User, { id: user.id }, { lastLogin: this.clock.now() });
    const pair = await this.sessions.start(em, user, { remember: input.remember === true, request });
    this.deviceCookie.set(reply, device);
    await this.activity.record({
      user,
      action: ACTIVITY.login,
      targetType: 'user',
      targetId: user.id,
      detail: { method: 'email_link' },
      request,
    });
    return pair;
  }
}
