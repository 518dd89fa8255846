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
  /** Seconds measured, after `warmup` unrecorded seconds. */
  duration: number;
  warmup?: number;
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

async function run(job: LoadJob): Promise<LoadResult> {
  if (job.warmup) {
    const warmFree: number[] = [];
    await autocannon(options(job, job.warmup, { count: 0 }, warmFree));
    await resync(job, warmFree);
  }
  const stale: Stale = { count: 0 };
  const free: number[] = [];
  // the server's CPU read right before and after the measured run (the warm-up and the re-reads
  // of a save job's versions fall outside). Requests cut off at either end (at most one per
  // connection each) may be in the CPU and not in the count: up to 100 requests, ~4 % of a 3 s
  // run at 750 req/s, ~0.3 % at 10,000; the slower side of a comparison is the one overstated.
  const cpuBefore = job.probe ? await cpuNow(job.probe) : 0;
  const r = await autocannon(options(job, job.duration, stale, free));
  const cpuAfter = job.probe ? await cpuNow(job.probe) : 0;
  await resync(job, free);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    total: r.requests.total,
    staleAtStart: stale.count,
    statuses: Object.fromEntries(
      Object.entries(r.statusCodeStats ?? {}).map(([code, v]) => [code, (v as { count: number }).count]),
    ),
    bytesPerRequest: r.requests.total > 0 ? r.throughput.total / r.requests.total : 0,
    ...(job.probe && r.requests.total > 0
      ? { cpuPerRequest: (cpuAfter - cpuBefore) / r.requests.total }
      : {}),
    ...(job.save ? { assessments: job.save.assessments } : {}),
  };
}

if (process.send)
  serveChild(
    () => Promise.resolve('load generator'),
    (m) => run(m.job as LoadJob),
  );
