import {
  createParamDecorator,
  type ExecutionContext,
  SetMetadata,
  UnauthorizedException,
} from '@nestjs/common';
import type { UserRole } from '../modules/users/user.entity';
import type { User } from '../modules/users/user.entity';
import type { AppRequest } from './request';

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

/** The current user or null on @Public() routes. */
export const OptionalUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): User | null => {
  const request = ctx.switchToHttp().getRequest<AppRequest>();
  return request.user ?? null;
});
