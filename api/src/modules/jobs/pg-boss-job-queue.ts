import type { MikroORM } from '@mikro-orm/core';
import { Logger } from '@nestjs/common';
import { Pool } from 'pg';
import PgBoss from 'pg-boss';
import type { ClusterEvents } from '../../common/cluster/cluster-events';
import {
  type EnqueueOptions,
  errorText,
  JobCancelledError,
  type JobHandler,
  JobQueue,
  type JobState,
  type JobStatus,
} from './job-queue';
import { readProgress, saveProgress } from './job-progress.store';

const STATES: Record<PgBoss.JobWithMetadata['state'], JobState> = {
  created: 'queued',
  retry: 'queued',
  active: 'active',
  completed: 'completed',
  cancelled: 'cancelled',
  failed: 'failed',
};

// How often a running job's progress() asks the database whether it was cancelled (the
// cluster event normally says so at once; this covers a missed one).
const CANCEL_CHECK_MS = 1000;
// Marks, inside the stored data, a job to delete once done (EnqueueOptions.sensitive).
const SENSITIVE = '__sensitive';
const STOP_WAIT_MS = 10_000;
// A singletonKey job already there in one of these states makes enqueue() return null.
const UNFINISHED_STATES = ['created', 'retry', 'active'];

// pg-boss stores a failed handler's error as { name, message, stack } in the job's output.
function outputError(output: unknown): string | null {
  if (output === null || output === undefined) return null;
  if (typeof output !== 'object') return JSON.stringify(output);
  const o = output as { message?: unknown; value?: unknown };
  if (typeof o.message === 'string') return o.message;
  return JSON.stringify(o.value ?? output);
}

/**
 * PostgreSQL: pg-boss 10 keeps jobs in its own schema (`pgboss`) of the app's database, so any
 * instance can take any job (SKIP LOCKED), jobs survive restarts, retries and expiry are
 * pg-boss's. Cancel marks the job cancelled in pg-boss and tells the instance running it through
 * ClusterEvents, which aborts the job's signal.
 */
export class PgBossJobQueue extends JobQueue {
  readonly kind = 'pg-boss';
  private readonly logger = new Logger('JobQueue');
  private readonly boss: PgBoss;
  private started: Promise<void> | null = null;
  private readonly queues = new Map<string, Promise<void>>();
  private readonly running = new Map<string, AbortController>();
  private readonly workerIds = new Map<string, string[]>();
  private stopped = false;
  /** Connections for singletonKey enqueues (opened on the first one). */
  private singletonPool: Pool | null = null;

  constructor(
    private readonly url: string,
    private readonly orm: MikroORM,
    private readonly cluster: ClusterEvents,
  ) {
    super();
    this.boss = new PgBoss({
      connectionString: url,
      schema: 'pgboss',
      application_name: 'reclaim-jobs',
      max: 4,
      // Finished jobs stay readable through status() for a week.
      deleteAfterDays: 7,
    });
    this.boss.on('error', (err: Error) => this.logger.error({ err }, 'pg-boss error'));
    cluster.subscribe((event) => {
      if (event.type !== 'job.cancel') return;
      this.running.get(event.id)?.abort(new JobCancelledError(event.id));
    });
  }

  /** Starts pg-boss once (creates or migrates its schema under its own advisory lock). */
  start(): Promise<void> {
    this.started ??= this.boss.start().then(() => undefined);
    return this.started;
  }

  private queue(name: string): Promise<void> {
    let ready = this.queues.get(name);
    if (!ready) {
      ready = this.start().then(async () => {
        if (!(await this.boss.getQueue(name))) await this.boss.createQueue(name);
      });
      // Another instance may create it between the check and ours: that is fine.
      ready = ready.catch(async (err: unknown) => {
        if (!(await this.boss.getQueue(name))) throw err;
      });
      this.queues.set(name, ready);
    }
    return ready;
  }

  async enqueue<T extends object>(
    queue: string,
    data: T,
    options: EnqueueOptions = {},
  ): Promise<string | null> {
    await this.queue(queue);
    const payload = options.sensitive ? { ...data, [SENSITIVE]: true } : data;
    const sendOptions: PgBoss.SendOptions = {
      retryLimit: options.retryLimit ?? 0,
      retryDelay: options.retryDelaySeconds ?? 1,
      retryBackoff: true,
      expireInSeconds: options.expireInSeconds ?? 15 * 60,
      singletonKey: options.singletonKey,
    };
    const id =
      options.singletonKey === undefined
        ? await this.boss.send(queue, payload, sendOptions)
        : await this.sendSingleton(queue, options.singletonKey, payload, sendOptions);
    // A worker here takes it now instead of at its next poll (any instance's worker may).
    for (const workerId of this.workerIds.get(queue) ?? []) this.boss.notifyWorker(workerId);
    return id;
  }

