// Engine instructions per assessment, counted by valgrind's callgrind: a machine-independent
// figure beside the engine section's CPU-second rates, which move by 1.5–2× between runs on a
// shared machine. Each workload of the engine bench (./lib/engine-worker.ts: every definition in
// force on its own tests' answer sets, and SDLT v1 beside the hand-written baseline) runs in
// `node --single-threaded` (no concurrent compiler or GC threads, so the count repeats to ~0.5 %)
// twice under callgrind, with the same warm-up and two numbers of measured assessments; the
// difference of the two counts divided by the difference of the numbers is the cost of one
// assessment, start-up and warm-up cancelled out. Slow (about a minute a workload, two at a time):
// `npm run bench -- --only instructions`, BENCH_INSTRUCTIONS_ONLY=cgt_assessment,sdlt_refund for some.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureValidators } from '../lib/ensure-validators';
import type { Workload } from './lib/engine-worker';
import { fmt, table } from './util';

/** Seconds of a workload's own pace (measured natively first): warm-up, then the two counts. */
const WARM_SECONDS = Number(process.env.BENCH_INSTRUCTIONS_WARM_SECONDS ?? 1);
const FEW_SECONDS = 0.25;
const MANY_SECONDS = 0.75;
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Instructions callgrind counted for the whole process (every thread), or an error. */
function count(mode: string, key: string, warm: number, measured: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'valgrind',
      [
        '--tool=callgrind',
        '--callgrind-out-file=/dev/null',
        '--smc-check=all-non-file',
        process.execPath,
        '--single-threaded',
        '--import',
        tsxLoader,
        here('./lib/engine-count.ts'),
        mode,
        key,
        String(warm),
        String(measured),
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const collected = /Collected : (\d+)/.exec(err);
      if (code !== 0 || !collected)
        reject(new Error(`${mode} ${key}: callgrind exited ${code}\n${err.slice(-2000)}`));
      else resolve(Number(collected[1]));
    });
  });
}

/** Assessments per second of the workload, natively (no callgrind): sizes the counted runs. */
function pace(mode: string, key: string): number {
  const res = spawnSync(
    process.execPath,
    ['--import', tsxLoader, here('./lib/engine-count.ts'), mode, key, '0', '0', '--pace'],
    { encoding: 'utf8' },
  );
  const perSecond = Number(/pace (\d+(?:\.\d+)?)/.exec(res.stdout)?.[1]);
  if (res.status !== 0 || !(perSecond > 0)) throw new Error(`${mode} ${key}: no pace\n${res.stderr}`);
  return perSecond;
}

/**
 * Instructions of one assessment: the same warm-up, then few or many assessments, each counted
 * whole; the difference divided by the difference in assessments. The runs are sized from the
 * workload's pace, so that the warm-up lets V8 optimise (in single-threaded mode it compiles on the
 * main thread, and a compile inside the counted part would be charged to a few hundred assessments).
 */
async function perAssessment(mode: string, key: string): Promise<{ instructions: number; counted: number }> {
  const rate = pace(mode, key);
  const warm = Math.ceil(rate * WARM_SECONDS);
  const few = Math.ceil(rate * FEW_SECONDS);
  const many = Math.ceil(rate * MANY_SECONDS);
  const [a, b] = await Promise.all([count(mode, key, warm, few), count(mode, key, warm, many)]);
  return { instructions: (b - a) / (many - few), counted: many - few };
}

export async function runInstructionsBench(): Promise<void> {
  if (spawnSync('valgrind', ['--version']).status !== 0) {
    console.log('valgrind not found: the instruction counts are skipped (Debian package valgrind)');
    return;
  }
  ensureValidators();
  const { prepareWorkloads } = await import('./lib/engine-worker');
  const only = process.env.BENCH_INSTRUCTIONS_ONLY?.split(',');
  const workloads = (await prepareWorkloads('engine')).workloads.filter(
    (w: Workload) => !only || only.some((id) => w.key.startsWith(`${id} `)),
  );
  const rows: (string | number)[][] = [
    [
      'definition',
      'answer sets',
      'instructions per assessment',
      'assessments counted',
      'engine / hand-written',
    ],
  ];
  const hand = workloads.some((w) => w.key === 'sdlt_refund v1')
    ? await perAssessment('hand', 'sdlt_refund v1')
    : undefined;
  for (const w of workloads) {
    const { instructions, counted } = await perAssessment('engine', w.key);
    rows.push([
      w.key,
      w.samples,
      fmt(instructions),
      fmt(counted),
      w.key === 'sdlt_refund v1' && hand
        ? `${fmt(instructions / hand.instructions, 1)}× (hand-written: ${fmt(hand.instructions)})`
        : '—',
    ]);
  }
  console.log(
    `instructions per assessment (callgrind, node --single-threaded; each workload warmed for ${WARM_SECONDS} s of its own pace, then the difference of ${MANY_SECONDS} s and ${FEW_SECONDS} s of assessments)`,
  );
  table(rows);
}

const invokedDirectly = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (invokedDirectly) await runInstructionsBench();
