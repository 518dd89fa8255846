// `npm run bench -- --only cluster` (issue 25 §5): two instances of the built product
// (NODE_ENV=production) on one PostgreSQL database behind nginx (installed from Debian's packages
// when missing, scripts/ensure-nginx.mjs), at 200 connections of a mix of sign-ins, reads and
// saves (lib/mix-load.ts), printed beside one instance alone through the same nginx; then
// (a) one instance is killed (SIGKILL) mid-run: no acknowledged save may be missing from the
// database afterwards, and only requests sent before the kill was seen may fail (nginx passes
// the rest, and every GET, to the other instance); (b) both are restarted one at a time (SIGTERM,
// graceful drain): no request may fail. The PostgreSQL server is BENCH_DATABASE_URL,
// TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test; a temporary database is created
// there and dropped after.
import { fileURLToPath } from 'node:url';
import { ensureNginx } from '../ensure-nginx.mjs';
import { ask, startChild, stopChild, type Child } from './lib/child';
import {
  Cluster,
  createMixFixture,
  createTempDatabase,
  findLostWrites,
  waitFor,
  type MixFixture,
} from './lib/cluster';
import type { MixAssessment, MixFailure, MixJob, MixResult } from './lib/mix-load';
import { machineLoad, showSpread, spread } from './lib/stats';
import { fmt, table } from './util';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
export const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test';

/** Goals of issue 25 §5. */
export const CLUSTER_GOALS = { scale: 1.6, p99: 250 };

export interface ScenarioOptions {
  connections: number;
  /** Load before the kill / first restart, and after the last: seconds, or answers counted. */
  before: number;
  after: number;
  unit: 'seconds' | 'answers';
}

/** Waits for `amount` seconds of load, or until the run has had `amount` more answers. */
async function loadFor(load: Child, o: ScenarioOptions, amount: number): Promise<void> {
  if (o.unit === 'seconds') {
    await wait(amount * 1000);
    return;
  }
  const answers = async () => (await ask<{ total: number }>(load, { progress: true })).total;
  const target = (await answers()) + amount;
  await waitFor(`${amount} more answers`, async () => (await answers()) >= target, 120_000);
}

/** The pool of assessments the runs share: a run returns the ones still clean. */
export class Pool {
  acknowledged: { id: string; version: number }[] = [];
  constructor(
    readonly fixture: MixFixture,
    public free: MixAssessment[] = [...fixture.assessments],
  ) {}

  job(url: string, connections: number, duration: number, warmup: number): MixJob {
    return { url, connections, duration, warmup, users: this.fixture.users, assessments: this.free };
  }

