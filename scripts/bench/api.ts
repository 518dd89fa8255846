// API throughput at 50 connections, each route beside its baseline measured in the same run:
// GET /api/health/, an authenticated GET /api/assessment/{id}/ and POST /api/assessment/save/.
// The product (api/dist/main.js), the baseline (./lib/bare-api.ts: bare Fastify doing the same
// SQL on the same database with the same JWT check and JSON shapes) and the load generator
// (./lib/load-generator.ts, autocannon) are three separate processes. On SQLite a second baseline,
// the floor (issue 25 §6: the same work with no async wrapper and the raw HMAC check of the token,
// ./lib/bare-api.ts `floor`), is measured in the same rounds and printed in a table of its own. Rounds are interleaved
// (product, baseline, baseline, product, …) and every figure is the median (min–max) of the rounds.
// SQLite always; PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server (a
// temporary database is created there and dropped after).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import pg from 'pg';
import { startServer, type TestServer } from '../../tests/e2e/harness';
import { ask, startChild, stopChild, type Child } from './lib/child';
import { probedPid, probeEnv, type ProbedProcess } from './lib/cpu-sample';
import type { LoadJob, LoadResult } from './lib/load-generator';
import { machineLoad, showRatio, showSpread, spread } from './lib/stats';
import { fmt, table } from './util';

export const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// BENCH_ROUTES=health (or get,save): only those routes (a quicker look at one figure).
const ONLY_ROUTES = process.env.BENCH_ROUTES ? new Set(process.env.BENCH_ROUTES.split(',')) : null;
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** Goals of issue 13 at 50 connections on SQLite. */
const GOALS = { healthRatio: 0.5, getRatio: 0.3, saveRps: 1000, saveP99: 100 };

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url} → ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

const answers = { propertyTypeSDR: 'Mixed-Use', purchaseDateSDR: '2026-03-01', purchasePriceSDR: 450000 };

export interface Target {
  name: string;
  url: string;
  /** The server's CPU probe: the load generator reads its CPU time around each measured run. */
  probe?: ProbedProcess;
}

export interface Fixture {
  token: string;
  assessments: { assessment_id: string; version: number }[];
}

/** A user and twice as many assessments as connections (a slow request keeps its slot). */
export async function createFixture(baseUrl: string): Promise<Fixture> {
  const email = `bench.${Date.now()}.${randomBytes(3).toString('hex')}@example.com`;
  await json<{ detail: string }>(
    await fetch(`${baseUrl}/auth/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Bench-Passphrase-2026', display_name: 'Bench' }),
    }),
  );
  // Registration answers without tokens (issue 25 §3): sign in with the new password.
  const reg = await json<{ access: string }>(
    await fetch(`${baseUrl}/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password: 'Bench-Passphrase-2026' }),
    }),
  );
  const assessments: Fixture['assessments'] = [];
  for (let i = 0; i < CONNECTIONS * 2; i++) {
    const a = await json<{ assessment_id: string; version: number }>(
      await fetch(`${baseUrl}/api/assessment/save/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${reg.access}`, 'content-type': 'application/json' },
        body: JSON.stringify({ service_type: 'sdlt_refund', answers, current_step: 0 }),
      }),
    );
    assessments.push({ assessment_id: a.assessment_id, version: a.version });
  }
  return { token: reg.access, assessments };
}

/** The same answer (shape and values) from product and baseline before anything is measured. */
async function checkSameShapes(product: Target, bare: Target, f: Fixture): Promise<void> {
  const id = f.assessments[0]!.assessment_id;
  const get = async (t: Target) =>
    json<Record<string, unknown>>(
      await fetch(`${t.url}/api/assessment/${id}/`, { headers: { authorization: `Bearer ${f.token}` } }),
    );
  const [a, b] = [await get(product), await get(bare)];
  if (
    JSON.stringify(Object.keys(a).sort()) !== JSON.stringify(Object.keys(b).sort()) ||
    a.version !== b.version
  )
    throw new Error(`baseline GET differs from the API's:\n ${JSON.stringify(a)}\n ${JSON.stringify(b)}`);
  const unauth = await fetch(`${bare.url}/api/assessment/${id}/`);
  if (unauth.status !== 401) throw new Error(`baseline answered ${unauth.status} without a token`);
}

