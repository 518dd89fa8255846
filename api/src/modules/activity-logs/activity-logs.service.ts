import { randomUUID } from 'node:crypto';
import { EntityManager, MikroORM } from '@mikro-orm/core';
import { Injectable, Logger } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Clock } from '../../common/clock';
import { clientIp, userAgent } from '../../common/request';
import { User } from '../users/user.entity';
import { ActivityLog } from './activity-log.entity';

export const ACTIVITY = {
  login: 'login',
  loginFailed: 'login_failed',
  loginThrottled: 'login_throttled',
  loginLinkRequested: 'login_link_requested',
  logout: 'logout',
  refreshReuse: 'refresh_reuse',
  register: 'register',
  registerExisting: 'register_existing',
  passwordResetRequested: 'password_reset_requested',
  passwordReset: 'password_reset',
  passwordChange: 'password_change',
  profileUpdate: 'profile_update',
  emailChange: 'email_change',
  emailChangeUndone: 'email_change_undone',
  dataExport: 'data_export',
  accountErased: 'account_erased',
  forbidden: 'forbidden',
} as const;

export interface ActivityEntry {
  user?: User | { id: string } | null;
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  detail?: Record<string, unknown> | null;
  request?: FastifyRequest | null;
}

export interface ActivityRowValues {
  id: string;
  userId: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  userAgent: string | null;
  detail: Record<string, unknown> | null;
  createdAt: Date;
}

@Injectable()
export class ActivityLogService {
  private readonly logger = new Logger(ActivityLogService.name);

  constructor(
    private readonly orm: MikroORM,
    private readonly clock: Clock,
  ) {}

  /**
   * Writes the row in its own unit of work and commits it now, so it survives when the
   * request then fails (failed login, 403, refresh reuse).
   */
  async record(entry: ActivityEntry): Promise<ActivityLog> {
    const em = this.orm.em.fork();
    const log = this.build(em, entry);
    await em.persistAndFlush(log);
    return log;
  }

  /** Adds the row to the caller's unit of work: committed (or rolled back) with the caller's changes. */
  persist(em: EntityManager, entry: ActivityEntry): ActivityLog {
    const log = this.build(em, entry);
    em.persist(log);
    return log;
  }

  /** record() for paths that must not fail because logging failed; the error is logged instead. */
  async recordSafely(entry: ActivityEntry): Promise<void> {
    try {
      await this.record(entry);
    } catch (err) {
      this.logger.error({ err, action: entry.action }, 'could not write activity log row');
    }
  }

  /**
   * The row's values as plain data (no unit of work), for a caller that writes it with its own SQL
   * in its own transaction (the assessment save). Same values as persist() would store.
   */
  values(entry: ActivityEntry): ActivityRowValues {
    return {
      id: randomUUID(),
      userId: entry.user ? entry.user.id : null,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      ip: entry.request ? clientIp(entry.request) : null,
      userAgent: entry.request ? userAgent(entry.request) : null,
      detail: entry.detail ?? null,
      createdAt: this.clock.now(),
    };
  }

  private build(em: EntityManager, entry: ActivityEntry): ActivityLog {
    const log = new ActivityLog();
    log.user = entry.user ? em.getReference(User, entry.user.id) : null;
    log.action = entry.action;
    log.targetType = entry.targetType ?? null;
    log.targetId = entry.targetId ?? null;
    log.detail = entry.detail ?? null;
    log.ip = entry.request ? clientIp(entry.request) : null;
    log.userAgent = entry.request ? userAgent(entry.request) : null;
    log.createdAt = this.clock.now();
    return log;
  }
}
