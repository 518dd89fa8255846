import { createHash } from 'node:crypto';
import { MikroORM } from '@mikro-orm/core';
import type { AbstractSqlConnection } from '@mikro-orm/knex';
import {
  Injectable,
  Logger,
  type OnApplicationShutdown,
  type OnModuleInit,
  ServiceUnavailableException,
} from '@nestjs/common';
import { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  RateLimiterSQLite,
} from 'rate-limiter-flexible';
import { AppConfig } from '../../config/config';
import { TooManyRequestsException } from '../too-many-requests';

export interface LimiterOptions {
  /** Distinct per counter: it prefixes every key in the shared table (or Redis). */
  name: string;
  points: number;
  durationSeconds: number;
}

export type RateLimitStore = 'sqlite' | 'postgresql' | 'redis';

export const RATE_LIMIT_TABLE = 'rate_limits';
const SWEEP_INTERVAL_MS = 10 * 60_000;

/** A key that names a person (an e-mail, an address) without storing it in the clear. */
export function limitKey(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 32);
}

/** A limiter refused: rate-limiter-flexible rejects with a RateLimiterRes, a store failure with an Error. */
export function isLimited(err: unknown): err is RateLimiterRes {
  return err instanceof RateLimiterRes;
}

/**
 * Counters shared by every instance and kept across restarts (SECURITY rows 3, 31, 32), through
 * rate-limiter-flexible: the `rate_limits` table on the app's own database connection (SQLite or
 * PostgreSQL), or Redis when REDIS_URL is set. Nothing is counted in process memory.
 */
@Injectable()
export class RateLimitService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(RateLimitService.name);
  private readonly limiters = new Map<string, RateLimiterAbstract>();
  private redis: Redis | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  readonly store: RateLimitStore;

  constructor(
    private readonly orm: MikroORM,
    private readonly config: AppConfig,
  ) {
    this.store = config.redisUrl ? 'redis' : config.database.driver;
    if (config.redisUrl) {
      // Created here (limiters are made in other providers' constructors), connected at init.
      // No offline queue: a request fails at once (503) instead of waiting for Redis to return.
      this.redis = new Redis(config.redisUrl, {
        lazyConnect: true,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
      });
      this.redis.on('error', (err: Error) => this.logger.warn(`Redis: ${err.message}`));
    }
  }

  onModuleInit(): void {
    if (this.redis) {
      // Not awaited: an instance starts while Redis is unreachable, reports it in its health
      // check (not ready) and answers 503 where a limit is needed; ioredis keeps reconnecting.
      this.redis.connect().catch((err: unknown) => {
        this.logger.warn(
          `Redis: not reachable at start (${err instanceof Error ? err.message : String(err)})`,
        );
      });
      return;
    }
    // The stores' own expiry sweep runs per limiter and does not survive a closed connection;
    // one sweep for the whole table instead.
    this.sweepTimer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.sweepTimer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    if (this.redis) await this.redis.quit().catch(() => undefined);
    this.redis = null;
  }

  /** Resolves when the Redis server answers a PING (the health check's probe); Redis only. */
  async ping(): Promise<void> {
    if (!this.redis) throw new Error('rate limits are not kept in Redis');
    await this.redis.ping();
  }

  /** Deletes counters that expired over an hour ago. */
  async sweep(): Promise<number> {
    try {
      return await this.knex()(RATE_LIMIT_TABLE)
        .where('expire', '<', Date.now() - 3_600_000)
        .delete();
    } catch (err) {
      this.logger.warn({ err }, 'could not sweep expired rate limits');
      return 0;
    }
  }

  private knex() {
    return (this.orm.em.getConnection() as AbstractSqlConnection).getKnex();
  }

  /** The limiter for these options (one per name), on the configured store. */
  limiter(options: LimiterOptions): RateLimiterAbstract {
    const existing = this.limiters.get(options.name);
    if (existing) return existing;
    const common = {
      keyPrefix: options.name,
      points: options.points,
      duration: options.durationSeconds,
    };
    let limiter: RateLimiterAbstract;
    if (this.redis) {
      limiter = new RateLimiterRedis({ ...common, storeClient: this.redis });
    } else {
      const knex = this.knex();
      const table = { tableName: RATE_LIMIT_TABLE, tableCreated: true, clearExpiredByTimeout: false };
      if (this.config.database.driver === 'postgresql') {
        limiter = new RateLimiterPostgres({ ...common, ...table, storeClient: knex, storeType: 'knex' });
      } else {
        // MikroORM gives knex its own dialect class where the store looks for the string
        // 'better-sqlite3'; the pooled connections are better-sqlite3's, so it gets the pool
        // under that name. Using the app's one connection (not a second one) matters: a second
        // better-sqlite3 connection would wait for the write lock synchronously, stalling the
        // event loop that must finish the transaction holding it.
        const pool = knex.client as {
          acquireConnection(): Promise<unknown>;
          releaseConnection(conn: unknown): Promise<unknown>;
        };
        const storeClient = {
          raw: knex.raw.bind(knex),
          client: {
            config: { client: 'better-sqlite3' },
            acquireConnection: () => pool.acquireConnection(),
            releaseConnection: (conn: unknown) => pool.releaseConnection(conn),
          },
        };
        limiter = new RateLimiterSQLite({ ...common, ...table, storeClient, storeType: 'knex' });
      }
    }
    this.limiters.set(options.name, limiter);
    return limiter;
  }

  /**
   * Counts one event for `key`; over the limit → 429 with the time until the window resets.
   * A store that cannot be reached → 503 (never an unlimited pass).
   */
  async consume(options: LimiterOptions, key: string, message: string): Promise<void> {
    try {
      await this.limiter(options).consume(key);
    } catch (err) {
      if (isLimited(err)) throw new TooManyRequestsException(message, err.msBeforeNext / 1000);
      throw this.unavailable(err);
    }
  }

  /** A store failure as the error to throw: the database's own (mapped to 503 by the filter), or 503. */
  unavailable(err: unknown): unknown {
    if (this.store !== 'redis') return err;
    this.logger.error({ err }, 'rate-limit store (Redis) failed');
    return new ServiceUnavailableException(
      'The service is temporarily unavailable. Please try again shortly.',
    );
  }
}
