import { randomUUID } from 'node:crypto';
import { type EntityManager, MikroORM } from '@mikro-orm/core';
import { Injectable, UnauthorizedException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Clock } from '../../common/clock';
import { clientIp, userAgent } from '../../common/request';
import { ACTIVITY, ActivityLogService } from '../activity-logs/activity-logs.service';
import { User } from '../users/user.entity';
import { AuthSession } from './auth-session.entity';
import { RefreshToken } from './refresh-token.entity';
import {
  hashToken,
  InvalidTokenError,
  REFRESH_REUSE_GRACE_SECONDS,
  REFRESH_TTL_REMEMBER_SECONDS,
  REFRESH_TTL_SECONDS,
  TokensService,
} from './tokens.service';

export interface TokenPair {
  access: string;
  refresh: string;
}

export const INVALID_REFRESH = 'Token is invalid or expired';

const wholeSeconds = (ms: number): Date => new Date(Math.floor(ms / 1000) * 1000);

/**
 * Sessions are refresh-token families. Rotation issues a child token and marks the parent
 * replaced; replaying a replaced token after the grace period revokes the whole family.
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly orm: MikroORM,
    private readonly tokens: TokensService,
    private readonly clock: Clock,
    private readonly activity: ActivityLogService,
  ) {}

  /** Starts a session for the user and returns its first token pair. Persists in `em` (flushed here). */
  async start(
    em: EntityManager,
    user: User,
    options: { remember: boolean; request?: FastifyRequest },
  ): Promise<TokenPair> {
    const now = this.clock.nowMs();
    const ttl = options.remember ? REFRESH_TTL_REMEMBER_SECONDS : REFRESH_TTL_SECONDS;
    const session = new AuthSession();
    session.user = user;
    session.remember = options.remember;
    session.createdAt = new Date(now);
    session.expiresAt = wholeSeconds(now + ttl * 1000);
    session.ip = options.request ? clientIp(options.request) : null;
    session.userAgent = options.request ? userAgent(options.request) : null;
    const token = this.newToken(session, null, wholeSeconds(now));
    em.persist([session, token.row]);
    await em.flush();
    return {
      access: this.tokens.signAccess({ userId: user.id, sessionId: session.id, notAfter: session.expiresAt }),
      refresh: token.signed,
    };
  }

  async rotate(refresh: string, request?: FastifyRequest): Promise<TokenPair> {
    let claims;
    try {
      claims = this.tokens.verifyRefresh(refresh);
    } catch (err) {
      if (err instanceof InvalidTokenError) throw new UnauthorizedException(INVALID_REFRESH);
      throw err;
    }
    const em = this.orm.em.fork();
    let row = await em.findOne(RefreshToken, { id: claims.jti }, { populate: ['session', 'session.user'] });
    if (!row || row.tokenHash !== hashToken(refresh) || row.session.id !== claims.sid)
      throw new UnauthorizedException(INVALID_REFRESH);
    const session = row.session;
    const user = session.user;
    const now = this.clock.nowMs();
    if (
      session.revokedAt !== null ||
      session.expiresAt.getTime() <= now ||
      row.expiresAt.getTime() <= now ||
      !user.isActive ||
      user.erasedAt !== null
    ) {
      throw new UnauthorizedException(INVALID_REFRESH);
    }

    if (row.replacedById === null) {
      const child = this.newToken(session, row.id, wholeSeconds(now));
      const parentId = row.id;
      const claimed = await em.fork().transactional(async (tx) => {
        // Conditional update: exactly one concurrent request wins the rotation.
        const affected = await tx.nativeUpdate(
          RefreshToken,
          { id: parentId, replacedById: null },
          { replacedById: child.row.id, replacedAt: new Date(now) },
        );
        if (affected !== 1) return false;
        await tx.insert(RefreshToken, {
          id: child.row.id,
          session: session.id,
          tokenHash: child.row.tokenHash,
          parentId,
          issuedAt: child.row.issuedAt,
          expiresAt: child.row.expiresAt,
          replacedById: null,
          replacedAt: null,
        });
        return true;
      });
      if (claimed) return { access: this.accessFor(session), refresh: child.signed };
      row = await em.fork().findOneOrFail(RefreshToken, { id: parentId });
    }

    // Already rotated. Within the grace period (tabs refreshing together) answer with the
    // family's current token; after it, this is a replay of a stolen token.
    const replacedAt = row.replacedAt?.getTime() ?? 0;
    if (now - replacedAt <= REFRESH_REUSE_GRACE_SECONDS * 1000) {
      const latest = await this.latestDescendant(row);
      if (latest) return { access: this.accessFor(session), refresh: this.sign(session, latest) };
    }
    await this.revokeSession(session.id, 'refresh_reuse');
    await this.activity.recordSafely({
      user,
      action: ACTIVITY.refreshReuse,
      targetType: 'session',
      targetId: session.id,
      detail: { token_id: row.id },
      request: request ?? null,
    });
    throw new UnauthorizedException(INVALID_REFRESH);
  }

  /** Resolves a refresh token to its live session (for logout and verify), or null. */
  async sessionOfRefresh(refresh: string): Promise<AuthSession | null> {
    let claims;
    try {
      claims = this.tokens.verifyRefresh(refresh);
    } catch {
      return null;
    }
    const em = this.orm.em.fork();
    const row = await em.findOne(RefreshToken, { id: claims.jti }, { populate: ['session', 'session.user'] });
    if (!row || row.tokenHash !== hashToken(refresh) || row.session.id !== claims.sid) return null;
    if (row.session.revokedAt !== null || row.session.expiresAt.getTime() <= this.clock.nowMs()) return null;
    return row.session;
  }

  /** Committed on its own, so it stands even though the request that triggered it fails. */
  async revokeSession(sessionId: string, reason: string): Promise<void> {
    const em = this.orm.em.fork();
    await em.nativeUpdate(
      AuthSession,
      { id: sessionId, revokedAt: null },
      { revokedAt: this.clock.now(), revokeReason: reason },
    );
  }

  /** Ends every session of the user. Uses the caller's EntityManager so it joins the caller's transaction. */
  async revokeAllForUser(em: EntityManager, userId: string, reason: string): Promise<number> {
    return em.nativeUpdate(
      AuthSession,
      { user: userId, revokedAt: null },
      { revokedAt: this.clock.now(), revokeReason: reason },
    );
  }

  /** Ends every session of the user but `keepSessionId` (the caller's), in the caller's transaction. */
  async revokeOthersForUser(
    em: EntityManager,
    userId: string,
    keepSessionId: string | null,
    reason: string,
  ): Promise<number> {
    const where = keepSessionId
      ? { user: userId, revokedAt: null, id: { $ne: keepSessionId } }
      : { user: userId, revokedAt: null };
    return em.nativeUpdate(AuthSession, where, { revokedAt: this.clock.now(), revokeReason: reason });
  }

  private accessFor(session: AuthSession): string {
    return this.tokens.signAccess({
      userId: session.user.id,
      sessionId: session.id,
      notAfter: session.expiresAt,
    });
  }

  private newToken(
    session: AuthSession,
    parentId: string | null,
    issuedAt: Date,
  ): { row: RefreshToken; signed: string } {
    const row = new RefreshToken();
    row.id = randomUUID();
    row.session = session;
    row.parentId = parentId;
    row.issuedAt = issuedAt;
    row.expiresAt = session.expiresAt;
    const signed = this.sign(session, row);
    row.tokenHash = hashToken(signed);
    return { row, signed };
  }

  private sign(session: AuthSession, row: RefreshToken): string {
    return this.tokens.signRefresh({
      userId: session.user.id,
      sessionId: session.id,
      tokenId: row.id,
      issuedAt: row.issuedAt,
      expiresAt: row.expiresAt,
    });
  }

  private async latestDescendant(row: RefreshToken): Promise<RefreshToken | null> {
    const em = this.orm.em.fork();
    let current: RefreshToken | null = row;
    for (let depth = 0; depth < 50 && current?.replacedById; depth++) {
      current = await em.findOne(RefreshToken, { id: current.replacedById });
    }
    return current && current.replacedById === null ? current : null;
  }
}