export type Route = 'health' | 'get' | 'save';
const ROUTES: { route: Route; label: string }[] = (
  [
    { route: 'health', label: 'GET /api/health/' },
    { route: 'get', label: 'GET /api/assessment/{id}/ (auth)' },
    { route: 'save', label: 'POST /api/assessment/save/ (auth)' },
  ] as const
).filter((r) => !ONLY_ROUTES || ONLY_ROUTES.has(r.route));

export function job(route: Route, t: Target, f: Fixture): LoadJob {
  const common = {
    connections: CONNECTIONS,
    duration: DURATION,
    warmup: 0.5,
    ...(t.probe ? { probe: t.probe } : {}),
  };
  const headers = { authorization: `Bearer ${f.token}`, 'accept-encoding': 'gzip, deflate, br' };
  if (route === 'health')
    return {
      ...common,
      url: `${t.url}/api/health/`,
      headers: { 'accept-encoding': headers['accept-encoding'] },
    };
  if (route === 'get')
    return { ...common, url: `${t.url}/api/assessment/${f.assessments[0]!.assessment_id}/`, headers };
  return {
    ...common,
    url: `${t.url}/api/assessment/save/`,
    headers: { ...headers, 'content-type': 'application/json' },
    save: { assessments: f.assessments, body: { service_type: 'sdlt_refund', answers, current_step: 1 } },
  };
}

interface Series {
  product: LoadResult[];
  bare: LoadResult[];
  /** SQLite only: the floor of issue 25 §6 (no async wrapper, raw HMAC check). */
  floor: LoadResult[];
}

/** Goals of issue 25 §6 on the floor (SQLite). */
const FLOOR_GOALS = { healthRatio: 0.5, saveRatio: 0.33, saveP99Ratio: 2 };

async function measureDatabase(
  load: Child,
  product: Target,
  bare: Target,
  f: Fixture,
  floor: Target | null,
): Promise<Record<Route, Series>> {
  const out: Record<Route, Series> = {
    health: { product: [], bare: [], floor: [] },
    get: { product: [], bare: [], floor: [] },
    save: { product: [], bare: [], floor: [] },
  };
  const targets = { product, bare, floor };
  for (let round = 0; round < ROUNDS; round++) {
    for (const { route } of ROUTES) {
      // ABBA: the product first in even rounds, the baselines first in odd ones.
      const sides = (floor ? ['product', 'bare', 'floor'] : ['product', 'bare']) as (keyof Series)[];
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order) {
        const r = await ask<LoadResult>(load, { job: job(route, targets[side]!, f) });
        if (r.assessments) f.assessments = r.assessments;
        out[route][side].push(r);
      }
    }
  }
  return out;
}

/** The server's CPU µs per response of each round (rounds measured without a probe left out). */
function cpuPerRequest(rs: LoadResult[]): number[] {
  return rs.flatMap((r) => (r.cpuPerRequest === undefined ? [] : [r.cpuPerRequest]));
}

function rows(db: string, results: Record<Route, Series>): (string | number)[][] {
  return ROUTES.map(({ route, label }) => {
    const { product, bare } = results[route];
    // 409s on an assessment's first save of a run are the previous run's cut-off saves (load-generator.ts).
    const faults = (rs: LoadResult[]) => rs.reduce((n, r) => n + r.errors + r.non2xx - r.staleAtStart, 0);
    return [
      label,
      db,
      showSpread(spread(product.map((r) => r.rps))),
      showSpread(spread(product.map((r) => r.p99))),
      faults(product),
      fmt(spread(product.map((r) => r.bytesPerRequest)).median),
      showSpread(spread(bare.map((r) => r.rps))),
      showSpread(spread(bare.map((r) => r.p99))),
      faults(bare),
      showRatio(
        product.map((r) => r.rps),
        bare.map((r) => r.rps),
      ),
      showSpread(spread(cpuPerRequest(product))),
      showSpread(spread(cpuPerRequest(bare))),
      // bare CPU / API CPU: the share of the baseline's throughput the API's per-request cost allows
      showRatio(cpuPerRequest(bare), cpuPerRequest(product)),
    ];
  });
}

