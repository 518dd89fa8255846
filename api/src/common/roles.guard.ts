import {
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ACTIVITY, ActivityLogService } from '../modules/activity-logs/activity-logs.service';
import type { User, UserRole } from '../modules/users/user.entity';
import { ROLES_KEY, routeMetadata } from './decorators';
import { NO_CREDENTIALS } from './jwt-auth.guard';
import type { AppRequest } from './request';

export const FORBIDDEN_DETAIL = 'You do not have permission to perform this action.';

@Injectable()
export class RolesGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly activity: ActivityLogService,
  ) {}

  // Not async: allowed or not is decided at once; only a refusal (logged first) waits.
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const roles = routeMetadata<UserRole[]>(this.reflector, ROLES_KEY, context);
    if (!roles || roles.length === 0) return true;
    const request = context.switchToHttp().getRequest<AppRequest>();
    const user = request.user;
    if (!user) throw new UnauthorizedException(NO_CREDENTIALS);
    if (roles.includes(user.role)) return true;
    return this.refuse(request, user, roles);
  }

  private async refuse(request: AppRequest, user: User, roles: UserRole[]): Promise<boolean> {
    await this.activity.recordSafely({
      user,
      action: ACTIVITY.forbidden,
      targetType: 'route',
      targetId: null,
      detail: { method: request.method, path: request.url.split('?')[0] ?? request.url, required: roles },
      request,
    });
    throw new ForbiddenException(FORBIDDEN_DETAIL);
  }
}
