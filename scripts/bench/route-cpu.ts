// Server CPU time per request for one API route, the built API beside the bare baseline (or two
// API builds beside each other, for an A/B), on a machine too noisy for req/s to mean much: the
// server's own user+system CPU over a fixed number of requests (process.cpuUsage read through
// ./lib/cpu-probe.cjs), rounds interleaved. Optionally a V8 CPU profile of one API's measured
// window, summarised by package / file and by function.
//
//   npx tsx scripts/bench/route-cpu.ts [--route health|get|save] [--requests 30000] [--rounds 3]
//       [--servers api=api/dist/main.js,bare] [--profile api] [--connections 50]
//
// `--servers`: comma-separated `name=path/to/main.js` (a built API) or `bare`
// (./lib/bare-api.ts on the first API's SQLite file). Needs a built API (scripts/build.mjs).
// `save` runs for a time (BENCH_DURATION seconds, default 3) through the load generator's save job
// (each request saves a free assessment with the version it last got back), not for a count.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFixture, job, type Fixture } from './api';
import { ask, startChild, stopChild, type Child } from './lib/child';
import type { LoadResult } from './lib/load-generator';
import { cpuNow, probeEnv, waitFor } from './lib/cpu-sample';
import { machineLoad, spread } from './lib/stats';
import { fmt, table } from './util';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const route = arg('route', 'health') as 'health' | 'get' | 'save';
const requests = Number(arg('requests', '30000'));
const rounds = Number(arg('rounds', '3'));
const connections = Number(arg('connections', '50'));
const profileName = arg('profile', '');
const serverSpecs = arg('servers', 'api=api/dist/main.js,bare')
  .split(',')
  .map((s) => {
    const [name, path] = s.split('=');
    return { name: name!, path: path ? resolve(repoRoot, path) : null };
  });

interface Server {
  name: string;
  pid: number;
  url: string;
  probeDir: string;
  stop: () => Promise<void>;
  samples: { cpuUs: number; rps: number; p99: number; non2xx: number }[];
}

async function startApi(
  name: string,
  main: string,
  secrets: Record<string, string>,
  dataDir: string | undefined,
): Promise<Server & { dataDir: string }> {
  const probeDir = mkdtempSync(join(tmpdir(), 'route-cpu-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'route-cpu-data-'));
  const child = spawn(process.execPath, [main], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DATABASE_URL: '',
      ADMIN_EMAIL: 'admin.bench@reclaim.example',
      ADMIN_PASSWORD: 'Bench-admin-Passphrase-2026',
      LOG_LEVEL: 'error',
      ...secrets,
      ...probeEnv(probeDir, name === profileName),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`${name} did not start`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    name,
    pid: child.pid!,
    url,
    probeDir,
    dataDir: dir,
    samples: [],
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(probeDir, { recursive: true, force: true });
    },
  };
}

async function startBare(sqliteFile: string, secrets: Record<string, string>): Promise<Server> {
  const probeDir = mkdtempSync(join(tmpdir(), 'route-cpu-'));
  const child: Child = await startChild(here('./lib/bare-api.ts'), ['sqlite', sqliteFile], {
    ...secrets,
    ...probeEnv(probeDir, profileName === 'bare'),
  });
  return {
    name: 'bare',
    pid: child.process.pid!,
    url: child.ready as string,
    probeDir,
    samples: [],
    stop: async () => {
      await stopChild(child);
      rmSync(probeDir, { recursive: true, force: true });
    },
  };
}

interface Autocannon {
  requests: { average: number; total: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
}

function autocannon(url: string, headers: Record<string, string>, amount: number): Promise<Autocannon> {
  const args = [
    join(repoRoot, 'node_modules', 'autocannon', 'autocannon.js'),
    '-c',
    String(connections),
    '-a',
    String(amount),
    '-j',
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]),
    url,
  ];
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolveRun(JSON.parse(out) as Autocannon) : reject(new Error(`autocannon exited ${code}`)),
    );
  });
}

