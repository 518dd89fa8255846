// Impact replay (issue 9 point 5, issue 13 point 4): BENCH_REPLAY_COUNT (default 100,000) stored
// SDLT assessments, seeded straight into a temporary SQLite database (copies of a few real
// submissions, spread over a few clients), replayed against a draft by the product (api/dist,
// its own process) as an impact run in worker threads. Printed: the replay's seconds and
// assessments/s (goal: 100,000 in under 15 s), and GET /api/health/ p99 from the load generator
// (its own process) with no replay and during the replay (goal: ≤ 2× idle); from inside the API
// process (a preloaded monitor, lib/loop-delay.cjs: less noisy than the HTTP figure on a shared
// machine), its main thread's event-loop delay and utilization over those two windows and over the
// whole replay, and the process's CPU time for the replay.
// BENCH_REPLAY_DATA_DIR=dir (iterating): the seeded database is kept there and reused next time.
// BENCH_API_PROFILE_DIR=dir: a CPU profile of the API main thread during the replay is written there.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type TestServer } from '../../tests/e2e/harness';
import { ask, startChild, stopChild, type Child } from './lib/child';
import type { LoadJob, LoadResult } from './lib/load-generator';
import { machineLoad } from './lib/stats';
import { fmt, table } from './util';

const COUNT = Number(process.env.BENCH_REPLAY_COUNT ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_REPLAY_CONNECTIONS ?? 10);
const LOAD_SECONDS = Number(process.env.BENCH_REPLAY_LOAD_SECONDS ?? 4);
const GOALS = { seconds: 15, count: 100_000, p99Ratio: 2 };
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const require = createRequire(import.meta.url);

interface Db {
  prepare(sql: string): { all(...p: unknown[]): unknown[]; run(...p: unknown[]): unknown };
  transaction(fn: () => void): () => void;
  pragma(s: string): unknown;
  close(): void;
}

interface LoopDelay {
  samples: number;
  p50: number;
  p99: number;
  max: number;
  utilization: number;
  cpuSeconds: number;
}

/** Windows measured inside the API process (lib/loop-delay.cjs); they may overlap. */
class ApiMonitor {
  constructor(private readonly file: string) {}

  private signal(command: string): void {
    writeFileSync(`${this.file}.cmd`, command);
    process.kill(Number(readFileSync(`${this.file}.pid`, 'utf8')), 'SIGWINCH');
  }

  /** Starts a window; resolves once the API has started it. */
  async start(name: string): Promise<void> {
    this.signal(`start ${name}`);
    // The signal is handled on the API's next turn of its event loop: give it that turn.
    await new Promise((r) => setTimeout(r, 50));
  }

  async stop(name: string): Promise<LoopDelay> {
    const out = `${this.file}.${name}.json`;
    rmSync(out, { force: true });
    this.signal(`stop ${name}`);
    for (let i = 0; i < 1000; i++) {
      await new Promise((r) => setTimeout(r, 10));
      if (existsSync(out)) return JSON.parse(readFileSync(out, 'utf8')) as LoopDelay;
    }
    throw new Error('the API did not report its event-loop figures');
  }
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url} → ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

function post(url: string, token: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function monthsAgo(n: number): string {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() - n);
  return d.toISOString().slice(0, 10);
}

/** A few real SDLT submissions with different outcomes (the draft moves some of them). */
const ANSWER_SETS: Record<string, unknown>[] = [300_000, 450_000, 600_000, 900_000, 1_500_000].flatMap(
  (price, i) => [
    {
      propertyTypeSDR: 'Mixed-Use',
      purchaseDateSDR: monthsAgo(3 + i),
      purchasePriceSDR: price,
      firstTimeBuyerSDR: false,
      multipleDwellingsSDR: i % 2 === 1,
      propertyUninhabitableSDR: false,
      hasAnnexeSDR: false,
      partialBusinessUseSDR: true,
      linkedTransactionsSDR: false,
      multipleOwnersSDR: i === 4,
    },
    { propertyTypeSDR: 'Residential', purchaseDateSDR: monthsAgo(2 + i), purchasePriceSDR: price },
  ],
);

