import type { FastifyReply, FastifyRequest } from 'fastify';
import { isStaffRole, type User, type UserRole } from '../modules/users/user.entity';

export interface AuthContext {
  sessionId: string;
  tokenId: string | null;
}

/** Who is asking: what the auth guard read from the session's user row, without an entity. */
export interface Identity {
  readonly id: string;
  readonly role: UserRole;
  /** STAFF or ADMIN (as User#isStaff). */
  readonly isStaff: boolean;
}

export function identityOf(id: string, role: UserRole): Identity {
  return { id, role, isStaff: isStaffRole(role) };
}

export type AppRequest = FastifyRequest & {
  /** The User entity of an authenticated request, mapped into the request's identity map when first read. */
  user?: User;
  identity?: Identity;
  auth?: AuthContext;
};

/**
 * `request.user` as the entity `load` maps on first read (and remembers): reading it costs an
 * entity in the request's unit of work, which most routes never need (see `@CurrentIdentity()`).
 */
export function setLazyUser(request: AppRequest, load: () => User): void {
  Object.defineProperty(request, 'user', {
    configurable: true,
    enumerable: true,
    get: load,
  });
}

export type AppReply = FastifyReply;

/** Client IP: Fastify's request.ip honours X-Forwarded-For only from TRUSTED_PROXIES. */
export function clientIp(request: FastifyRequest): string {
  return request.ip;
}

export function userAgent(request: FastifyRequest): string | null {
  const ua = request.headers['user-agent'];
  return typeof ua === 'string' ? ua.slice(0, 512) : null;
}