function target(s: Server, f: Fixture | null): { url: string; headers: Record<string, string> } {
  const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br' };
  if (route === 'health') return { url: `${s.url}/api/health/`, headers };
  return {
    url: `${s.url}/api/assessment/${f!.assessments[0]!.assessment_id}/`,
    headers: { ...headers, authorization: `Bearer ${f!.token}` },
  };
}

let loadGenerator: Child | undefined;

/** A timed save run through the load generator: the server's CPU per request, read by its probe. */
async function measureSaves(s: Server, f: Fixture, seconds: number, probed = true): Promise<LoadResult> {
  loadGenerator ??= await startChild(here('./lib/load-generator.ts'));
  const probe = { name: s.name, pid: s.pid, probeDir: s.probeDir };
  const target = probed ? { name: s.name, url: s.url, probe } : { name: s.name, url: s.url };
  const r = await ask<LoadResult>(loadGenerator, {
    job: { ...job('save', target, f), connections, duration: seconds },
  });
  if (r.assessments) f.assessments = r.assessments;
  return r;
}

async function measure(s: Server, f: Fixture | null): Promise<void> {
  if (route === 'save') {
    await measureSaves(s, f!, 1);
    const r = await measureSaves(s, f!, Number(process.env.BENCH_DURATION ?? 3));
    s.samples.push({
      cpuUs: r.cpuPerRequest ?? Number.NaN,
      rps: r.rps,
      p99: r.p99,
      non2xx: r.non2xx + r.errors - r.staleAtStart,
    });
    return;
  }
  const { url, headers } = target(s, f);
  await autocannon(url, headers, Math.min(5000, requests));
  const before = await cpuNow(s);
  const r = await autocannon(url, headers, requests);
  const after = await cpuNow(s);
  s.samples.push({
    cpuUs: (after - before) / r.requests.total,
    rps: r.requests.average,
    p99: r.latency.p99,
    non2xx: r.non2xx + r.errors,
  });
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: an npm package, a file of the API, node's internals, or V8. */
function component(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = url.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const dist = url.indexOf('/api/dist/');
  if (dist >= 0) return `api:${url.slice(dist + '/api/dist/'.length)}`;
  if (url.startsWith('node:')) return url;
  return url.replace(/^file:\/\//, '').replace(repoRoot, '');
}

function summarise(file: string): void {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = [...self.entries()]
    .filter(([id]) => byId.get(id)!.callFrame.functionName === '(idle)')
    .reduce((a, [, t]) => a + t, 0);
  const busy = total - idle;
  const selfBy = new Map<string, number>();
  const fnBy = new Map<string, number>();
  for (const [id, t] of self) {
    const { url, functionName, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') continue;
    const c = component(url, functionName);
    selfBy.set(c, (selfBy.get(c) ?? 0) + t);
    const fname = `${functionName || '(anonymous)'} ${c}:${lineNumber + 1}`;
    fnBy.set(fname, (fnBy.get(fname) ?? 0) + t);
  }
  // Inclusive time per component: a sample counts once for every component on its stack.
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, number>();
  for (const [id, t] of self) {
    if (byId.get(id)!.callFrame.functionName === '(idle)') continue;
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const { url, functionName } = byId.get(cur)!.callFrame;
      if (functionName === '(root)') continue;
      seen.add(component(url, functionName));
    }
    for (const c of seen) inclusive.set(c, (inclusive.get(c) ?? 0) + t);
  }
  const pct = (t: number) => `${fmt((100 * t) / busy, 1)} %`;
  console.log(
    `\nprofile ${file}: busy ${fmt(busy / 1000)} ms, idle ${fmt((100 * idle) / total, 1)} % of the window`,
  );
  const top = (m: Map<string, number>, n: number) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
  table([
    ['component', 'self', 'inclusive'],
    ...top(selfBy, 25).map(([c, t]) => [c, pct(t), pct(inclusive.get(c) ?? 0)]),
  ]);
  console.log('');
  table([['function (self)', 'self'], ...top(fnBy, 30).map(([c, t]) => [c, pct(t)])]);
}

async function main(): Promise<void> {
  const secrets = {
    JWT_ACCESS_SECRET: randomBytes(48).toString('base64'),
    JWT_REFRESH_SECRET: randomBytes(48).toString('base64'),
  };
  const servers: Server[] = [];
  let firstData: string | undefined;
  let fixture: Fixture | null = null;
  // saves: each API after the first its own database and fixture (two APIs writing one SQLite file
  // would wait for each other's write lock); reads, and the bare baseline, share the first API's
  const fixtures = new Map<Server, Fixture>();
  const ownData: string[] = [];
  const loadBefore = machineLoad();
  try {
    for (const spec of serverSpecs) {
      if (spec.path === null) continue;
      const s = await startApi(spec.name, spec.path, secrets, route === 'save' ? undefined : firstData);
      if (route === 'save' && firstData !== undefined) {
        ownData.push(s.dataDir);
        fixtures.set(s, await createFixture(s.url));
      }
      if (firstData === undefined) {
        firstData = s.dataDir;
        if (route !== 'health') fixture = await createFixture(s.url);
      }
      servers.push(s);
    }
    if (firstData === undefined) throw new Error('--servers names no API');
    if (serverSpecs.some((s) => s.path === null))
      servers.push(await startBare(join(firstData, 'reclaim.sqlite'), secrets));
    const order = serverSpecs.map((spec) => servers.find((s) => s.name === spec.name)!);
    for (let round = 0; round < rounds; round++) {
      const inRound = round % 2 === 0 ? order : [...order].reverse();
      for (const s of inRound) await measure(s, fixtures.get(s) ?? fixture);
    }
    const profiled = servers.find((s) => s.name === profileName);
    if (profiled) {
      const { url, headers } = target(profiled, fixture);
      await cpuNow(profiled); // starts the profiler
      if (route === 'save')
        await measureSaves(
          profiled,
          fixtures.get(profiled) ?? fixture!,
          Number(process.env.BENCH_DURATION ?? 3),
          false,
        );
      else await autocannon(url, headers, requests);
      await cpuNow(profiled); // stops it and writes the profile
      const file = join(profiled.probeDir, `${profiled.pid}.cpuprofile`);
      await waitFor(() => (existsSync(file) ? true : undefined), 'profile');
      const keep = join(tmpdir(), `route-cpu-${profiled.name}-${Date.now()}.cpuprofile`);
      const { copyFileSync } = await import('node:fs');
      copyFileSync(file, keep);
      summarise(keep);
    }
    console.log(
      `\n${route}: ${route === 'save' ? `${process.env.BENCH_DURATION ?? 3} s` : `${fmt(requests)} requests`} per sample at ${connections} connections, ${rounds} interleaved rounds; machine ${loadBefore} before, ${machineLoad()} after`,
    );
    const base = servers[0]!;
    const med = (s: Server, k: 'cpuUs' | 'rps' | 'p99') => spread(s.samples.map((x) => x[k])).median;
    table([
      [
        'server',
        'CPU µs/request (median, min–max)',
        'req/s (median)',
        'p99 ms',
        'faults',
        `CPU vs ${base.name}`,
      ],
      ...servers.map((s) => {
        const c = spread(s.samples.map((x) => x.cpuUs));
        return [
          s.name,
          `${fmt(c.median, 1)} (${fmt(c.min, 1)}–${fmt(c.max, 1)})`,
          fmt(med(s, 'rps')),
          fmt(med(s, 'p99')),
          s.samples.reduce((n, x) => n + x.non2xx, 0),
          `${fmt(med(base, 'cpuUs') / med(s, 'cpuUs'), 2)}×`,
        ];
      }),
    ]);
  } finally {
    await stopChild(loadGenerator);
    for (const s of servers.reverse()) await s.stop();
    for (const dir of [firstData, ...ownData]) if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
