// The API under hostile input (issue 10): GET /api/health/ and POST /api/assessment/save/ at 50
// connections, quiet and while hostile JSON bodies are in flight, beside the bare Fastify baseline
// of ./api.ts under the same conditions. Four processes: the API (api/dist/main.js), the baseline
// (./lib/bare-api.ts), the load generator (./lib/load-generator.ts, autocannon) and the attacker
// (./lib/attacker.ts), which keeps BENCH_ATTACK_CONCURRENCY (default 20) requests in flight, half
// with a 60,000-key object in an extra field of a login body and half with a 20,000-deep `[[[[…`
// array. On the API the key flood goes to POST /auth/login/ and the deep array to
// POST /api/assessment/save/ (anonymous); the baseline has no login route, so both go to its save
// route. Rounds are interleaved (quiet/attack and API/bare swap order every round); figures are
// median (min–max) of the rounds, and the attack requests' own status codes and latencies are printed.
// Env: BENCH_ROUNDS (3), BENCH_DURATION (3 s), BENCH_ATTACK_CONCURRENCY (20).
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type TestServer } from '../../tests/e2e/harness';
import { CONNECTIONS, createFixture, job, type Fixture, type Target } from './api';
import type { Attack, AttackStats } from './lib/attacker';
import { ask, startChild, stopChild, type Child } from './lib/child';
import type { LoadResult } from './lib/load-generator';
import { machineLoad, showRatio, showSpread, spread } from './lib/stats';
import { fmt, table } from './util';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION = Number(process.env.BENCH_DURATION ?? 3);
const CONCURRENCY = Number(process.env.BENCH_ATTACK_CONCURRENCY ?? 20);
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

type Side = 'product' | 'bare';
type Condition = 'quiet' | 'attack';
type Route = 'health' | 'save';
const ROUTES: { route: Route; label: string }[] = [
  { route: 'health', label: 'GET /api/health/' },
  { route: 'save', label: 'POST /api/assessment/save/ (auth)' },
];

function attacksOn(side: Side, t: Target): Attack[] {
  const keys = Math.ceil(CONCURRENCY / 2);
  const deep = CONCURRENCY - keys;
  return [
    {
      body: 'keys60k',
      url: side === 'product' ? `${t.url}/auth/login/` : `${t.url}/api/assessment/save/`,
      concurrency: keys,
    },
    { body: 'deep20k', url: `${t.url}/api/assessment/save/`, concurrency: deep },
  ];
}

type Results = Record<Route, Record<Side, Record<Condition, LoadResult[]>>>;

