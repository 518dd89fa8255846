import { MikroORM } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/knex';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/config';
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

  /**
   * `select 1` on a connection taken from the pool the app's queries use (so a database that is
   * down or a pool that is exhausted shows), without the ORM's and knex's query layers: they were
   * about a tenth of a health check's CPU.
   */
  private async selectOne(): Promise<void> {
    const client = (this.orm.em as unknown as SqlEntityManager).getKnex().client as PoolClient;
    const connection = await client.acquireConnection();
    try {
      if (this.config.database.driver === 'postgresql') await (connection as PgConnection).query('select 1');
      else (connection as SqliteConnection).prepare('select 1').get();
    } finally {
      await client.releaseConnection(connection);
    }
  }
}

interface PoolClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<void> | void;
}
interface PgConnection {
  query(sql: string): Promise<unknown>;
}
interface SqliteConnection {
  prepare(sql: string): { get(): unknown };
}
