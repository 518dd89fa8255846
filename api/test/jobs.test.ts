import { Logger } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JobCancelledError, JobQueue, type JobStatus } from '../src/modules/jobs/job-queue';
import { PeriodicSweep } from '../src/modules/jobs/periodic-sweep';
import { MAIL_QUEUE, MailService } from '../src/modules/mail/mail.service';
import { createSecondApp, createTestApp, type TestApp } from './helpers/app';
import { waitForMail } from './helpers/mail';

// The job queue behind mail (and, later, long adviser jobs): pg-boss on PostgreSQL, in-process
// on SQLite; both through one interface with progress and cancellation.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Polls until `check` accepts the status; the deadline only stops a hung test. */
async function waitForStatus(
  jobs: JobQueue,
  queue: string,
  id: string,
  check: (s: JobStatus | null) => boolean,
  deadlineMs = 20_000,
): Promise<JobStatus | null> {
  const started = Date.now();
  for (;;) {
    const status = await jobs.status(queue, id);
    if (check(status)) return status;
    if (Date.now() - started > deadlineMs) throw new Error(`job ${id}: still ${JSON.stringify(status)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('job queue', () => {
  let t: TestApp;
  let jobs: JobQueue;
  beforeAll(async () => {
    t = await createTestApp();
    jobs = t.app.get(JobQueue);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is pg-boss on PostgreSQL and in-process on SQLite', () => {
    expect(jobs.kind).toBe(onPostgres ? 'pg-boss' : 'in-process');
  });

  it('runs a job with its data; status goes to completed with the result', async () => {
    await jobs.work<{ n: number }>('test-double', (job) => Promise.resolve({ doubled: job.data.n * 2 }));
    const id = (await jobs.enqueue('test-double', { n: 21 }))!;
    const done = await waitForStatus(jobs, 'test-double', id, (s) => s?.state === 'completed');
    expect(done).toMatchObject({
      id,
      queue: 'test-double',
      state: 'completed',
      percent: 100,
      result: { doubled: 42 },
    });
  });

  it('progress reported by a running job is readable while it runs', async () => {
    const release = deferred();
    await jobs.work<object>('test-progress', async (job) => {
      await job.progress(40, 'halfway through');
      await release.promise;
      return { ok: true };
    });
    const id = (await jobs.enqueue('test-progress', {}))!;
    const running = await waitForStatus(jobs, 'test-progress', id, (s) => s?.percent === 40);
    expect(running).toMatchObject({ state: 'active', percent: 40, message: 'halfway through' });
    release.resolve();
    await waitForStatus(jobs, 'test-progress', id, (s) => s?.state === 'completed');
  });

  it('cancel stops a running job: its signal aborts and progress() throws JobCancelledError', async () => {
    const seen: unknown[] = [];
    await jobs.work<object>('test-cancel', async (job) => {
      try {
        for (let i = 0; ; i++) {
          await job.progress(Math.min(i, 99), `step ${i}`);
          await new Promise((r) => setTimeout(r, 20));
        }
      } catch (err) {
        seen.push(err, job.signal.aborted);
        throw err;
      }
    });
    const id = (await jobs.enqueue('test-cancel', {}))!;
    await waitForStatus(jobs, 'test-cancel', id, (s) => s?.state === 'active' && s.percent > 0);
    expect(await jobs.cancel('test-cancel', id)).toBe(true);
    await waitForStatus(jobs, 'test-cancel', id, (s) => s?.state === 'cancelled');
    const deadline = Date.now() + 10_000;
    while (seen.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(seen[0]).toBeInstanceOf(JobCancelledError);
    expect(seen[1]).toBe(true);
    // Cancelling a finished job does nothing.
    expect(await jobs.cancel('test-cancel', id)).toBe(false);
  });

  it('a job cancelled while queued never runs', async () => {
    const ran: string[] = [];
    const id = (await jobs.enqueue('test-queued', { x: 1 }))!;
    expect(await jobs.cancel('test-queued', id)).toBe(true);
    const other = (await jobs.enqueue('test-queued', { x: 2 }))!;
    await jobs.work<{ x: number }>('test-queued', (job) => {
      ran.push(job.id);
      return Promise.resolve(null);
    });
    await waitForStatus(jobs, 'test-queued', other, (s) => s?.state === 'completed');
    expect(ran).toEqual([other]);
    expect((await jobs.status('test-queued', id))?.state).toBe('cancelled');
  });

  it('a failing job is retried, and fails for good after its retries', async () => {
    const tries = new Map<string, number>();
    await jobs.work<{ failTimes: number }>('test-retry', (job) => {
      const n = (tries.get(job.id) ?? 0) + 1;
      tries.set(job.id, n);
      if (n <= job.data.failTimes) return Promise.reject(new Error(`try ${n} failed`));
      return Promise.resolve({ tries: n });
    });
    const flaky = (await jobs.enqueue(
      'test-retry',
      { failTimes: 1 },
      { retryLimit: 2, retryDelaySeconds: 1 },
    ))!;
    const broken = (await jobs.enqueue('test-retry', { failTimes: 9 }, { retryLimit: 0 }))!;
    expect(await waitForStatus(jobs, 'test-retry', flaky, (s) => s?.state === 'completed')).toMatchObject({
      result: { tries: 2 },
    });
    const failed = await waitForStatus(jobs, 'test-retry', broken, (s) => s?.state === 'failed');
    expect(failed?.error).toContain('try 1 failed');
    expect(tries.get(broken)).toBe(1);
  });

  it('mail is delivered through the queue, and the job (holding the message) is gone once sent', async () => {
    const { jobId } = await t.app.get(MailService).send({
      to: 'queued@example.test',
      subject: 'Through the queue',
      text: 'Hello from a job.',
    });
    expect(jobId).toEqual(expect.any(String));
    expect(await waitForMail(t.dataDir, 'queued@example.test')).toContain('Through the queue');
    await waitForStatus(jobs, MAIL_QUEUE, jobId!, (s) => s === null);
  });

  it('a periodic sweep: each interval asks, one sweep at a time however many ask, stop() stops asking', async () => {
    // Only the interval is faked (the queue's own timers and pg-boss's polling stay real).
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    // On PostgreSQL a second instance asks too, through its own queue on the same database.
    const other = onPostgres ? await createSecondApp(t, { migrate: false }) : null;
    try {
      let release = deferred();
      let runs = 0;
      const options = {
        queue: 'test-sweep',
        everyMs: 60_000,
        run: async () => {
          runs += 1;
          await release.promise;
          return { swept: runs };
        },
        what: 'a test sweep',
        logger: new Logger('test-sweep'),
      };
      const a = new PeriodicSweep(jobs, options);
      const b = new PeriodicSweep(other?.app.get(JobQueue) ?? jobs, options);
      await a.start();
      await b.start();
      const before = vi.getTimerCount();
      expect(before).toBeGreaterThanOrEqual(2);
      // The interval passes on both: the first request queues the sweep, the second finds it there.
      vi.advanceTimersByTime(60_000);
      const deadline = Date.now() + 20_000;
      while (runs === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      expect(runs).toBe(1);
      expect(await a.request()).toBeNull();
      expect(await b.request()).toBeNull();
      release.resolve();
      // Once it is done, the next request queues a new one.
      release = deferred();
      let id: string | null = null;
      while (id === null && Date.now() < deadline) {
        id = await b.request();
        if (id === null) await new Promise((r) => setTimeout(r, 25));
      }
      expect(id).toEqual(expect.any(String));
      release.resolve();
      const done = await waitForStatus(jobs, 'test-sweep', id!, (s) => s?.state === 'completed');
      expect(done?.result).toEqual({ swept: 2 });
      expect(runs).toBe(2);
      a.stop();
      b.stop();
      expect(vi.getTimerCount()).toBe(before - 2);
    } finally {
      vi.useRealTimers();
      await other?.close();
    }
  });

  it.skipIf(!onPostgres)(
    'PostgreSQL: instances share the queue; a cancel on one stops the job running on the other',
    async () => {
      const other = await createSecondApp(t, { migrate: false });
      try {
        const otherJobs = other.app.get(JobQueue);
        // Only `t` works this queue: a job enqueued on `other` runs on `t`.
        let aborted = false;
        await jobs.work<object>('test-cross', async (job) => {
          // The cancel arrives either while the job sleeps (the loop ends) or inside progress(),
          // which then throws JobCancelledError: both are the job stopping because of it.
          try {
            while (!job.signal.aborted) {
              await job.progress(10, 'working');
              await new Promise((r) => setTimeout(r, 20));
            }
          } finally {
            aborted = job.signal.aborted;
          }
          throw job.signal.reason;
        });
        const id = (await otherJobs.enqueue('test-cross', {}))!;
        await waitForStatus(otherJobs, 'test-cross', id, (s) => s?.state === 'active' && s.percent === 10);
        expect(await otherJobs.cancel('test-cross', id)).toBe(true);
        await waitForStatus(jobs, 'test-cross', id, (s) => s?.state === 'cancelled');
        // NOTIFY reaches the worker at once; its progress() also polls the state. A loaded CI
        // machine can take seconds either way, so wait for it (no fixed time is asserted).
        const deadline = Date.now() + 45_000;
        while (!aborted && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        expect(aborted).toBe(true);
      } finally {
        await other.close();
      }
    },
  );
});
