import {
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ACTIVITY, ActivityLogService } from '../modules/activity-logs/activity-logs.service';
import type { UserRole } from '../modules/users/user.entity';
import { ROLES_KEY, routeMetadata } from './decorators';
import { NO_CREDENTIALS } from './jwt-auth.guard';
import type { AppRequest, Identity } from './request';

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
    const identity = request.identity;
    if (!identity) throw new UnauthorizedException(NO_CREDENTIALS);
    if (roles.includes(identity.role)) return true;
    return this.refuse(request, identity, roles);
  }

  private async refuse(request: AppRequest, identity: Identity, roles: UserRole[]): Promise<boolean> {
    await this.activity.recordSafely({
      user: { id: identity.id },
      action: ACTIVITY.forbidden,
      targetType: 'route',
      targetId: null,
      detail: { method: request.method, path: request.url.split('?')[0] ?? request.url, required: roles },
      request,
    });
    throw new ForbiddenException(FORBIDDEN_DETAIL);
  }
}
