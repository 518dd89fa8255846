import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../modules/users/user.entity';

export interface AuthContext {
  sessionId: string;
  tokenId: string | null;
}

export type AppRequest = FastifyRequest & {
  user?: User;
  auth?: AuthContext;
};

export type AppReply = FastifyReply;

/** Client IP: Fastify's request.ip honours X-Forwarded-For only from TRUSTED_PROXIES. */
export function clientIp(request: FastifyRequest): string {
  return request.ip;
}

export function userAgent(request: FastifyRequest): string | null {
  const ua = request.headers['user-agent'];
  return typeof ua === 'string' ? ua.slice(0, 512) : null;
}
