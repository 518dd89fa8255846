// Profiles one instance of the built product under the cluster bench's mix (no nginx), on a
// temporary PostgreSQL database: `npx tsx scripts/bench/cluster-profile.ts [seconds]`. Prints the
// instance's CPU per answer (main thread and other threads) and its CPU when idle; with
// CLUSTER_PROFILE_DIR set, the instance loads lib/profile-hook.cjs (or CLUSTER_PROFILE_HOOK) and
// the measured run is profiled (SIGWINCH before and after) into that directory.
import { fileURLToPath } from 'node:url';
import { ask, startChild, stopChild, type Child } from './lib/child';
import { createMixFixture, createTempDatabase, freePort, Instance } from './lib/cluster';
import type { MixResult } from './lib/mix-load';
import { DEFAULT_PG } from './cluster';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { machineLoad } from './lib/stats';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

function threads(pid: number): Map<string, { name: string; ms: number }> {
  const out = new Map<string, { name: string; ms: number }>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/\d+$/, '');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(tid, { name, ms: ((Number(f[11]) + Number(f[12])) * 1000) / 100 });
    } catch {
      /* gone */
    }
  }
  return out;
}

async function main() {
  const seconds = Number(process.argv[2] ?? 10);
  const connections = Number(process.env.BENCH_CLUSTER_CONNECTIONS ?? 200);
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_PG;
  const db = await createTempDatabase(serverUrl);
  const profDir = process.env.CLUSTER_PROFILE_DIR;
  const instance = new Instance(await freePort(), {
    NODE_ENV: 'production',
    DATABASE_URL: db.url,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'reclaim-prof-')),
    TRUSTED_PROXIES: '127.0.0.1',
    PUBLIC_URL: 'http://127.0.0.1',
    ADMIN_EMAIL: 'admin.cluster@reclaim.example',
    ADMIN_PASSWORD: 'Cluster-admin-Passphrase-2026',
    LOG_LEVEL: 'warn',
    JWT_ACCESS_SECRET: randomBytes(48).toString('base64'),
    JWT_REFRESH_SECRET: randomBytes(48).toString('base64'),
    ...(profDir
      ? {
          NODE_OPTIONS: `--require ${process.env.CLUSTER_PROFILE_HOOK ?? here('./lib/profile-hook.cjs')}`,
          CLUSTER_PROFILE_DIR: profDir,
        }
      : {}),
  });
  let load: Child | undefined;
  try {
    await instance.start();
    const fixture = await createMixFixture(instance.url, 20, Math.ceil(connections / 20) * 4);
    load = await startChild(here('./lib/mix-load.ts'));
    const idle0 = instance.cpuMs();
    await new Promise((resolve) => setTimeout(resolve, 5000));
    console.log(`idle: ${((instance.cpuMs() - idle0) / 5).toFixed(1)} ms of CPU per second`);
    const job = (d: number) => ({
      url: instance.url,
      connections,
      duration: d,
      warmup: 0,
      users: fixture.users,
      assessments: fixture.assessments,
    });
    // warm-up run, then the measured one
    let r = await ask<MixResult>(load, { job: job(2) });
    fixture.assessments = r.clean;
    const statuses = new Map<string, number>();
    for (const f of r.failures)
      statuses.set(`${f.kind} ${f.status}`, (statuses.get(`${f.kind} ${f.status}`) ?? 0) + 1);
    console.log('warm-up:', r.total, 'answers; failures', JSON.stringify([...statuses]));
    const loadBefore = machineLoad();
    const threadsBefore = threads(instance.pid!);
    if (profDir) process.kill(instance.pid!, 'SIGWINCH');
    const before = instance.cpuMs();
    r = await ask<MixResult>(load, { job: job(seconds) });
    const cpu = instance.cpuMs() - before;
    if (profDir) process.kill(instance.pid!, 'SIGWINCH');
    const threadsAfter = threads(instance.pid!);
    const st2 = new Map<string, number>();
    for (const f of r.failures) st2.set(`${f.kind} ${f.status}`, (st2.get(`${f.kind} ${f.status}`) ?? 0) + 1);
    console.log('measured failures', JSON.stringify([...st2]));
    const byName = new Map<string, number>();
    for (const [tid, t] of threadsAfter) {
      const d = t.ms - (threadsBefore.get(tid)?.ms ?? 0);
      const name = tid === String(instance.pid) ? 'main' : t.name;
      byName.set(name, (byName.get(name) ?? 0) + d);
    }
    console.log(
      'threads, CPU µs per answer: ' +
        [...byName].map(([n, ms]) => `${n} ${((ms * 1000) / r.total).toFixed(0)}`).join(', '),
    );
    console.log(
      `load ${loadBefore} → ${machineLoad()}; ${r.total} answers, ${r.rps.toFixed(0)} req/s, p99 ${r.p99.toFixed(0)} ms (sign-in ${r.kinds.login.p99.toFixed(0)}, read ${r.kinds.read.p99.toFixed(0)}, save ${r.kinds.save.p99.toFixed(0)}); failures ${r.failures.length}; instance CPU ${((cpu * 1000) / r.total).toFixed(0)} µs/answer`,
    );
  } finally {
    await stopChild(load);
    await instance.terminate();
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
