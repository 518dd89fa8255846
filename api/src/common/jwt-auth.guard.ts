import { EntityManager, type EntityDictionary } from '@mikro-orm/core';
import { type CanActivate, type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthSession } from '../modules/auth/auth-session.entity';
import { InvalidTokenError, TokensService } from '../modules/auth/tokens.service';
import { User } from '../modules/users/user.entity';
import { AppConfig } from '../config/config';
import { queryOnPool } from '../database/pooled-query';
import { Clock } from './clock';
import { IS_PUBLIC_KEY, routeMetadata } from './decorators';
import { type AppRequest, type AuthContext, type Identity, identityOf, setLazyUser } from './request';

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
    private readonly config: AppConfig,
  ) {}

  // Not async: a request without a token is decided at once (no promise for Nest to settle).
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const isPublic = routeMetadata<boolean>(this.reflector, IS_PUBLIC_KEY, context) === true;
    const request = context.switchToHttp().getRequest<AppRequest>();
    const token = bearerToken(request.headers.authorization);

    if (token === null) {
      if (isPublic) return true;
      throw new UnauthorizedException(NO_CREDENTIALS);
    }
    return this.activateWithToken(request, token, isPublic);
  }

  private async activateWithToken(request: AppRequest, token: string, isPublic: boolean): Promise<boolean> {
    const authenticated = await this.authenticate(token);
    if (authenticated === null) {
      // On public routes a stale token just means "anonymous".
      if (isPublic) return true;
      throw new UnauthorizedException(INVALID_TOKEN);
    }
    request.identity = authenticated.identity;
    request.auth = authenticated.auth;
    setLazyUser(request, authenticated.user);
    return true;
  }

  private cachedSessionQuery: SessionQuery | null = null;

  // Built from the entity metadata, so table and column names follow the naming strategy.
  private sessionQuery(): SessionQuery {
    if (this.cachedSessionQuery) return this.cachedSessionQuery;
    const metadata = this.em.getMetadata();
    const sessions = metadata.get(AuthSession.name);
    const users = metadata.get(User.name);
    const column = (meta: typeof sessions, property: string): string => {
      const name = meta.properties[property]?.fieldNames[0];
      if (!name) throw new Error(`no column for ${meta.className}.${property}`);
      return name;
    };
    const platform = this.em.getPlatform();
    const q = (identifier: string): string => platform.quoteIdentifier(identifier);
    const sql =
      `select s.${q(column(sessions, 'revokedAt'))} as ${q(SESSION_REVOKED)}, s.${q(column(sessions, 'expiresAt'))} as ${q(SESSION_EXPIRES)}, u.* ` +
      `from ${q(sessions.tableName)} s join ${q(users.tableName)} u on u.${q(column(users, 'id'))} = s.${q(column(sessions, 'user'))} ` +
      `where s.${q(column(sessions, 'id'))} = ?`;
    this.cachedSessionQuery = {
      sql,
      userColumns: {
        id: column(users, 'id'),
        role: column(users, 'role'),
        isActive: column(users, 'isActive'),
        erasedAt: column(users, 'erasedAt'),
      },
    };
    return this.cachedSessionQuery;
  }

  /**
   * Resolves an access token to its active user and session, or null. The user row is read with
   * the session (one plain SQL join) and checked as it is; the User entity is mapped into the
   * request's identity map only when something asks for it (`user()`, or `request.user`): the
   * routes that need no more than who is asking (`@CurrentIdentity()`) never pay for an entity,
   * nor for the request's fork of the entity manager that mapping it makes.
   */
  async authenticate(token: string): Promise<Authenticated | null> {
    let claims;
    try {
      claims = this.tokens.verifyAccess(token);
    } catch (err) {
      if (err instanceof InvalidTokenError) return null;
      throw err;
    }
    // on a pooled connection without the ORM's and knex's query layers (see queryOnPool)
    const { sql, userColumns: c } = this.sessionQuery();
    const rows = await queryOnPool(this.em, this.config.database.driver, sql, [claims.sid]);
    const row = rows[0];
    if (!row) return null;
    const { [SESSION_REVOKED]: revokedAt, [SESSION_EXPIRES]: expiresAt, ...userRow } = row;
    if (revokedAt !== null && revokedAt !== undefined) return null;
    if (toMillis(expiresAt) <= this.clock.nowMs()) return null;
    const id = userRow[c.id];
    // SQLite keeps booleans as 0/1, PostgreSQL as booleans
    const active = userRow[c.isActive] === true || userRow[c.isActive] === 1;
    const erased = userRow[c.erasedAt] !== null && userRow[c.erasedAt] !== undefined;
    if (id !== claims.sub || !active || erased) return null;
    const identity = identityOf(id, userRow[c.role] as User['role']);
    let user: User | undefined;
    const em = this.em;
    return {
      identity,
      auth: { sessionId: claims.sid, tokenId: null },
      user: () => (user ??= em.map(User, userRow as EntityDictionary<User>)),
    };
  }
}

/** An access token's user and session, as the guard found them. */
export interface Authenticated {
  identity: Identity;
  auth: AuthContext;
  /**
   * The User entity, mapped on the first call into the entity manager the call resolves to: the
   * request's fork (`@CurrentUser()` and `@OptionalUser()` resolve before the handler runs, never
   * inside a transaction).
   */
  user: () => User;
}

/** The session check's SQL and the columns of the user row it reads. */
interface SessionQuery {
  sql: string;
  userColumns: { id: string; role: string; isActive: string; erasedAt: string };
}

const SESSION_REVOKED = 'reclaim_session_revoked_at';
const SESSION_EXPIRES = 'reclaim_session_expires_at';

function toMillis(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string') return /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  return Number.NaN;
}

export function bearerToken(header: string | undefined): string | null {
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