async function withPostgresDatabase<T>(serverUrl: string, fn: (url: string) => Promise<T>): Promise<T> {
  const name = `reclaim_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    const drop = new pg.Client({ connectionString: serverUrl });
    await drop.connect();
    await drop.query(`drop database if exists "${name}" with (force)`);
    await drop.end();
  }
}

async function benchOne(
  load: Child,
  db: 'SQLite' | 'PostgreSQL',
  pgUrl: string | null,
): Promise<Record<Route, Series>> {
  const secrets = {
    JWT_ACCESS_SECRET: randomBytes(48).toString('base64'),
    JWT_REFRESH_SECRET: randomBytes(48).toString('base64'),
  };
  let server: TestServer | undefined;
  let bare: Child | undefined;
  let floor: Child | undefined;
  // each server's CPU time is read through a probe it preloads (lib/cpu-sample.ts)
  const probeDirs = {
    api: mkdtempSync(join(tmpdir(), 'bench-cpu-')),
    bare: mkdtempSync(join(tmpdir(), 'bench-cpu-')),
    floor: mkdtempSync(join(tmpdir(), 'bench-cpu-')),
  };
  try {
    server = await startServer({
      LOG_LEVEL: 'error',
      ...secrets,
      ...(pgUrl ? { DATABASE_URL: pgUrl } : {}),
      ...probeEnv(probeDirs.api),
    });
    const fixture = await createFixture(server.baseUrl);
    bare = await startChild(
      here('./lib/bare-api.ts'),
      pgUrl ? ['pg', pgUrl] : ['sqlite', join(server.dataDir, 'reclaim.sqlite')],
      { ...secrets, ...probeEnv(probeDirs.bare) },
    );
    const product: Target = {
      name: 'API',
      url: server.baseUrl,
      probe: { name: 'API', probeDir: probeDirs.api, pid: await probedPid(probeDirs.api, 'API') },
    };
    const baseline: Target = {
      name: 'bare',
      url: bare.ready as string,
      probe: { name: 'bare', probeDir: probeDirs.bare, pid: await probedPid(probeDirs.bare, 'bare') },
    };
    await checkSameShapes(product, baseline, fixture);
    let floorTarget: Target | null = null;
    if (!pgUrl) {
      floor = await startChild(here('./lib/bare-api.ts'), ['floor', join(server.dataDir, 'reclaim.sqlite')], {
        ...secrets,
        ...probeEnv(probeDirs.floor),
      });
      floorTarget = {
        name: 'floor',
        url: floor.ready as string,
        probe: { name: 'floor', probeDir: probeDirs.floor, pid: await probedPid(probeDirs.floor, 'floor') },
      };
      await checkSameShapes(product, floorTarget, fixture);
    }
    return await measureDatabase(load, product, baseline, fixture, floorTarget);
  } finally {
    await stopChild(floor);
    await stopChild(bare);
    await server?.stop();
    for (const dir of Object.values(probeDirs)) rmSync(dir, { recursive: true, force: true });
  }
}

export async function runApiBench(): Promise<void> {
  const load = await startChild(here('./lib/load-generator.ts'));
  try {
    const loadBefore = machineLoad();
    const sqlite = await benchOne(load, 'SQLite', null);
    const pgServer = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';
    const postgres = pgServer
      ? await withPostgresDatabase(pgServer, (url) => benchOne(load, 'PostgreSQL', url))
      : null;
    console.log(
      `${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION} s per route and side; API, bare baseline and autocannon each in its own process`,
    );
    console.log(`machine: ${loadBefore} before, ${machineLoad()} after`);
    table([
      [
        'route',
        'database',
        'API req/s',
        'API p99 ms',
        'API faults',
        'bytes/resp',
        'bare req/s',
        'bare p99 ms',
        'bare faults',
        'API / bare req/s',
        'API CPU µs/req',
        'bare CPU µs/req',
        'bare / API CPU per req',
      ],
      ...rows('SQLite', sqlite),
      ...(postgres ? rows('PostgreSQL', postgres) : []),
    ]);
    if (!postgres) console.log('PostgreSQL: not measured (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    // The floor (issue 25 §6): the same SQL and JSON with no async wrapper and the raw HMAC check.
    console.log('SQLite, against the floor (bare Fastify + better-sqlite3, synchronous, raw HMAC check):');
    table([
      [
        'route',
        'API req/s',
        'floor req/s',
        'API / floor req/s',
        'API p99 ms',
        'floor p99 ms',
        'API / floor p99',
        'floor faults',
        'API CPU µs/req',
        'floor CPU µs/req',
        'floor / API CPU per req',
      ],
      ...ROUTES.map(({ route, label }) => {
        const { product, floor } = sqlite[route];
        return [
          label,
          showSpread(spread(product.map((r) => r.rps))),
          showSpread(spread(floor.map((r) => r.rps))),
          showRatio(
            product.map((r) => r.rps),
            floor.map((r) => r.rps),
          ),
          showSpread(spread(product.map((r) => r.p99))),
          showSpread(spread(floor.map((r) => r.p99))),
          showRatio(
            product.map((r) => r.p99),
            floor.map((r) => r.p99),
          ),
          floor.reduce((n, r) => n + r.errors + r.non2xx - r.staleAtStart, 0),
          showSpread(spread(cpuPerRequest(product))),
          showSpread(spread(cpuPerRequest(floor))),
          showRatio(cpuPerRequest(floor), cpuPerRequest(product)),
        ];
      }),
    ]);
    // The latencies above are of answers on connections already open (load-generator.ts): each
    // connection's first answer also waits for the server to accept it, shown here on its own.
    const firstAnswers = (db: string, results: Record<Route, Series>): string =>
      ROUTES.map(({ route }) => {
        const slowest = (rs: LoadResult[]) => fmt(Math.max(0, ...rs.map((r) => r.firstAnswer.max)));
        return `${route} ${db} API ${slowest(results[route].product)} ms, bare ${slowest(results[route].bare)} ms`;
      }).join('; ');
    console.log(
      `slowest first answer on a new connection (connections opened at once, before the measured seconds): ${firstAnswers('SQLite', sqlite)}${postgres ? `; ${firstAnswers('PostgreSQL', postgres)}` : ''}`,
    );
    const med = (rs: LoadResult[], k: 'rps' | 'p99') => spread(rs.map((r) => r[k])).median;
    const measured = (route: Route) => ROUTES.some((r) => r.route === route);
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
    const goals: string[] = [];
    // each cost goal printed by both measures: req/s at 50 connections (which on a small machine
    // also carries the load generator's share of the cores) and the server's CPU per request
    const costGoal = (label: string, route: 'health' | 'get', goal: number) => {
      const byRps = med(sqlite[route].product, 'rps') / med(sqlite[route].bare, 'rps');
      const byCpu =
        spread(cpuPerRequest(sqlite[route].bare)).median /
        spread(cpuPerRequest(sqlite[route].product)).median;
      return `${label} ≥ ${goal}× bare: by req/s ${fmt(byRps, 2)}× ${verdict(byRps >= goal)}, by CPU per request ${fmt(byCpu, 2)}× ${verdict(byCpu >= goal)}`;
    };
    if (measured('health')) goals.push(costGoal('health', 'health', GOALS.healthRatio));
    if (measured('get')) goals.push(costGoal('authenticated GET', 'get', GOALS.getRatio));
    if (measured('save')) {
      const saveRps = med(sqlite.save.product, 'rps');
      const saveP99 = med(sqlite.save.product, 'p99');
      goals.push(
        `save ≥ ${fmt(GOALS.saveRps)} req/s with p99 < ${GOALS.saveP99} ms: ${fmt(saveRps)} req/s, p99 ${fmt(saveP99)} ms ${verdict(saveRps >= GOALS.saveRps && saveP99 < GOALS.saveP99)}`,
      );
    }
    console.log(`goals (SQLite): ${goals.join('; ')}`);
    const onFloor: string[] = [];
    const floorRatio = (route: Route, k: 'rps' | 'p99') =>
      med(sqlite[route].product, k) / med(sqlite[route].floor, k);
    if (measured('health')) {
      const r = floorRatio('health', 'rps');
      onFloor.push(
        `health ≥ ${FLOOR_GOALS.healthRatio}×: ${fmt(r, 2)}× ${verdict(r >= FLOOR_GOALS.healthRatio)}`,
      );
    }
    if (measured('save')) {
      const r = floorRatio('save', 'rps');
      const p = floorRatio('save', 'p99');
      onFloor.push(
        `save ≥ ${FLOOR_GOALS.saveRatio}×: ${fmt(r, 2)}× ${verdict(r >= FLOOR_GOALS.saveRatio)}; save p99 ≤ ${FLOOR_GOALS.saveP99Ratio}× floor: ${fmt(p, 2)}× ${verdict(p <= FLOOR_GOALS.saveP99Ratio)}`,
      );
    }
    console.log(`goals on the floor (SQLite): ${onFloor.join('; ')}`);
  } finally {
    await stopChild(load);
  }
}