export async function runAttackBench(): Promise<void> {
  const secrets = {
    JWT_ACCESS_SECRET: randomBytes(48).toString('base64'),
    JWT_REFRESH_SECRET: randomBytes(48).toString('base64'),
  };
  let load: Child | undefined;
  let attacker: Child | undefined;
  let bare: Child | undefined;
  let server: TestServer | undefined;
  try {
    const loadBefore = machineLoad();
    load = await startChild(here('./lib/load-generator.ts'));
    attacker = await startChild(here('./lib/attacker.ts'));
    server = await startServer({ LOG_LEVEL: 'error', ...secrets });
    const fixture: Fixture = await createFixture(server.baseUrl);
    bare = await startChild(
      here('./lib/bare-api.ts'),
      ['sqlite', join(server.dataDir, 'reclaim.sqlite')],
      secrets,
    );
    const targets: Record<Side, Target> = {
      product: { name: 'API', url: server.baseUrl },
      bare: { name: 'bare', url: bare.ready as string },
    };

    const empty = () => ({ quiet: [] as LoadResult[], attack: [] as LoadResult[] });
    const results: Results = {
      health: { product: empty(), bare: empty() },
      save: { product: empty(), bare: empty() },
    };
    const attackStats: Record<Side, AttackStats[][]> = { product: [], bare: [] };

    for (let round = 0; round < ROUNDS; round++) {
      const conditions: Condition[] = round % 2 === 0 ? ['quiet', 'attack'] : ['attack', 'quiet'];
      const sides: Side[] = round % 2 === 0 ? ['product', 'bare'] : ['bare', 'product'];
      for (const { route } of ROUTES) {
        for (const condition of conditions) {
          for (const side of sides) {
            if (condition === 'attack')
              await ask(attacker, { cmd: 'start', attacks: attacksOn(side, targets[side]) });
            try {
              // measured right after the warm-up, quiet or not: a server under attack may answer no
              // connection, and waiting for every connection's first answer would prolong the attack
              const r = await ask<LoadResult>(load, {
                job: { ...job(route, targets[side], fixture), settle: false },
              });
              if (r.assessments) fixture.assessments = r.assessments;
              results[route][side][condition].push(r);
            } finally {
              if (condition === 'attack')
                attackStats[side].push(await ask<AttackStats[]>(attacker, { cmd: 'stop' }));
            }
          }
        }
      }
    }

    console.log(
      `${CONNECTIONS} connections, ${ROUNDS} interleaved round(s) of ${DURATION} s per route, side and condition; ` +
        `attack: ${CONCURRENCY} hostile bodies kept in flight; API, bare baseline, autocannon and attacker each in its own process (SQLite)`,
    );
    console.log(`machine: ${loadBefore} before, ${machineLoad()} after`);
    // Non-2xx answers by code, and errors (timeouts included), summed over the rounds.
    const faults = (rs: LoadResult[]) => {
      const codes: Record<string, number> = {};
      for (const r of rs) {
        for (const [code, n] of Object.entries(r.statuses)) {
          // 409s on an assessment's first save of a run: its last save of the run before was cut
          // off in flight (load-generator.ts), not a fault of the server.
          const k = code === '409' ? n - r.staleAtStart : n;
          if (!code.startsWith('2') && k > 0) codes[code] = (codes[code] ?? 0) + k;
        }
        if (r.errors) codes.errors = (codes.errors ?? 0) + r.errors;
      }
      const list = Object.entries(codes).map(([k, v]) => `${k}×${v}`);
      return list.length ? list.join(' ') : '0';
    };
    // A run in which nothing was answered reports p99 0: shown as "none answered" instead.
    const show = (rs: LoadResult[], k: 'rps' | 'p99') =>
      k === 'p99' && rs.some((r) => r.total === 0)
        ? `none answered in ${DURATION} s (${rs.filter((r) => r.total === 0).length}/${rs.length} runs)`
        : showSpread(spread(rs.map((r) => r[k])));
    const rows: (string | number)[][] = [
      [
        'route',
        'side',
        'quiet req/s',
        'quiet p99 ms',
        'attack req/s',
        'attack p99 ms',
        'quiet faults',
        'attack faults',
        'p99 attack / quiet',
      ],
    ];
    for (const { route, label } of ROUTES) {
      for (const side of ['product', 'bare'] as const) {
        const { quiet, attack } = results[route][side];
        rows.push([
          label,
          side === 'product' ? 'API' : 'bare Fastify',
          show(quiet, 'rps'),
          show(quiet, 'p99'),
          show(attack, 'rps'),
          show(attack, 'p99'),
          faults(quiet),
          faults(attack),
          quiet.some((r) => r.total === 0) || attack.some((r) => r.total === 0)
            ? 'n/a'
            : showRatio(
                attack.map((r) => r.p99),
                quiet.map((r) => r.p99),
              ),
        ]);
      }
    }
    table(rows);

    console.log('\nthe attack requests themselves (all rounds):');
    const attackRows: (string | number)[][] = [
      ['side', 'body', 'sent to', 'in flight', 'requests', 'answers', 'p50 ms', 'p99 ms', 'max ms'],
    ];
    for (const side of ['product', 'bare'] as const) {
      const runs = attackStats[side];
      for (let i = 0; i < (runs[0]?.length ?? 0); i++) {
        const per = runs.map((r) => r[i]!);
        const statuses: Record<string, number> = {};
        for (const p of per)
          for (const [k, v] of Object.entries(p.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
        attackRows.push([
          side === 'product' ? 'API' : 'bare Fastify',
          per[0]!.body === 'keys60k' ? '60,000 keys' : '20,000 deep',
          new URL(per[0]!.url).pathname,
          per[0]!.concurrency,
          per.reduce((n, p) => n + p.requests, 0),
          Object.entries(statuses)
            .sort()
            .map(([k, v]) => `${k}×${v}`)
            .join(' '),
          showSpread(spread(per.map((p) => p.p50))),
          showSpread(spread(per.map((p) => p.p99))),
          fmt(Math.max(...per.map((p) => p.max))),
        ]);
      }
    }
    table(attackRows);
    console.log('(p50/p99 of the attack requests: median (min–max) over the measured runs)');

    // Issue 25 §4 in two lines: the 60,000-key body's median refusal on the API beside the bare
    // baseline's answer to the same body, and health p99 under the flood against quiet.
    const refusal = (side: Side) =>
      attackStats[side].flatMap((run) => run.filter((a) => a.body === 'keys60k').map((a) => a.p50));
    const health = results.health.product;
    console.log(
      '\nissue 25 §4 (goals: 60,000-key body refused in < 100 ms median; health p99 under the flood ≤ 2× quiet):',
    );
    table([
      ['measure', 'API', 'bare Fastify', 'API / bare'],
      [
        `60,000-key body: median answer ms (${Math.ceil(CONCURRENCY / 2)} in flight)`,
        showSpread(spread(refusal('product'))),
        showSpread(spread(refusal('bare'))),
        showRatio(refusal('product'), refusal('bare')),
      ],
      [
        `GET /api/health/ p99 under the flood / quiet (${CONCURRENCY} hostile bodies)`,
        health.attack.some((r) => r.total === 0)
          ? 'n/a'
          : showRatio(
              health.attack.map((r) => r.p99),
              health.quiet.map((r) => r.p99),
            ),
        results.health.bare.attack.some((r) => r.total === 0)
          ? 'n/a'
          : showRatio(
              results.health.bare.attack.map((r) => r.p99),
              results.health.bare.quiet.map((r) => r.p99),
            ),
        '',
      ],
    ]);
  } finally {
    if (attacker) await ask(attacker, { cmd: 'stop' }).catch(() => undefined);
    await stopChild(attacker);
    await stopChild(load);
    await stopChild(bare);
    await server?.stop();
  }
}
