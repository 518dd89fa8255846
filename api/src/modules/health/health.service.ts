import { MikroORM } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/config';
import { queryOnPool, readOnFreeSqliteConnection } from '../../database/pooled-query';
import { MetricsService } from '../metrics/metrics.service';

export const HEALTH_DB_TIMEOUT_MS = 3000;

export interface HealthReport {
  status: 'ok' | 'error';
  database: 'ok' | 'down';
  version: string;
  uptime: number;
}

const PING = 'select 1';

@Injectable()
export class HealthService {
  constructor(
    private readonly orm: MikroORM,
    private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {}

  /**
   * Never waits longer than HEALTH_DB_TIMEOUT_MS for the database, so the answer comes within 5 s.
   * The report itself when the ping could run at once (SQLite's connection free), else a promise.
   */
  check(): HealthReport | Promise<HealthReport> {
    const databaseUp = this.pingDatabase();
    return typeof databaseUp === 'boolean'
      ? this.report(databaseUp)
      : databaseUp.then((up) => this.report(up));
  }

  private report(databaseUp: boolean): HealthReport {
    return {
      status: databaseUp ? 'ok' : 'error',
      database: databaseUp ? 'ok' : 'down',
      version: this.config.version,
      uptime: Math.round(this.metrics.uptimeSeconds()),
    };
  }

  /**
   * `select 1` on a connection from the app's pool (see queryOnPool): at once on SQLite when its
   * connection is free (nothing to time out: better-sqlite3 answers synchronously), otherwise
   * after waiting for the pool, for at most HEALTH_DB_TIMEOUT_MS.
   */
  pingDatabase(): boolean | Promise<boolean> {
    if (this.config.database.driver === 'sqlite') {
      try {
        if (readOnFreeSqliteConnection(this.orm.em, PING) !== undefined) return true;
      } catch {
        return false;
      }
    }
    return this.pingWithTimeout();
  }

  private async pingWithTimeout(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), HEALTH_DB_TIMEOUT_MS);
    });
    const ping = queryOnPool(this.orm.em, this.config.database.driver, PING).then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([ping, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
