import type { Schemas } from '../../app/api-types';

export type ActivityLog = Schemas['ActivityLogResponseDto'];

export type AdminDashboard = Schemas['AdminDashboardDto'];

export type SystemMetrics = Schemas['SystemMetricsDto'];

export type UserAudit = Schemas['UserAuditDto'];

export type NewsStatus = Schemas['NewsStatus'];

export type NewsArticle = Schemas['NewsStaffDto'];

export type NewsInput = Schemas['CreateNewsDto'];

export type ContactMessage = Schemas['ContactMessageDto'];

/** A user as the admin Users page lists it (with whether an invitation waits to be accepted). */
export type AdminUser = Schemas['AdminUserResponse'];

export type StaffInviteInput = Schemas['InviteStaffDto'];

export type StaffInvite = Schemas['StaffInviteResponse'];

export type UserChange = Schemas['UpdateUserDto'];
