import { statSync } from 'node:fs';
import { EntityManager, LockMode, type FilterQuery } from '@mikro-orm/core';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppConfig } from '../../config/config';
import { pageOf, pageWindow } from '../../common/pagination';
import { toActivityLogDto } from '../activity-logs/activity-log.dto';
import { ActivityLog } from '../activity-logs/activity-log.entity';
import { ActivityLogService } from '../activity-logs/activity-logs.service';
import { Claim } from '../claims/claim.entity';
import { MetricsService } from '../metrics/metrics.service';
import { Service } from '../services/service.entity';
import { SessionsService } from '../auth/sessions.service';
import { isPendingInvite } from '../auth/staff-invite.service';
import { toUserDto, type UserDto } from '../users/user.dto';
import { User } from '../users/user.entity';
import { recordStaffView } from './record-staff-view';
import type { ListActivityLogsQueryDto, ListUsersQueryDto, UpdateUserDto } from './dto/admin.dto';

export const ACTIVITY_ROLE_CHANGE = 'role_change';
export const ACTIVITY_USER_DEACTIVATED = 'user_deactivated';
export const ACTIVITY_USER_REACTIVATED = 'user_reactivated';

const CLOSED_STATUSES = ['rejected', 'withdrawn', 'paid'];

/** A user as the admin pages show it: with whether an invitation waits to be accepted. */
export function toAdminUserDto(user: User): UserDto & { invite_pending: boolean } {
  return { ...toUserDto(user), invite_pending: isPendingInvite(user) };
}

