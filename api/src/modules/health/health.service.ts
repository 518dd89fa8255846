import { MikroORM } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { DrainState } from '../../common/drain';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { AppConfig } from '../../config/config';
import { queryOnPool, readOnFreeSqliteConnection } from '../../database/pooled-query';
import { MetricsService } from '../metrics/metrics.service';
import { FileStorage } from '../storage/file-storage';
import { CachedProbe } from './cached-probe';

export const HEALTH_DB_TIMEOUT_MS = 3000;

/** Redis and object storage are probed at most this often per instance (CachedProbe)… */
export const HEALTH_DEPENDENCY_TTL_MS = 5000;
/** …and a probe that takes longer than this counts as down. */
export const HEALTH_DEPENDENCY_TIMEOUT_MS = 2000;

export type DependencyState = 'ok' | 'down';

/**
 * Readiness: the instance and every dependency it needs to serve. `redis` is there when REDIS_URL
 * is set (rate limits and sign-in throttling live there), `storage` when uploads go to S3.
 */
export interface HealthReport {
  status: 'ok' | 'error';
  database: DependencyState;
  redis?: DependencyState;
  storage?: DependencyState;
  /** Present (true) while the instance drains after SIGTERM: status is 'error', the answer 503. */
  draining?: true;
  version: string;
  uptime: number;
}

/** Liveness: the process is up and serving HTTP; nothing else is checked. */
export interface LivenessReport {
  status: 'ok';
  version: string;
  uptime: number;
}

const PING = 'select 1';

@Injectable()
export class HealthService {
  private readonly redis: CachedProbe | null;
  private readonly storage: CachedProbe | null;

  constructor(
    private readonly orm: MikroORM,
    private readonly config: AppConfig,
    private readonly metrics: MetricsService,
    rateLimits: RateLimitService,
    files: FileStorage,
    private readonly drain: DrainState,
  ) {
    this.redis = rateLimits.store === 'redis' ? this.cached(() => rateLimits.ping()) : null;
    this.storage = files.kind === 's3' ? this.cached(() => files.check()) : null;
  }

  private cached(probe: () => Promise<unknown>): CachedProbe {
    return new CachedProbe(probe, HEALTH_DEPENDENCY_TTL_MS, HEALTH_DEPENDENCY_TIMEOUT_MS);
  }

  /**
   * Never waits longer than HEALTH_DB_TIMEOUT_MS for the database (nor HEALTH_DEPENDENCY_TIMEOUT_MS
   * for Redis or S3), so the answer comes within 5 s. The report itself when everything could be
   * told at once (SQLite's connection free, the other probes fresh), else a promise.
   */
  check(): HealthReport | Promise<HealthReport> {
    const database = this.pingDatabase();
    const redis = this.redis?.current();
    const storage = this.storage?.current();
    if (typeof database === 'boolean' && typeof redis !== 'object' && typeof storage !== 'object')
      return this.report(database, redis, storage);
    return Promise.all([database, redis, storage]).then(([d, r, s]) => this.report(d, r, s));
  }

  liveness(): LivenessReport {
    return { status: 'ok', version: this.config.version, uptime: Math.round(this.metrics.uptimeSeconds()) };
  }

  private report(database: boolean, redis: boolean | undefined, storage: boolean | undefined): HealthReport {
    const state = (up: boolean): DependencyState => (up ? 'ok' : 'down');
    const draining = this.drain.draining;
    return {
      status: database && redis !== false && storage !== false && !draining ? 'ok' : 'error',
      database: state(database),
      ...(redis === undefined ? {} : { redis: state(redis) }),
      ...(storage === undefined ? {} : { storage: state(storage) }),
      ...(draining ? { draining: true as const } : {}),
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
