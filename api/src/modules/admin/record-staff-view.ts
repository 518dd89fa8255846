import type { EntityManager } from '@mikro-orm/core';
import type { FastifyRequest } from 'fastify';
import type { ActivityLogService } from '../activity-logs/activity-logs.service';
import type { User } from '../users/user.entity';

export const STAFF_VIEW_ACTION = 'staff_view_client_record';

/**
 * SECURITY.md row 23: staff reading a client's record leaves an activity row ("staff viewing a
 * client's record"). Reading one's own record is not logged.
 */
export async function recordStaffView(options: {
  activity: ActivityLogService;
  viewer: Pick<User, 'id' | 'isStaff'>;
  ownerId: string;
  targetType: string;
  targetId: string;
  request?: FastifyRequest | null;
  em?: EntityManager;
}): Promise<void> {
  const { activity, viewer, ownerId, targetType, targetId, request } = options;
  if (!viewer.isStaff || viewer.id === ownerId) return;
  await activity.record({
    user: viewer,
    action: STAFF_VIEW_ACTION,
    targetType,
    targetId,
    detail: { client_id: ownerId },
    request: request ?? null,
  });
}
