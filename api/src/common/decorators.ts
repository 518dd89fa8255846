import {
  createParamDecorator,
  type ExecutionContext,
  SetMetadata,
  UnauthorizedException,
} from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { UserRole } from '../modules/users/user.entity';
import type { User } from '../modules/users/user.entity';
import type { AppRequest, Identity } from './request';

export const IS_PUBLIC_KEY = 'reclaim:isPublic';
export const ROLES_KEY = 'reclaim:roles';

/** Route (or controller) open to anonymous callers. Everything else needs a valid access token. */
export const Public = () => SetMetadata(IS_PUBLIC_KEY, true);

/** Route (or controller) limited to these roles; others get 403 (logged as an activity row). */
export const Roles = (...roles: UserRole[]) => SetMetadata(ROLES_KEY, roles);

/** The authenticated User entity (managed by the request's EntityManager). */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): User => {
  const request = ctx.switchToHttp().getRequest<AppRequest>();
  if (!request.user) throw new UnauthorizedException('Authentication credentials were not provided.');
  return request.user;
});

/**
 * Who is asking (id, role) without the User entity: for routes that need nothing more, so the
 * request maps no entity and makes no fork of the entity manager (the guard's row is enough).
 */
export const CurrentIdentity = createParamDecorator((_data: unknown, ctx: ExecutionContext): Identity => {
  const request = ctx.switchToHttp().getRequest<AppRequest>();
  if (!request.identity) throw new UnauthorizedException('Authentication credentials were not provided.');
  return request.identity;
});

/** The current user or null on @Public() routes. */
export const OptionalUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): User | null => {
  const request = ctx.switchToHttp().getRequest<AppRequest>();
  return request.user ?? null;
});

type Handler = (...args: unknown[]) => unknown;
const routeMetadataCache = new Map<string, WeakMap<Handler, WeakMap<object, unknown>>>();

/**
 * `reflector.getAllAndOverride(key, [handler, class])` read once per route: route metadata is
 * fixed at start, and the global guards ask for it on every request.
 */
export function routeMetadata<T>(
  reflector: Reflector,
  key: string,
  context: ExecutionContext,
): T | undefined {
  const handler = context.getHandler() as Handler;
  const cls = context.getClass();
  let byHandler = routeMetadataCache.get(key);
  if (byHandler === undefined) routeMetadataCache.set(key, (byHandler = new WeakMap()));
  let byClass = byHandler.get(handler);
  if (byClass === undefined) byHandler.set(handler, (byClass = new WeakMap()));
  if (byClass.has(cls)) return byClass.get(cls) as T | undefined;
  const value = reflector.getAllAndOverride<T | undefined>(key, [handler, cls]);
  byClass.set(cls, value);
  return value;
}