function openDb(server: TestServer): Db {
  const Database = require(require.resolve('better-sqlite3', { paths: [join(here('../../api'))] })) as new (
    file: string,
  ) => Db;
  const db = new Database(join(server.dataDir, 'reclaim.sqlite'));
  db.pragma('busy_timeout = 10000');
  return db;
}

async function login(base: string): Promise<string> {
  const admin = await json<{ access: string }>(
    await fetch(`${base}/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.77.1.1' },
      body: JSON.stringify({ username: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    }),
  );
  return admin.access;
}

/** BENCH_REPLAY_DATA_DIR (iterating on the replay): a database seeded by an earlier run, reused. */
function alreadySeeded(server: TestServer): number {
  if (!process.env.BENCH_REPLAY_DATA_DIR) return 0;
  const db = openDb(server);
  try {
    const [{ n }] = db
      .prepare(
        `select count(*) as n from assessment where assessment_type = 'sdlt_refund' and status = 'COMPLETED'`,
      )
      .all() as [{ n: number }];
    // Earlier runs' rows would only grow the file.
    db.prepare('delete from impact_run_row').run();
    return n;
  } finally {
    db.close();
  }
}

async function seed(server: TestServer): Promise<{ token: string; seeded: number; bytes: number }> {
  const base = server.baseUrl;
  const seededBefore = alreadySeeded(server);
  if (seededBefore >= COUNT) return { token: await login(base), seeded: seededBefore, bytes: Number.NaN };
  const clients: string[] = [];
  for (let i = 0; i < 4; i++) {
    const email = `replay.${i}.${Date.now()}@example.com`;
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': `10.77.0.${i + 1}` };
    await json<{ detail: string }>(
      await fetch(`${base}/auth/register/`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          email,
          password: 'Bench-Passphrase-2026',
          display_name: `Replay Client ${i + 1}`,
        }),
      }),
    );
    // Registration answers without tokens (issue 25 §3): sign in with the new password.
    const reg = await json<{ access: string }>(
      await fetch(`${base}/auth/login/`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ username: email, password: 'Bench-Passphrase-2026' }),
      }),
    );
    clients.push(reg.access);
  }
  for (const [i, answers] of ANSWER_SETS.entries()) {
    const token = clients[i % clients.length]!;
    const saved = await json<{ assessment_id: string }>(
      await post(`${base}/api/assessment/save/`, token, {
        service_type: 'sdlt_refund',
        answers,
        current_step: 0,
      }),
    );
    const res = await post(`${base}/api/assessment/submit/`, token, { assessment_id: saved.assessment_id });
    if (!res.ok) console.log(`  (answer set ${i} not submitted: ${res.status})`);
  }
  const db = openDb(server);
  const originals = db
    .prepare(`select * from assessment where assessment_type = 'sdlt_refund' and status = 'COMPLETED'`)
    .all() as Record<string, unknown>[];
  if (originals.length === 0) throw new Error('no submitted SDLT assessment to copy');
  const columns = Object.keys(originals[0]!);
  const insert = db.prepare(
    `insert into assessment (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`,
  );
  const users = [...new Set(originals.map((o) => o.user_id))];
  const toAdd = Math.max(0, COUNT - originals.length);
  let bytes = 0;
  db.transaction(() => {
    for (let i = 0; i < toAdd; i++) {
      const o = originals[i % originals.length]!;
      // Every copy's answers differ (the price), so no two evaluations are the same work.
      const answers = JSON.parse(String(o.answers)) as Record<string, unknown>;
      if (typeof answers.purchasePriceSDR === 'number') answers.purchasePriceSDR += (i % 50_000) * 7;
      const row: Record<string, unknown> = {
        ...o,
        id: randomUUID(),
        user_id: users[i % users.length],
        claim_id: null,
        answers: JSON.stringify(answers),
      };
      if (i < originals.length)
        bytes += String(o.answers).length + (typeof o.results === 'string' ? o.results.length : 0);
      insert.run(...columns.map((c) => row[c]));
    }
  })();
  db.close();
  return { token: await login(base), seeded: originals.length + toAdd, bytes: bytes / originals.length };
}

async function draftVersion(base: string, token: string): Promise<number> {
  const published = await json<{ definition: { eligibility: { bands: unknown }; tests?: unknown } }>(
    await fetch(`${base}/api/definitions/sdlt_refund/published/`),
  );
  const draft = structuredClone(published.definition);
  const likely = (draft.eligibility.bands as { likelihood: string; min: number }[]).find(
    (b) => b.likelihood === 'Likely',
  )!;
  likely.min += 10;
  draft.tests = [];
  const res = await fetch(`${base}/api/definitions/sdlt_refund/draft/`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ definition: draft }),
  });
  return (await json<{ version: number }>(res)).version;
}

interface Run {
  state: string;
  total: number | null;
  checked: number;
  changed_count: number;
  created_at: string;
  finished_at: string | null;
  error: string | null;
}

async function replay(
  base: string,
  token: string,
  version: number,
  load: Child,
  monitor: ApiMonitor,
): Promise<{
  seconds: number;
  run: Run;
  health: LoadResult;
  loadEndedFirst: boolean;
  /** The API's main thread over the whole replay, and over the health load during it. */
  whole: LoopDelay;
  loaded: LoopDelay;
}> {
  await monitor.start('replay');
  await monitor.start('replay-load');
  const started = performance.now();
  const { run_id } = await json<{ run_id: string }>(
    await post(`${base}/api/definitions/sdlt_refund/drafts/${version}/impact-runs/`, token, {}),
  );
  let finishedAt = 0;
  const healthJob: LoadJob = { url: `${base}/api/health/`, connections: CONNECTIONS, duration: LOAD_SECONDS };
  const during = ask<LoadResult>(load, { job: healthJob }).then(async (r) => ({
    r,
    at: performance.now(),
    loaded: await monitor.stop('replay-load'),
  }));
  let run: Run;
  for (;;) {
    run = await json<Run>(
      await fetch(`${base}/api/definitions/sdlt_refund/impact-runs/${run_id}/`, {
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    if (run.state !== 'queued' && run.state !== 'running') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  finishedAt = performance.now();
  const whole = await monitor.stop('replay');
  const { r: health, at, loaded } = await during;
  if (run.state !== 'completed') throw new Error(`the run ended ${run.state}: ${run.error}`);
  return {
    seconds: (finishedAt - started) / 1000,
    run,
    health,
    loadEndedFirst: at <= finishedAt,
    whole,
    loaded,
  };
}

export async function runReplayBench(): Promise<void> {
  const load = await startChild(here('./lib/load-generator.ts'));
  let server: TestServer | undefined;
  const delayDir = mkdtempSync(join(tmpdir(), 'reclaim-loop-delay-'));
  const delayFile = join(delayDir, 'delay.json');
  try {
    const loadBefore = machineLoad();
    server = await startServer({
      LOG_LEVEL: 'error',
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${here('./lib/loop-delay.cjs')}`.trim(),
      BENCH_LOOP_DELAY_FILE: delayFile,
      ...(process.env.BENCH_REPLAY_DATA_DIR ? { DATA_DIR: process.env.BENCH_REPLAY_DATA_DIR } : {}),
    });
    const seedStart = performance.now();
    const { token, seeded, bytes } = await seed(server);
    console.log(
      Number.isNaN(bytes)
        ? `reused ${fmt(seeded)} stored SDLT assessments seeded earlier in ${process.env.BENCH_REPLAY_DATA_DIR}`
        : `seeded ${fmt(seeded)} stored SDLT assessments in ${fmt((performance.now() - seedStart) / 1000, 1)} s (about ${fmt(bytes / 1024, 1)} KB of answers and stored results each)`,
    );
    const version = await draftVersion(server.baseUrl, token);
    const monitor = new ApiMonitor(delayFile);
    await monitor.start('idle-load');
    const idle = await ask<LoadResult>(load, {
      job: {
        url: `${server.baseUrl}/api/health/`,
        connections: CONNECTIONS,
        duration: LOAD_SECONDS,
        warmup: 1,
      },
    });
    const idleDelay = await monitor.stop('idle-load');
    const r = await replay(server.baseUrl, token, version, load, monitor);
    const serverSeconds = (Date.parse(r.run.finished_at ?? '') - Date.parse(r.run.created_at)) / 1000;
    console.log(
      `replay: ${fmt(r.run.checked)} assessments (${fmt(r.run.changed_count)} change outcome) in ${fmt(r.seconds, 2)} s from the request to "completed" (${fmt(serverSeconds, 2)} s by the run's own times)`,
    );
    table([
      ['figure', 'value', 'goal', 'verdict'],
      [
        'replay seconds',
        fmt(r.seconds, 2),
        `< ${GOALS.seconds} s for ${fmt(GOALS.count)}`,
        seeded >= GOALS.count
          ? r.seconds < GOALS.seconds
            ? 'met'
            : 'NOT met'
          : `(only ${fmt(seeded)} seeded)`,
      ],
      ['assessments/s', fmt(r.run.checked / r.seconds), `> ${fmt(GOALS.count / GOALS.seconds)}`, ''],
      [`health p99, ${CONNECTIONS} conns, no replay`, `${fmt(idle.p99)} ms (${fmt(idle.rps)} req/s)`, '', ''],
      [
        `health p99, ${CONNECTIONS} conns, during replay`,
        `${fmt(r.health.p99)} ms (${fmt(r.health.rps)} req/s)`,
        `≤ ${GOALS.p99Ratio}× idle`,
        `${fmt(r.health.p99 / Math.max(idle.p99, 1), 2)}× ${r.health.p99 <= GOALS.p99Ratio * Math.max(idle.p99, 1) ? 'met' : 'NOT met'}`,
      ],
      [
        'API event-loop delay p99 (max), health load, no replay',
        `${fmt(idleDelay.p99, 1)} ms (${fmt(idleDelay.max, 1)} ms), ${fmt(idleDelay.utilization * 100)} % busy`,
        '',
        '',
      ],
      [
        'API event-loop delay p99 (max), health load, replay',
        `${fmt(r.loaded.p99, 1)} ms (${fmt(r.loaded.max, 1)} ms), ${fmt(r.loaded.utilization * 100)} % busy`,
        '',
        `${fmt(r.loaded.p99 / Math.max(idleDelay.p99, 0.001), 2)}× no replay`,
      ],
      [
        'API event-loop delay p99 (max), whole replay',
        `${fmt(r.whole.p99, 1)} ms (${fmt(r.whole.max, 1)} ms), ${fmt(r.whole.utilization * 100)} % busy`,
        '',
        '',
      ],
    ]);
    console.log(
      `API process CPU time during the replay (all its threads): ${fmt(r.whole.cpuSeconds, 1)} s, ${fmt((r.whole.cpuSeconds / r.run.checked) * 1e6)} µs per assessment`,
    );
    if (!r.loadEndedFirst)
      console.log(
        `note: the replay finished before the ${LOAD_SECONDS} s of load did; part of "during" ran with no replay (lower BENCH_REPLAY_LOAD_SECONDS)`,
      );
    if (idle.errors + idle.non2xx + r.health.errors + r.health.non2xx > 0)
      console.log(
        `health faults: idle ${idle.errors + idle.non2xx}, during ${r.health.errors + r.health.non2xx}`,
      );
    console.log(
      `machine: ${loadBefore} before, ${machineLoad()} after; API, load generator and bench in separate processes`,
    );
  } finally {
    await server?.stop({ keepData: Boolean(process.env.BENCH_REPLAY_DATA_DIR) });
    await stopChild(load);
    rmSync(delayDir, { recursive: true, force: true });
  }
}
