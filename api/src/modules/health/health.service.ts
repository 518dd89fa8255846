import { MikroORM } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/config';
import { queryOnPool } from '../../database/pooled-query';
import { MetricsService } from '../metrics/metrics.service';

export const HEALTH_DB_TIMEOUT_MS = 3000;

export interface HealthReport {
  status: 'ok' | 'error';
  database: 'ok' | 'down';
  version: string;
  uptime: number;
}

@Injectable()
export class HealthService {
  constructor(
    private readonly orm: MikroORM,
    private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {}

  /** Never waits longer than HEALTH_DB_TIMEOUT_MS for the database, so the answer comes within 5 s. */
  async check(): Promise<HealthReport> {
    const databaseUp = await this.pingDatabase();
    return {
      status: databaseUp ? 'ok' : 'error',
      database: databaseUp ? 'ok' : 'down',
      version: this.config.version,
      uptime: Math.round(this.metrics.uptimeSeconds()),
    };
  }

  async pingDatabase(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), HEALTH_DB_TIMEOUT_MS);
    });
    const ping = this.selectOne().then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([ping, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** `select 1` on a connection from the app's pool (see queryOnPool). */
  private async selectOne(): Promise<void> {
    await queryOnPool(this.orm.em, this.config.database.driver, 'select 1');
  }
}
