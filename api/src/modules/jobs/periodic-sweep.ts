import type { Logger } from '@nestjs/common';
import type { JobQueue } from './job-queue';

export interface PeriodicSweepOptions {
  /** The job queue the sweep runs on (one queue per kind of sweep). */
  queue: string;
  /** How often each instance asks for a sweep. */
  everyMs: number;
  /** The sweep itself; what it returns is the job's result. */
  run: () => Promise<unknown>;
  /** Logs a failed request as `could not queue <what>` ("a reminder sweep"). */
  what: string;
  logger: Logger;
  /** How long one sweep may run before it counts as failed (default 600 s). */
  expireInSeconds?: number;
}

const SINGLETON_KEY = 'sweep';

/**
 * A background sweep each instance asks for every `everyMs`, run as a singleton job: however many
 * instances ask, at most one sweep is queued or running at a time (pg-boss on PostgreSQL across
 * instances, the in-process queue on SQLite). A service makes one in its constructor, calls
 * start() from onModuleInit and stop() from onModuleDestroy.
 */
export class PeriodicSweep {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly jobs: JobQueue,
    private readonly options: PeriodicSweepOptions,
  ) {}

  /** Works the queue on this instance and asks for a sweep every interval (the timer keeps no process alive). */
  async start(): Promise<void> {
    const { queue, everyMs, run, what, logger } = this.options;
    await this.jobs.work(queue, () => run());
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.request().catch((err: unknown) => logger.error({ err }, `could not queue ${what}`));
    }, everyMs);
    this.timer.unref();
  }

  /** Queues a sweep unless one is already queued or running (then null). */
  request(): Promise<string | null> {
    return this.jobs.enqueue(
      this.options.queue,
      {},
      { singletonKey: SINGLETON_KEY, expireInSeconds: this.options.expireInSeconds ?? 600 },
    );
  }

  /** Stops asking; a sweep already queued or running is the job queue's to finish or drop. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
