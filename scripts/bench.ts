// `npm run bench`: every benchmark of the product, each printed beside a baseline measured in the
// same run (ratios, never absolute pass/fail). Sections: engine, api, attack, adapters, web,
// assessment, replay; and instructions (callgrind's count of the engine's instructions per
// assessment), only when named; and cluster (two instances behind nginx on PostgreSQL), only when named.
// Usage: npm run bench [-- --only engine,api,attack,adapters,web,assessment,replay,instructions,cluster]
// (BENCH_REPLAY_COUNT=1000 for a quick replay; BENCH_ROUTES=health for the API bench's health figure
// only, BENCH_ROUNDS / BENCH_DURATION for fewer or shorter rounds)
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const onlyIdx = process.argv.indexOf('--only');
const only = onlyIdx > 0 ? new Set((process.argv[onlyIdx + 1] ?? '').split(',')) : null;

interface Section {
  name: string;
  module: string;
  fn: string;
  needsBuild: boolean;
  needsBrowser?: boolean;
  /** Run only when named in --only (slow, or for a machine with a tool the others do not need). */
  onlyWhenNamed?: boolean;
}

const sections: Section[] = [
  { name: 'engine', module: './bench/engine.ts', fn: 'runEngineBench', needsBuild: false },
  { name: 'api', module: './bench/api.ts', fn: 'runApiBench', needsBuild: true },
  { name: 'attack', module: './bench/attack.ts', fn: 'runAttackBench', needsBuild: true },
  { name: 'adapters', module: './bench/adapters.ts', fn: 'runAdapterBench', needsBuild: false },
  { name: 'web', module: './bench/web.ts', fn: 'runWebBench', needsBuild: true, needsBrowser: true },
  {
    name: 'assessment',
    module: './bench/assessment.ts',
    fn: 'runAssessmentBench',
    needsBuild: true,
    needsBrowser: true,
  },
  { name: 'replay', module: './bench/replay.ts', fn: 'runReplayBench', needsBuild: true },
  // two instances on PostgreSQL behind nginx (installed from Debian's packages when missing): ~2 minutes
  {
    name: 'cluster',
    module: './bench/cluster.ts',
    fn: 'runClusterBench',
    needsBuild: true,
    onlyWhenNamed: true,
  },
  // callgrind's count of the engine's instructions per assessment: ~20 minutes
  {
    name: 'instructions',
    module: './bench/instructions.ts',
    fn: 'runInstructionsBench',
    needsBuild: false,
    onlyWhenNamed: true,
  },
];
const selected = sections.filter((s) => (only ? only.has(s.name) : s.onlyWhenNamed !== true));

if (selected.some((s) => s.needsBuild)) {
  const res = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
// the browser sections drive Debian's Chromium, installed as `npm test` installs it
if (selected.some((s) => s.needsBrowser) && !ensureChromium()) {
  console.error('bench: Chromium could not be installed; the web and assessment sections need it');
  process.exit(1);
}

let failed = false;
for (const s of selected) {
  console.log(`\n━━━ bench: ${s.name} ━━━`);
  try {
    const mod = (await import(s.module)) as Record<string, () => Promise<void>>;
    const fn = mod[s.fn];
    if (typeof fn !== 'function') throw new Error(`${s.module} does not export ${s.fn}`);
    await fn();
  } catch (err) {
    failed = true;
    console.error(`bench ${s.name} failed:`, err instanceof Error ? err.message : err);
  }
}
process.exit(failed ? 1 : 0);
