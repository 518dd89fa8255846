import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/core';
import { Logger } from '@nestjs/common';
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

interface Job {
  id: string;
  queue: string;
  data: object;
  state: JobState;
  options: EnqueueOptions;
  attempts: number;
  result: unknown;
  error: string | null;
  controller: AbortController;
  finishedAt: number | null;
  timer: NodeJS.Timeout | null;
}

interface Worker {
  handler: JobHandler<object>;
  concurrency: number;
  running: number;
}

const KEEP_FINISHED_MS = 60 * 60_000;
const STOP_WAIT_MS = 10_000;

/**
 * One process (SQLite): jobs live in memory and run on this event loop; a job still queued when
 * the process stops is lost (mail, the only job today, then goes unsent, as before the queue).
 * Progress rows go to the database like pg-boss's, so status() reads the same on both.
 */
export class InProcessJobQueue extends JobQueue {
  readonly kind = 'in-process';
  private readonly logger = new Logger('JobQueue');
  private readonly jobs = new Map<string, Job>();
  private readonly pending = new Map<string, Job[]>();
  private readonly workers = new Map<string, Worker>();
  private readonly active = new Set<Promise<void>>();
  private stopping = false;

  constructor(private readonly orm: MikroORM) {
    super();
  }

  enqueue<T extends object>(queue: string, data: T, options: EnqueueOptions = {}): Promise<string | null> {
    if (this.stopping) return Promise.reject(new Error('the job queue is stopping'));
    this.forgetOld();
    if (
      options.singletonKey !== undefined &&
      [...this.jobs.values()].some(
        (j) =>
          j.queue === queue &&
          j.options.singletonKey === options.singletonKey &&
          (j.state === 'queued' || j.state === 'active'),
      )
    )
      return Promise.resolve(null);
    const job: Job = {
      id: randomUUID(),
      queue,
      data,
      state: 'queued',
      options,
      attempts: 0,
      result: null,
      error: null,
      controller: new AbortController(),
      finishedAt: null,
      timer: null,
    };
    this.jobs.set(job.id, job);
    this.queueOf(queue).push(job);
    this.pump(queue);
    return Promise.resolve(job.id);
  }

  work<T extends object>(
    queue: string,
    handler: JobHandler<T>,
    options: { concurrency?: number } = {},
  ): Promise<void> {
    this.workers.set(queue, {
      handler: handler as JobHandler<object>,
      concurrency: Math.max(1, options.concurrency ?? 1),
      running: 0,
    });
    this.pump(queue);
    return Promise.resolve();
  }

  async status(queue: string, id: string): Promise<JobStatus | null> {
    const job = this.jobs.get(id);
    if (!job || job.queue !== queue) return null;
    const progress = await readProgress(this.orm.em.fork(), id);
    return {
      id,
      queue,
      state: job.state,
      percent: job.state === 'completed' ? 100 : (progress?.percent ?? 0),
      message: progress?.message ?? null,
      result: job.result,
      error: job.error,
    };
  }

  cancel(queue: string, id: string): Promise<boolean> {
    const job = this.jobs.get(id);
    if (!job || job.queue !== queue || (job.state !== 'queued' && job.state !== 'active'))
      return Promise.resolve(false);
    if (job.timer) clearTimeout(job.timer);
    const list = this.queueOf(queue);
    const index = list.indexOf(job);
    if (index >= 0) list.splice(index, 1);
    job.state = 'cancelled';
    job.finishedAt = Date.now();
    job.controller.abort(new JobCancelledError(id));
    return Promise.resolve(true);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    for (const job of this.jobs.values()) if (job.timer) clearTimeout(job.timer);
    const all = Promise.allSettled([...this.active]);
    await Promise.race([all, new Promise((r) => setTimeout(r, STOP_WAIT_MS).unref())]);
  }

  private queueOf(queue: string): Job[] {
    let list = this.pending.get(queue);
    if (!list) {
      list = [];
      this.pending.set(queue, list);
    }
    return list;
  }

  private pump(queue: string): void {
    const worker = this.workers.get(queue);
    if (!worker || this.stopping) return;
    const list = this.queueOf(queue);
    while (worker.running < worker.concurrency && list.length > 0) {
      const job = list.shift()!;
      worker.running += 1;
      const run = this.run(job, worker).finally(() => {
        worker.running -= 1;
        this.active.delete(run);
        this.pump(queue);
      });
      this.active.add(run);
    }
  }

  private async run(job: Job, worker: Worker): Promise<void> {
    job.state = 'active';
    job.attempts += 1;
    const signal = job.controller.signal;
    try {
      const result = await worker.handler({
        id: job.id,
        queue: job.queue,
        data: job.data,
        signal,
        progress: async (percent, message) => {
          signal.throwIfAborted();
          await saveProgress(this.orm.em.fork(), {
            id: job.id,
            queue: job.queue,
            percent,
            message: message ?? null,
          });
          signal.throwIfAborted();
        },
      });
      if (job.state !== 'active') return;
      job.state = 'completed';
      job.result = result ?? null;
      job.finishedAt = Date.now();
      if (job.options.sensitive) this.jobs.delete(job.id);
    } catch (err) {
      if (job.state !== 'active') return;
      const retries = job.options.retryLimit ?? 0;
      if (job.attempts <= retries && !this.stopping) {
        const delay = (job.options.retryDelaySeconds ?? 1) * 1000 * 2 ** (job.attempts - 1);
        job.state = 'queued';
        job.timer = setTimeout(() => {
          job.timer = null;
          if (job.state !== 'queued') return;
          this.queueOf(job.queue).push(job);
          this.pump(job.queue);
        }, delay);
        job.timer.unref();
        this.logger.warn(
          `job ${job.queue}/${job.id} failed (try ${job.attempts}), retrying: ${errorText(err)}`,
        );
        return;
      }
      job.state = 'failed';
      job.error = errorText(err);
      job.finishedAt = Date.now();
      this.logger.error({ err, job: job.id, queue: job.queue }, 'job failed');
    }
  }

  private forgetOld(): void {
    const cutoff = Date.now() - KEEP_FINISHED_MS;
    for (const [id, job] of this.jobs)
      if (job.finishedAt !== null && job.finishedAt < cutoff) this.jobs.delete(id);
  }
}
