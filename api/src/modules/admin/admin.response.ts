import { ApiProperty } from '@nestjs/swagger';
import type { ActivityLogDto } from '../activity-logs/activity-log.dto';
import { ValueRangeDto } from '../claims/claim.response';
import { UserResponse } from '../users/user.dto';
import type { AdminService } from './admin.service';

// The admin answers as the OpenAPI document describes them; the web app's types are generated
// from it. `implements` holds these classes to what the service returns.

type Dashboard = Awaited<ReturnType<AdminService['dashboard']>>;
type Metrics = Awaited<ReturnType<AdminService['systemMetrics']>>;
const counts = { type: 'object', additionalProperties: { type: 'number' } } as const;

export class ActivityLogUserDto {
  @ApiProperty() id!: string;
  @ApiProperty() email!: string;
}

export class ActivityLogResponseDto implements ActivityLogDto {
  @ApiProperty() id!: string;
  @ApiProperty({ nullable: true, type: ActivityLogUserDto }) user!: ActivityLogUserDto | null;
  @ApiProperty() action!: string;
  @ApiProperty({ nullable: true, type: String }) target_type!: string | null;
  @ApiProperty({ nullable: true, type: String }) target_id!: string | null;
  @ApiProperty({ nullable: true, type: String }) ip!: string | null;
  @ApiProperty({ nullable: true, type: String }) user_agent!: string | null;
  @ApiProperty({ nullable: true, type: 'object', additionalProperties: true })
  detail!: Record<string, unknown> | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class ActivityLogPageDto {
  @ApiProperty({ type: ActivityLogResponseDto, isArray: true }) results!: ActivityLogResponseDto[];
  @ApiProperty() count!: number;
  @ApiProperty() page!: number;
  @ApiProperty() page_size!: number;
}

/** A user as the admin list shows it: with whether an invitation is still waiting to be accepted. */
export class AdminUserResponse extends UserResponse {
  @ApiProperty({ description: 'Invited and not yet accepted: the account has no password and is inactive' })
  invite_pending!: boolean;
}

export class StaffInviteResponse extends AdminUserResponse {
  @ApiProperty({ description: 'When the invitation link stops working' }) invite_expires_at!: string;
}

export class UserPageDto {
  @ApiProperty({ type: AdminUserResponse, isArray: true }) results!: AdminUserResponse[];
  @ApiProperty() count!: number;
  @ApiProperty() page!: number;
  @ApiProperty() page_size!: number;
}

export class UserAuditDto {
  @ApiProperty({ type: UserResponse }) user!: UserResponse;
  @ApiProperty({ type: ActivityLogResponseDto, isArray: true }) activity!: ActivityLogResponseDto[];
}

export class DashboardUsersDto {
  @ApiProperty() total!: number;
  @ApiProperty() clients!: number;
  @ApiProperty() staff!: number;
  @ApiProperty() new_last_30_days!: number;
}

export class DashboardAssessmentsDto {
  @ApiProperty({ ...counts, description: 'Assessments per service type code' })
  by_service!: Record<string, number>;
  @ApiProperty(counts) by_status!: Record<string, number>;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Catalogue names of the services in by_service',
  })
  service_names!: Record<string, string>;
}

export class DashboardClaimsDto {
  @ApiProperty(counts) by_status!: Record<string, number>;
  @ApiProperty() total!: number;
}

export class MonthValueDto {
  @ApiProperty({ description: 'YYYY-MM' }) month!: string;
  @ApiProperty() median!: number;
  @ApiProperty() count!: number;
}

export class AdminDashboardDto implements Dashboard {
  @ApiProperty({ type: DashboardUsersDto }) users!: DashboardUsersDto;
  @ApiProperty({ type: DashboardAssessmentsDto }) assessments!: DashboardAssessmentsDto;
  @ApiProperty({ type: DashboardClaimsDto }) claims!: DashboardClaimsDto;
  @ApiProperty({ type: ValueRangeDto }) pipeline_value!: ValueRangeDto;
  @ApiProperty({ type: MonthValueDto, isArray: true }) value_over_time!: MonthValueDto[];
  @ApiProperty({ type: ActivityLogResponseDto, isArray: true }) recent_activity!: ActivityLogResponseDto[];
}

export class MemoryDto {
  @ApiProperty() rss!: number;
  @ApiProperty() heap_used!: number;
  @ApiProperty() heap_total!: number;
}

export class DatabaseSizeDto {
  @ApiProperty({ enum: ['sqlite', 'postgresql'] }) driver!: 'sqlite' | 'postgresql';
  @ApiProperty() size_bytes!: number;
}

export class RequestCountsDto {
  @ApiProperty() total!: number;
  @ApiProperty() errors!: number;
  @ApiProperty(counts) by_status!: Record<string, number>;
}

export class LatencyDto {
  @ApiProperty() p50!: number;
  @ApiProperty() p95!: number;
  @ApiProperty() p99!: number;
}

export class SystemMetricsDto implements Metrics {
  @ApiProperty() uptime_seconds!: number;
  @ApiProperty({ type: MemoryDto }) memory!: MemoryDto;
  @ApiProperty({ type: DatabaseSizeDto }) database!: DatabaseSizeDto;
  @ApiProperty({ type: RequestCountsDto }) requests!: RequestCountsDto;
  @ApiProperty({ type: LatencyDto }) latency_ms!: LatencyDto;
  @ApiProperty() version!: string;
  @ApiProperty() node!: string;
}
