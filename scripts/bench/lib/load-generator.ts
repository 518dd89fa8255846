// The load generator (autocannon), run as a child process so it never shares an event loop or a
// core's time slice with the server it measures. The parent sends one job per measurement.
// Jobs: a plain request (GET, or POST with a fixed body), or "save": each request saves a free
// assessment with the version it last got back, so optimistic locking runs without conflicts.
import autocannon from 'autocannon';
import { serveChild } from './child';
import { cpuNow, type ProbedProcess } from './cpu-sample';

export interface LoadJob {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  /**
   * Seconds measured, on the connections of the warm-up: after `warmup` unrecorded seconds and
   * every connection's first answer.
   */
  duration: number;
  warmup?: number;
  /**
   * Measure only once every connection has had its first answer (default true). The attack bench
   * turns it off: a server under attack may answer no connection at all, and waiting for it would
   * only lengthen the attack.
   */
  settle?: boolean;
  save?: { assessments: { assessment_id: string; version: number }[]; body: Record<string, unknown> };
  /** The server's CPU probe (./cpu-sample.ts): its CPU time is read around the measured seconds. */
  probe?: ProbedProcess;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Responses counted (0: nothing answered within the duration, and p50/p99 read 0). */
  total: number;
  /** save jobs: 409s on an assessment's first save of the run (see `Stale`), within `statuses`. */
  staleAtStart: number;
  /** status code → count */
  statuses: Record<string, number>;
  /** Bytes received per response, headers included (as sent on the wire, after any compression). */
  bytesPerRequest: number;
  /** With a probe: the server's CPU time (user + system, µs) per response of the measured seconds. */
  cpuPerRequest?: number;
  /** save jobs: the assessments with the versions they have now (the next save job sends these). */
  assessments?: { assessment_id: string; version: number }[];
  /**
   * Each connection's first answer, before the measured seconds: the slowest (ms), and how many
   * connections answered at all. It includes the wait for the server to accept the connection.
   */
  firstAnswer: { max: number; connections: number };
}

/** 409s answering the first save of an assessment in a run: its previous run's last save was cut
 * off in flight (autocannon closes connections at the end of a run) and written after the answer
 * could be read. The 409 carries the current version, which the next save sends. */
interface Stale {
  count: number;
}

function options(
  job: LoadJob,
  duration: number,
  stale: Stale = { count: 0 },
  free: number[] = [],
): autocannon.Options {
  const base = { url: job.url, connections: job.connections, duration, timeout: 10 };
  if (!job.save) {
    return {
      ...base,
      method: job.method ?? 'GET',
      ...(job.headers ? { headers: job.headers } : {}),
      ...(job.body !== undefined ? { body: job.body } : {}),
    };
  }
  const { assessments, body } = job.save;
  // No two requests in flight save the same assessment: a request takes a free one and its answer
  // gives it back with the version it wrote. (autocannon resets `context` for one-request lists.)
  free.push(...assessments.map((_, i) => i));
  const seen = new Set<number>();
  return {
    ...base,
    requests: [
      {
        method: 'POST',
        ...(job.headers ? { headers: job.headers } : {}),
        setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
          const slot = free.shift() ?? 0;
          context.slot = slot;
          const a = assessments[slot]!;
          return {
            ...req,
            body: JSON.stringify({ ...body, assessment_id: a.assessment_id, version: a.version }),
          };
        },
        onResponse: (status: number, text: string, context: Record<string, unknown>) => {
          const slot = context.slot as number;
          // 2xx: the version written; 409 (a save of an earlier run was cut off in flight, or was
          // answered after that run ended): the current version the answer carries.
          if (status >= 200 && status < 300)
            assessments[slot]!.version = (JSON.parse(text) as { version: number }).version;
          else if (status === 409) {
            if (!seen.has(slot)) stale.count += 1;
            const current = (JSON.parse(text) as { current?: { version?: number } }).current?.version;
            if (typeof current === 'number') assessments[slot]!.version = current;
          }
          seen.add(slot);
          free.push(slot);
        },
      },
    ],
  } as unknown as autocannon.Options;
}

/**
 * A save job's run stops with requests in flight: the server wrote them but their answers (and
 * new versions) never came back, and every later save of those assessments would be a 409. Re-read
 * their versions (GET /api/assessment/{id}/, as the product and the baseline both answer it).
 */