  take(result: MixResult): MixResult {
    this.free = result.clean;
    this.acknowledged.push(...result.acknowledged);
    return result;
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the mix for `seconds` (stopped by message so `during` may take its time), then returns. */
async function runWhile(
  load: Child,
  pool: Pool,
  url: string,
  connections: number,
  during: () => Promise<void>,
): Promise<MixResult> {
  const result = ask<MixResult>(load, { job: pool.job(url, connections, 3600, 0) });
  try {
    await during();
  } finally {
    await ask(load, { stop: true });
  }
  return pool.take(await result);
}

export interface KillOutcome {
  result: MixResult;
  killedAt: number;
  /** Failures of requests sent after the kill was seen: none allowed. */
  outside: MixFailure[];
  /** Failures of GETs (nginx passes them to the next server): none allowed. */
  reads: MixFailure[];
}

/** (a) SIGKILL of the last instance mid-run. */
export async function killScenario(
  cluster: Cluster,
  load: Child,
  pool: Pool,
  o: ScenarioOptions,
): Promise<KillOutcome> {
  const victim = cluster.instances[cluster.instances.length - 1]!;
  let killedAt = 0;
  const result = await runWhile(load, pool, cluster.url, o.connections, async () => {
    await loadFor(load, o, o.before);
    await victim.kill();
    // the kill as the parent saw it: requests sent before this may have been on the dead instance
    killedAt = performance.timeOrigin + performance.now();
    await loadFor(load, o, o.after);
  });
  await victim.start();
  await cluster.waitUntilProxied(victim);
  return {
    result,
    killedAt,
    outside: result.failures.filter((f) => f.sentAt > killedAt),
    reads: result.failures.filter((f) => f.kind === 'read'),
  };
}

/** (b) Rolling restart: each instance in turn gets SIGTERM, drains, exits and is started again. */
export async function rollingScenario(
  cluster: Cluster,
  load: Child,
  pool: Pool,
  o: ScenarioOptions,
): Promise<{ result: MixResult; exitCodes: (number | null)[] }> {
  const exitCodes: (number | null)[] = [];
  const result = await runWhile(load, pool, cluster.url, o.connections, async () => {
    await loadFor(load, o, o.before);
    for (const instance of cluster.instances) {
      exitCodes.push((await instance.terminate()).code);
      await instance.start();
      // the next one stops only once nginx sends requests to this one again
      await cluster.waitUntilProxied(instance);
    }
    await loadFor(load, o, o.after);
  });
  return { result, exitCodes };
}

const describeFailures = (fs: MixFailure[]): string => {
  const counts = new Map<string, number>();
  for (const f of fs)
    counts.set(
      `${f.kind} ${f.status || 'no answer'}`,
      (counts.get(`${f.kind} ${f.status || 'no answer'}`) ?? 0) + 1,
    );
  return counts.size === 0 ? 'none' : [...counts].map(([k, n]) => `${n} × ${k}`).join(', ');
};

export async function runClusterBench(): Promise<void> {
  const nginx = ensureNginx();
  if (!nginx) throw new Error('nginx is missing and could not be installed from Debian packages');
  const connections = Number(process.env.BENCH_CLUSTER_CONNECTIONS ?? 200);
  const duration = Number(process.env.BENCH_DURATION ?? 8);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  const warmup = 2;
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_PG;
  const db = await createTempDatabase(serverUrl);
  const cluster = new Cluster({ nginx, databaseUrl: db.url });
  let load: Child | undefined;
  const loadBefore = machineLoad();
  try {
    await cluster.start();
    const users = 20;
    const perUser = Math.ceil(connections / users) * (2 * rounds + 6);
    const pool = new Pool(await createMixFixture(cluster.instances[0]!.url, users, perUser));
    load = await startChild(here('./lib/mix-load.ts'));
    const single: MixResult[] = [];
    const both: MixResult[] = [];
    // the instances' CPU (user + system, µs) per answer of each run, warm-up included
    const cpuSingle: number[] = [];
    const cpuBoth: number[] = [];
    for (let round = 0; round < rounds; round++) {
      // ABBA: one instance first in even rounds, two first in odd ones
      const order = round % 2 === 0 ? [single, both] : [both, single];
      for (const out of order) {
        const url = out === single ? cluster.singleUrl : cluster.url;
        const cpu = () => cluster.instances.reduce((ms, i) => ms + i.cpuMs(), 0);
        const before = cpu();
        const r = pool.take(
          await ask<MixResult>(load, { job: pool.job(url, connections, duration + warmup, warmup) }),
        );
        out.push(r);
        (out === single ? cpuSingle : cpuBoth).push(((cpu() - before) * 1000) / Math.max(1, r.total));
      }
    }
    const kill = await killScenario(cluster, load, pool, {
      connections,
      before: 4,
      after: 4,
      unit: 'seconds',
    });
    const rolling = await rollingScenario(cluster, load, pool, {
      connections,
      before: 2,
      after: 2,
      unit: 'seconds',
    });
    const lost = await findLostWrites(db.url, pool.acknowledged);

    console.log(
      `${connections} connections through nginx (1 worker), each connection reads and saves its own assessment in turn, every 50th request a sign-in (2 %); ${rounds} interleaved rounds of ${duration} s (after ${warmup} s warm-up) per side; PostgreSQL; instances, nginx, PostgreSQL and autocannon share the machine`,
    );
    console.log(`machine: ${loadBefore} before, ${machineLoad()} after`);
    const row = (label: string, rs: MixResult[], cpu: number[]) => [
      label,
      showSpread(spread(rs.map((r) => r.rps))),
      showSpread(spread(rs.map((r) => r.p50))),
      showSpread(spread(rs.map((r) => r.p99))),
      showSpread(spread(rs.map((r) => r.kinds.login.p99))),
      showSpread(spread(rs.map((r) => r.kinds.read.p99))),
      showSpread(spread(rs.map((r) => r.kinds.save.p99))),
      rs.reduce((n, r) => n + r.failures.length, 0),
      showSpread(spread(cpu)),
    ];
    table([
      [
        'instances',
        'req/s',
        'p50 ms',
        'p99 ms',
        'sign-in p99',
        'read p99',
        'save p99',
        'failed',
        'instances CPU µs/answer',
      ],
      row('1 (nginx → A)', single, cpuSingle),
      row('2 (nginx → A, B)', both, cpuBoth),
    ]);
    const scale = spread(both.map((r) => r.rps)).median / spread(single.map((r) => r.rps)).median;
    const p99 = spread(both.map((r) => r.p99)).median;
    const steadyFailures = [...single, ...both].reduce((n, r) => n + r.failures.length, 0);
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
    // req/s can scale only with idle cores: the CPU per answer says whether a second instance
    // costs more per request (it should not), whatever the machine had to spare
    console.log(
      `CPU per answer, two instances / one: ${fmt(spread(cpuBoth).median / spread(cpuSingle).median, 2)}× (1.0×: the second instance adds no work per request; req/s then scales with the cores free for it)`,
    );
    console.log(
      `kill (SIGKILL of B after 4 s, 4 s more): ${fmt(kill.result.total)} answers, failures ${describeFailures(kill.result.failures)}; sent after the kill was seen: ${kill.outside.length}; reads failed: ${kill.reads.length}`,
    );
    console.log(
      `rolling restart (SIGTERM, drain, start, A then B): ${fmt(rolling.result.total)} answers, failures ${describeFailures(rolling.result.failures)}; exit codes ${rolling.exitCodes.join(', ')}`,
    );
    console.log(
      `acknowledged saves looked for in the database: ${fmt(lost.checked)}, missing ${lost.lost.length}`,
    );
    for (const l of lost.lost.slice(0, 5)) console.log(`  missing: ${l.id} v${l.version} (${l.reason})`);
    console.log(
      `goals: two instances ≥ ${CLUSTER_GOALS.scale}× one: ${fmt(scale, 2)}× ${verdict(scale >= CLUSTER_GOALS.scale)}; p99 < ${CLUSTER_GOALS.p99} ms: ${fmt(p99)} ms ${verdict(p99 < CLUSTER_GOALS.p99)}; 0 failures outside the kill: ${steadyFailures + kill.outside.length + kill.reads.length + rolling.result.failures.length} ${verdict(steadyFailures + kill.outside.length + kill.reads.length + rolling.result.failures.length === 0)}; 0 acknowledged writes lost: ${verdict(lost.lost.length === 0)}`,
    );
    if (
      lost.lost.length > 0 ||
      kill.outside.length > 0 ||
      kill.reads.length > 0 ||
      rolling.result.failures.length > 0
    )
      throw new Error('the cluster lost a write or failed a request outside the kill (see above)');
  } catch (err) {
    console.error(cluster.nginxLog().split('\n').slice(-20).join('\n'));
    throw err;
  } finally {
    await stopChild(load);
    await cluster.stop();
    await db.drop();
  }
}
