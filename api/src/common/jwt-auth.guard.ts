import { EntityManager } from '@mikro-orm/core';
import { type CanActivate, type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthSession } from '../modules/auth/auth-session.entity';
import { InvalidTokenError, TokensService } from '../modules/auth/tokens.service';
import type { User } from '../modules/users/user.entity';
import { Clock } from './clock';
import { IS_PUBLIC_KEY } from './decorators';
import type { AppRequest, AuthContext } from './request';

export const NO_CREDENTIALS = 'Authentication credentials were not provided.';
export const INVALID_TOKEN = 'Given token not valid or expired.';

/**
 * Global guard. Every route needs a valid access token unless marked @Public().
 * Checks: HS256 signature with the access secret, exp, typ = access, the session (refresh family)
 * not revoked or past its hard maximum, and the user active.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokensService,
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    const request = context.switchToHttp().getRequest<AppRequest>();
    const token = bearerToken(request.headers.authorization);

    if (token === null) {
      if (isPublic) return true;
      throw new UnauthorizedException(NO_CREDENTIALS);
    }
    const authenticated = await this.authenticate(token);
    if (authenticated === null) {
      // On public routes a stale token just means "anonymous".
      if (isPublic) return true;
      throw new UnauthorizedException(INVALID_TOKEN);
    }
    request.user = authenticated.user;
    request.auth = authenticated.auth;
    return true;
  }

  /** Resolves an access token to its active user and session, or null. */
  async authenticate(token: string): Promise<{ user: User; auth: AuthContext } | null> {
    let claims;
    try {
      claims = this.tokens.verifyAccess(token);
    } catch (err) {
      if (err instanceof InvalidTokenError) return null;
      throw err;
    }
    const session = await this.em.findOne(AuthSession, { id: claims.sid }, { populate: ['user'] });
    if (!session || session.revokedAt !== null || session.expiresAt.getTime() <= this.clock.nowMs())
      return null;
    const user = session.user;
    if (user.id !== claims.sub || !user.isActive || user.erasedAt !== null) return null;
    return { user, auth: { sessionId: session.id, tokenId: null } };
  }
}

export function bearerToken(header: string | undefined): string | null {
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