async function resync(job: LoadJob, free: number[]): Promise<void> {
  if (!job.save) return;
  const idle = new Set(free);
  const base = job.url.replace(/save\/?$/, '');
  const cut = [...job.save.assessments.entries()].filter(([slot]) => !idle.has(slot)).map(([, a]) => a);
  const read = async (a: { assessment_id: string }): Promise<number | null> => {
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetch(`${base}${a.assessment_id}/`, { headers: job.headers ?? {} });
        return res.ok ? ((await res.json()) as { version: number }).version : null;
      } catch (err) {
        if (attempt >= 3) throw err;
      }
    }
  };
  const readAll = async (): Promise<(number | null)[]> => {
    const out: (number | null)[] = [];
    for (const a of cut) out.push(await read(a));
    return out;
  };
  // The server may still be finishing a cut-off save (PostgreSQL answers asynchronously): read
  // until two reads 100 ms apart agree.
  let last = await readAll();
  for (let i = 0; i < 20; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = await readAll();
    const settled = now.every((v, k) => v === last[k]);
    last = now;
    if (settled) break;
  }
  cut.forEach((a, k) => {
    const v = last[k];
    if (v !== null && v !== undefined) a.version = v;
  });
}

/** Nearest-rank percentile of ascending `sorted` (0 when empty). */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Longest a connection may take to give its first answer before the measured seconds start anyway. */
const SETTLE_LIMIT_MS = 15_000;

/**
 * One autocannon run: the warm-up, then the measured seconds on the same connections. Every
 * figure (requests per second, latencies, statuses, bytes, the server's CPU) counts only the
 * answers that arrive in the measured seconds, which start once the warm-up is over and every
 * connection has had its first answer. A new connection's first answer waits for the server to
 * accept it, and a busy Node server accepts about one new connection per turn of its event loop:
 * with 50 connections opened at once, the last ones' first answers took up to a second, which put
 * that connection set-up inside the p99 of every run that opened its connections while measuring.
 * Those first answers are reported on their own (`firstAnswer`), not hidden.
 */
async function run(job: LoadJob): Promise<LoadResult> {
  const stale: Stale = { count: 0 };
  const free: number[] = [];
  const instance = autocannon(
    options(job, job.duration + (job.warmup ?? 0) + SETTLE_LIMIT_MS / 1000 + 30, stale, free),
  ) as unknown as NodeJS.EventEmitter & { stop(): void } & PromiseLike<unknown>;
  const started = performance.now();
  const answered = new Set<unknown>();
  const firstAnswers: number[] = [];
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let measuring = false;
  let total = 0;
  let bytes = 0;
  let errors = 0;
  let timeouts = 0;
  let non2xx = 0;
  let windowStart = 0;
  let windowEnd = 0;
  let cpuBefore = 0;
  let cpuAfter = 0;
  instance.on('response', (client: unknown, statusCode: number, resBytes: number, responseTime: number) => {
    if (!answered.has(client)) {
      answered.add(client);
      firstAnswers.push(responseTime);
    }
    if (!measuring) return;
    total += 1;
    statuses[String(statusCode)] = (statuses[String(statusCode)] ?? 0) + 1;
    if (statusCode >= 200 && statusCode < 300) {
      latencies.push(responseTime);
      bytes += resBytes;
    } else non2xx += 1;
  });
  instance.on('reqError', (error: Error) => {
    if (!measuring) return;
    errors += 1;
    if (error.message === 'request timed out') timeouts += 1;
  });
  const done = new Promise<void>((resolve, reject) => {
    instance.then(() => resolve(), reject);
  });
  try {
    // warm-up: its seconds, and every connection answered once (or the limit reached)
    const warmUntil = started + (job.warmup ?? 0) * 1000;
    const settle = job.settle !== false;
    while (
      performance.now() < warmUntil ||
      (settle && answered.size < job.connections && performance.now() - started < SETTLE_LIMIT_MS)
    )
      await new Promise((resolve) => setTimeout(resolve, 10));
    // the server's CPU read at both ends of the measured seconds
    cpuBefore = job.probe ? await cpuNow(job.probe) : 0;
    measuring = true;
    windowStart = performance.now();
    await new Promise((resolve) => setTimeout(resolve, job.duration * 1000));
    measuring = false;
    windowEnd = performance.now();
    cpuAfter = job.probe ? await cpuNow(job.probe) : 0;
  } finally {
    instance.stop();
    await done;
  }
  await resync(job, free);
  latencies.sort((a, b) => a - b);
  firstAnswers.sort((a, b) => a - b);
  const seconds = (windowEnd - windowStart) / 1000;
  // Requests cut off at either end of the measured seconds (at most one per connection each) may
  // be in the CPU and not in the count: up to 100 requests, ~4 % of a 3 s run at 750 req/s, ~0.3 %
  // at 10,000; the slower side of a comparison is the one overstated.
  return {
    rps: seconds > 0 ? total / seconds : 0,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    timeouts,
    non2xx,
    total,
    staleAtStart: stale.count,
    statuses,
    bytesPerRequest: latencies.length > 0 ? bytes / latencies.length : 0,
    firstAnswer: { max: percentile(firstAnswers, 100), connections: answered.size },
    ...(job.probe && total > 0 ? { cpuPerRequest: (cpuAfter - cpuBefore) / total } : {}),
    ...(job.save ? { assessments: job.save.assessments } : {}),
  };
}

if (process.send)
  serveChild(
    () => Promise.resolve('load generator'),
    (m) => run(m.job as LoadJob),
  );
