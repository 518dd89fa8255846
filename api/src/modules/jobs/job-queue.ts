// The background-job interface (docs/ARCHITECTURE.md, "Background jobs"). One implementation per
// driver: pg-boss on PostgreSQL (jobs in the database, any instance runs them), an in-process
// queue on SQLite (one process). Callers see only this.

export type JobState = 'queued' | 'active' | 'completed' | 'failed' | 'cancelled';

export interface EnqueueOptions {
  /** Further tries after a failure (default 0); each waits retryDelaySeconds, doubling. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How long one run may take before it counts as failed (default 15 min). */
  expireInSeconds?: number;
  /** At most one queued-or-active job with this key in the queue; a second enqueue returns null. */
  singletonKey?: string;
  /** The data holds secrets (a password reset link): forget the job as soon as it completes. */
  sensitive?: boolean;
}

export interface JobContext<T> {
  id: string;
  queue: string;
  data: T;
  /** Aborted when the job is cancelled (from any instance): pass it on, or check it between steps. */
  signal: AbortSignal;
  /**
   * Records how far the job got (0–100, with an optional message), readable by status() from
   * any instance. Rejects with JobCancelledError once the job was cancelled, so a loop that
   * reports progress stops there.
   */
  progress(percent: number, message?: string): Promise<void>;
}

export type JobHandler<T> = (job: JobContext<T>) => Promise<unknown>;

export interface JobStatus {
  id: string;
  queue: string;
  state: JobState;
  /** 0–100 as last reported (100 once completed). */
  percent: number;
  message: string | null;
  /** What the handler returned (completed). */
  result: unknown;
  /** Why it failed (failed). */
  error: string | null;
}

export class JobCancelledError extends Error {
  constructor(id: string) {
    super(`job ${id} was cancelled`);
    this.name = 'JobCancelledError';
  }
}

/** Injection token and interface: `constructor(private readonly jobs: JobQueue)`. */
export abstract class JobQueue {
  abstract readonly kind: 'pg-boss' | 'in-process';

  /** Adds a job; resolves to its id (null: a singletonKey job is already queued or running). */
  abstract enqueue<T extends object>(
    queue: string,
    data: T,
    options?: EnqueueOptions,
  ): Promise<string | null>;

  /** Runs `handler` for the queue's jobs on this instance, `concurrency` at a time (default 1). */
  abstract work<T extends object>(
    queue: string,
    handler: JobHandler<T>,
    options?: { concurrency?: number },
  ): Promise<void>;

  abstract status(queue: string, id: string): Promise<JobStatus | null>;

  /** Cancels a queued or running job (true), or does nothing to a finished or unknown one (false). */
  abstract cancel(queue: string, id: string): Promise<boolean>;

  /** Stops taking jobs and waits (bounded) for running ones. */
  abstract stop(): Promise<void>;
}

export function clampPercent(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, percent));
}

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