  /**
   * pg-boss 10 keeps a singletonKey unique only under a non-default queue policy, and none of its
   * policies is "at most one queued or active". So the check is ours: under a transaction-scoped
   * advisory lock on (queue, key), look for an unfinished job with the key, and insert the new one
   * (pg-boss's own insert, on this transaction's connection) only when there is none. Two
   * instances asking at once queue one job.
   */
  private async sendSingleton(
    queue: string,
    key: string,
    data: object,
    sendOptions: PgBoss.SendOptions,
  ): Promise<string | null> {
    this.singletonPool ??= new Pool({
      connectionString: this.url,
      application_name: 'reclaim-jobs',
      max: 2,
      idleTimeoutMillis: 10_000,
      allowExitOnIdle: true,
    });
    const client = await this.singletonPool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`reclaim-job:${queue}:${key}`]);
      const existing = await client.query(
        'SELECT 1 FROM pgboss.job WHERE name = $1 AND singleton_key = $2 AND state::text = ANY($3) LIMIT 1',
        [queue, key, UNFINISHED_STATES],
      );
      const id =
        existing.rowCount === 0
          ? await this.boss.send(queue, data, {
              ...sendOptions,
              db: { executeSql: (text, values) => client.query(text, values) },
            })
          : null;
      await client.query('COMMIT');
      return id;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  async work<T extends object>(
    queue: string,
    handler: JobHandler<T>,
    options: { concurrency?: number } = {},
  ): Promise<void> {
    await this.queue(queue);
    // pg-boss 10 runs one fetch loop per work() call: `concurrency` loops, one job each.
    const ids: string[] = [];
    for (let i = 0; i < Math.max(1, options.concurrency ?? 1); i++) {
      ids.push(
        await this.boss.work<T>(queue, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
          if (!job) return null;
          return this.run(queue, job, handler);
        }),
      );
    }
    this.workerIds.set(queue, [...(this.workerIds.get(queue) ?? []), ...ids]);
  }

  private async run<T>(queue: string, job: PgBoss.Job<T>, handler: JobHandler<T>): Promise<unknown> {
    const sensitive = (job.data as Record<string, unknown>)[SENSITIVE] === true;
    if (sensitive) {
      const { [SENSITIVE]: _marker, ...rest } = job.data as Record<string, unknown>;
      job = { ...job, data: rest as T };
    }
    const controller = new AbortController();
    this.running.set(job.id, controller);
    let lastCheck = Date.now();
    const signal = controller.signal;
    try {
      const result = await handler({
        id: job.id,
        queue,
        data: job.data,
        signal,
        progress: async (percent, message) => {
          signal.throwIfAborted();
          await saveProgress(this.orm.em.fork(), { id: job.id, queue, percent, message: message ?? null });
          if (Date.now() - lastCheck >= CANCEL_CHECK_MS) {
            lastCheck = Date.now();
            const current = await this.boss.getJobById(queue, job.id);
            if (current?.state === 'cancelled') controller.abort(new JobCancelledError(job.id));
          }
          signal.throwIfAborted();
        },
      });
      // Gone from the database at once; pg-boss's own completion then finds nothing to update.
      if (sensitive) {
        await this.boss.deleteJob(queue, job.id);
        return null;
      }
      // pg-boss keeps an object as the job's output.
      return result === undefined || result === null
        ? null
        : typeof result === 'object'
          ? result
          : { value: result };
    } finally {
      this.running.delete(job.id);
    }
  }

  async status(queue: string, id: string): Promise<JobStatus | null> {
    await this.queue(queue);
    const job = await this.boss.getJobById<object>(queue, id, { includeArchive: true });
    if (!job) return null;
    const state = STATES[job.state];
    const progress = await readProgress(this.orm.em.fork(), id);
    return {
      id,
      queue,
      state,
      percent: state === 'completed' ? 100 : (progress?.percent ?? 0),
      message: progress?.message ?? null,
      result: state === 'completed' ? (job.output ?? null) : null,
      error: state === 'failed' ? outputError(job.output) : null,
    };
  }

  async cancel(queue: string, id: string): Promise<boolean> {
    await this.queue(queue);
    const job = await this.boss.getJobById(queue, id, { includeArchive: true });
    if (!job || !['created', 'retry', 'active'].includes(job.state)) return false;
    await this.boss.cancel(queue, id);
    await this.cluster.publish({ type: 'job.cancel', queue, id });
    return true;
  }

  async stop(): Promise<void> {
    if (this.stopped || !this.started) return;
    this.stopped = true;
    await this.started.catch(() => undefined);
    await this.boss
      .stop({ graceful: true, wait: true, timeout: STOP_WAIT_MS })
      .catch((err: unknown) => this.logger.warn(`pg-boss stop: ${errorText(err)}`));
    await this.singletonPool?.end().catch(() => undefined);
  }
}
