import type { ActivityLog } from './activity-log.entity';

export interface ActivityLogDto {
  id: string;
  user: { id: string; email: string } | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
  user_agent: string | null;
  detail: Record<string, unknown> | null;
  created_at: string;
}

/** Contract shape. The user relation must be populated (or null) before calling. */
export function toActivityLogDto(log: ActivityLog): ActivityLogDto {
  return {
    id: log.id,
    user: log.user ? { id: log.user.id, email: log.user.email } : null,
    action: log.action,
    target_type: log.targetType,
    target_id: log.targetId,
    ip: log.ip,
    user_agent: log.userAgent,
    detail: log.detail,
    created_at: log.createdAt.toISOString(),
  };
}
