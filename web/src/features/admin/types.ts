import type { PortalUser, ValueRange } from '../portal/types';
import type { Schemas } from '../../app/api-types';

export interface ActivityLog {
  id: string;
  user: { id: string; email: string } | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
  user_agent: string | null;
  detail: unknown;
  created_at: string;
}

export interface AdminDashboard {
  users: { total: number; clients: number; staff: number; new_last_30_days: number };
  assessments: {
    by_service: Record<string, number>;
    by_status: Record<string, number>;
    /** Catalogue names of the services in by_service. */
    service_names?: Record<string, string>;
  };
  claims: { by_status: Record<string, number>; total: number };
  pipeline_value: ValueRange;
  value_over_time: { month: string; median: number; count: number }[];
  recent_activity: ActivityLog[];
}

export interface SystemMetrics {
  uptime_seconds: number;
  memory: { rss: number; heap_used: number };
  database: { driver: string; size_bytes: number };
  requests: { total: number; errors: number; by_status: Record<string, number> };
  latency_ms: { p50: number; p95: number; p99: number };
}

export interface UserAudit {
  user: PortalUser;
  activity: ActivityLog[];
}

export type NewsStatus = Schemas['NewsStatus'];

export type NewsArticle = Schemas['NewsStaffDto'];

export type NewsInput = Schemas['CreateNewsDto'];

export type ContactMessage = Schemas['ContactMessageDto'];