function likeOf(text: string): string {
  return `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
}

function countsOf(rows: { key: unknown; n: unknown }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const row of rows) out[String(row.key)] = Number(row.n);
  return out;
}

/** A date alone means the start (from) or the end (to) of that day, in UTC. */
function boundary(value: string, end: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value))
    return new Date(`${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`);
  return new Date(value);
}

@Injectable()
export class AdminService {
  constructor(
    private readonly em: EntityManager,
    private readonly activity: ActivityLogService,
    private readonly metrics: MetricsService,
    private readonly sessions: SessionsService,
    private readonly config: AppConfig,
  ) {}

  private async grouped(sql: string): Promise<Record<string, number>> {
    const rows = (await this.em.getConnection().execute(sql)) as { key: unknown; n: unknown }[];
    return countsOf(rows);
  }

  async dashboard() {
    const since = new Date(Date.now() - 30 * 24 * 3600 * 1000);
    const [total, clients, staff, newUsers] = await Promise.all([
      this.em.count(User, {}),
      this.em.count(User, { role: 'CLIENT' }),
      this.em.count(User, { role: { $in: ['STAFF', 'ADMIN'] } }),
      this.em.count(User, { dateJoined: { $gte: since } }),
    ]);
    const [byService, byStatus, claimsByStatus] = await Promise.all([
      this.grouped('select service_type as key, count(*) as n from assessment group by service_type'),
      this.grouped('select status as key, count(*) as n from assessment group by status'),
      this.grouped('select status as key, count(*) as n from claim group by status'),
    ]);
    // Names come from the services catalogue, the one place they are kept.
    const catalogue = await this.em.find(
      Service,
      { typeCode: { $in: Object.keys(byService) } },
      { fields: ['typeCode', 'title'] },
    );
    const serviceNames: Record<string, string> = {};
    for (const service of catalogue) if (service.typeCode) serviceNames[service.typeCode] = service.title;
    const claims = await this.em.find(
      Claim,
      {},
      { fields: ['id', 'status', 'createdAt', 'estimatedLow', 'estimatedMedian', 'estimatedHigh'] },
    );
    const pipeline = { low: 0, median: 0, high: 0 };
    const months = new Map<string, { median: number; count: number }>();
    for (const claim of claims) {
      const month = claim.createdAt.toISOString().slice(0, 7);
      const bucket = months.get(month) ?? { median: 0, count: 0 };
      bucket.count += 1;
      bucket.median += claim.estimatedMedian ?? 0;
      months.set(month, bucket);
      if (CLOSED_STATUSES.includes(claim.status)) continue;
      pipeline.low += claim.estimatedLow ?? 0;
      pipeline.median += claim.estimatedMedian ?? 0;
      pipeline.high += claim.estimatedHigh ?? 0;
    }
    const round = (n: number) => Math.round(n * 100) / 100;
    const recent = await this.em.find(
      ActivityLog,
      {},
      { orderBy: { createdAt: 'desc', id: 'asc' }, limit: 10, populate: ['user'] },
    );
    return {
      users: { total, clients, staff, new_last_30_days: newUsers },
      assessments: { by_service: byService, by_status: byStatus, service_names: serviceNames },
      claims: { by_status: claimsByStatus, total: claims.length },
      pipeline_value: {
        low: round(pipeline.low),
        median: round(pipeline.median),
        high: round(pipeline.high),
      },
      value_over_time: [...months.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .slice(-12)
        .map(([month, v]) => ({ month, median: round(v.median), count: v.count })),
      recent_activity: recent.map(toActivityLogDto),
    };
  }

  async listUsers(query: ListUsersQueryDto) {
    const where: FilterQuery<User> = {};
    if (query.role) where.role = query.role;
    if (query.search) {
      const like = likeOf(query.search.toLowerCase());
      where.$or = [
        { email: { $like: like } },
        { username: { $like: like } },
        { displayName: { $like: like } },
      ];
    }
    const { limit, offset } = pageWindow(query);
    const [rows, count] = await this.em.findAndCount(User, where, {
      limit,
      offset,
      orderBy: { dateJoined: 'desc', id: 'asc' },
    });
    return pageOf(rows.map(toAdminUserDto), count, query);
  }

  /**
   * Role changes need ADMIN and `confirm_role_change: true` (issue 29 §6); STAFF may (de)activate
   * clients. Nobody changes their own account here. Each change is an activity row (who: the
   * actor; whom: the target; from, to; when: its time), written in the same transaction.
   * Demoting or deactivating an administrator keeps at least one active administrator: on
   * PostgreSQL the transaction first locks every active administrator's row (SELECT … FOR UPDATE,
   * in id order), so two administrators demoting each other at once run one after the other and
   * the second sees the first's change (SQLite has one writer at a time).
   */
  async updateUser(actor: User, id: string, dto: UpdateUserDto, request?: FastifyRequest) {
    if (dto.role === undefined && dto.is_active === undefined) {
      throw new BadRequestException({
        message: 'Nothing to change',
        errors: [{ field: 'role', message: 'role or is_active is required' }],
      });
    }
    const updated = await this.em.transactional(
      async (em) => {
        const user = await em.findOne(User, { id });
        if (!user) throw new NotFoundException('User not found');
        if (user.id === actor.id)
          throw new BadRequestException('You cannot change your own role or deactivate yourself');
        const roleChanges = dto.role !== undefined && dto.role !== user.role;
        if (roleChanges && actor.role !== 'ADMIN') {
          throw new ForbiddenException('Only an administrator can change roles');
        }
        if (user.role !== 'CLIENT' && actor.role !== 'ADMIN') {
          throw new ForbiddenException('Only an administrator can change staff accounts');
        }
        if (roleChanges && dto.confirm_role_change !== true) {
          throw new BadRequestException({
            message: `Confirm the change of ${user.email} from ${user.role} to ${dto.role}`,
            errors: [
              {
                field: 'confirm_role_change',
                message: 'A role change must be confirmed: send confirm_role_change: true',
              },
            ],
          });
        }
        if (dto.is_active === true && !user.isActive && isPendingInvite(user)) {
          throw new ConflictException(
            'This invitation has not been accepted yet; the account becomes active when its owner sets a password',
          );
        }
        if (user.role === 'ADMIN' && ((roleChanges && dto.role !== 'ADMIN') || dto.is_active === false)) {
          if (this.config.database.driver === 'postgresql') {
            await em.find(
              User,
              { role: 'ADMIN', isActive: true },
              { orderBy: { id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE },
            );
            // The target's row as committed by whoever held the lock before.
            await em.refresh(user);
          }
          const admins = await em.count(User, { role: 'ADMIN', isActive: true, id: { $ne: user.id } });
          if (admins === 0 || user.role !== 'ADMIN')
            throw new ConflictException('The last active administrator cannot be demoted or deactivated');
        }
        if (roleChanges && dto.role !== undefined) {
          const from = user.role;
          user.role = dto.role;
          this.activity.persist(em, {
            user: actor,
            action: ACTIVITY_ROLE_CHANGE,
            targetType: 'user',
            targetId: user.id,
            detail: { email: user.email, from, to: dto.role, confirmed: true },
            request: request ?? null,
          });
        }
        if (dto.is_active !== undefined && dto.is_active !== user.isActive) {
          user.isActive = dto.is_active;
          if (!dto.is_active) {
            // Deactivation ends every session at once (SECURITY.md row 11).
            await this.sessions.revokeAllForUser(em, user.id, 'deactivated');
          }
          this.activity.persist(em, {
            user: actor,
            action: dto.is_active ? ACTIVITY_USER_REACTIVATED : ACTIVITY_USER_DEACTIVATED,
            targetType: 'user',
            targetId: user.id,
            detail: { email: user.email },
            request: request ?? null,
          });
        }
        return user;
      },
      { clear: true },
    );
    return toAdminUserDto(updated);
  }

  async activityLogs(query: ListActivityLogsQueryDto) {
    const where: FilterQuery<ActivityLog> = {};
    if (query.user) where.user = query.user;
    if (query.action) where.action = query.action;
    const createdAt: { $gte?: Date; $lte?: Date } = {};
    if (query.from) createdAt.$gte = boundary(query.from, false);
    if (query.to) createdAt.$lte = boundary(query.to, true);
    if (createdAt.$gte && Number.isNaN(createdAt.$gte.getTime()))
      throw new BadRequestException({
        message: 'from is not a date',
        errors: [{ field: 'from', message: 'must be a date' }],
      });
    if (createdAt.$lte && Number.isNaN(createdAt.$lte.getTime()))
      throw new BadRequestException({
        message: 'to is not a date',
        errors: [{ field: 'to', message: 'must be a date' }],
      });
    if (createdAt.$gte || createdAt.$lte) where.createdAt = createdAt;
    const { limit, offset } = pageWindow(query);
    const [rows, count] = await this.em.findAndCount(ActivityLog, where, {
      limit,
      offset,
      orderBy: { createdAt: 'desc', id: 'asc' },
      populate: ['user'],
    });
    return pageOf(rows.map(toActivityLogDto), count, query);
  }

  async userAudit(actor: User, id: string, request?: FastifyRequest) {
    const user = await this.em.findOne(User, { id });
    if (!user) throw new NotFoundException('User not found');
    await recordStaffView({
      activity: this.activity,
      viewer: actor,
      ownerId: user.id,
      targetType: 'user',
      targetId: user.id,
      request,
    });
    const activity = await this.em.find(
      ActivityLog,
      { $or: [{ user: user.id }, { targetType: 'user', targetId: user.id }] },
      { orderBy: { createdAt: 'desc', id: 'asc' }, limit: 500, populate: ['user'] },
    );
    return { user: toUserDto(user), activity: activity.map(toActivityLogDto) };
  }

  private async databaseSize(): Promise<number> {
    if (this.config.database.driver === 'postgresql') {
      const rows = (await this.em
        .getConnection()
        .execute('select pg_database_size(current_database()) as size')) as { size: unknown }[];
      return Number(rows[0]?.size ?? 0);
    }
    let size = 0;
    for (const suffix of ['', '-wal', '-shm']) {
      try {
        size += statSync(this.config.database.sqlitePath + suffix).size;
      } catch {
        // The WAL and shared-memory files exist only while the database is open in WAL mode.
      }
    }
    return size;
  }

  async systemMetrics() {
    const snapshot = this.metrics.snapshot();
    const memory = process.memoryUsage();
    return {
      uptime_seconds: snapshot.uptime_seconds,
      memory: { rss: memory.rss, heap_used: memory.heapUsed, heap_total: memory.heapTotal },
      database: { driver: this.config.database.driver, size_bytes: await this.databaseSize() },
      requests: snapshot.requests,
      latency_ms: snapshot.latency_ms,
      version: this.config.version,
      node: process.version,
    };
  }
}
