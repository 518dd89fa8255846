// Engine benchmark: full assessments per CPU second through evaluateAssessment for every service's
// definition in force (on the answer sets of its own tests), and for sdlt_refund v1 beside the
// hand-written TypeScript baseline (./sdlt-handwritten.ts: same outputs, reasons and rule trace,
// checked equal first, and by tests/parity/sdlt-handwritten.test.ts). The engine and the baseline
// run in two child processes, one timed run at a time, interleaved; figures are median (min–max)
// of BENCH_ENGINE_ROUNDS rounds. `npm run bench -- --only engine`, or run this file directly.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureValidators } from '../lib/ensure-validators';
import { ask, startChild, stopChild, type Child } from './lib/child';
import type { Rate, Workload } from './lib/engine-worker';
import { machineLoad, showRatio, showSpread, spread } from './lib/stats';
import { fmt, table } from './util';

const ROUNDS = Number(process.env.BENCH_ENGINE_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_ENGINE_SECONDS ?? 1);
const TARGET_PER_SECOND = 5000;

async function checkBaselineAgrees(): Promise<void> {
  const { readFileSync } = await import('node:fs');
  const { evaluateAssessment, loadDefinition } = await import('../../engine/src/index');
  const { assessSdltHandwritten } = await import('./sdlt-handwritten');
  const { SDLT_AS_OF, SDLT_BASELINE_VERSION, fromEngine, fromHandwritten, sdltSamples } =
    await import('./sdlt-compare');
  const file = new URL(
    `../../definitions/assessments/sdlt_refund/v${SDLT_BASELINE_VERSION}.json`,
    import.meta.url,
  );
  const definition = loadDefinition(JSON.parse(readFileSync(file, 'utf8')) as never);
  for (const answers of sdltSamples()) {
    const a = JSON.stringify(fromEngine(await evaluateAssessment({ definition, answers, asOf: SDLT_AS_OF })));
    const b = JSON.stringify(fromHandwritten(assessSdltHandwritten(answers, SDLT_AS_OF)));
    if (a !== b)
      throw new Error(
        `the hand-written SDLT baseline disagrees with the engine for ${JSON.stringify(answers)}`,
      );
  }
}

export async function runEngineBench(): Promise<void> {
  ensureValidators(); // the benchmark runs on the engine's sources: no build needed
  await checkBaselineAgrees();
  const here = fileURLToPath(new URL('./lib/engine-worker.ts', import.meta.url));
  let engine: Child | undefined;
  let hand: Child | undefined;
  try {
    engine = await startChild(here, ['engine']);
    hand = await startChild(here, ['hand']);
    const workloads = engine.ready as Workload[];
    const rates = new Map<string, Rate[]>(workloads.map((w) => [w.key, []]));
    const handRates: Rate[] = [];
    const loadBefore = machineLoad();
    for (let round = 0; round < ROUNDS; round++) {
      for (const w of workloads) {
        if (w.key === 'sdlt_refund v1' && round % 2 === 1)
          handRates.push(await ask<Rate>(hand, { key: w.key, seconds: SECONDS }));
        rates.get(w.key)!.push(await ask<Rate>(engine, { key: w.key, seconds: SECONDS }));
        if (w.key === 'sdlt_refund v1' && round % 2 === 0)
          handRates.push(await ask<Rate>(hand, { key: w.key, seconds: SECONDS }));
      }
    }
    console.log(
      `full assessments per CPU second, ${ROUNDS} interleaved rounds of ${SECONDS} s; engine and baseline each in its own process`,
    );
    console.log(`machine: ${loadBefore} before, ${machineLoad()} after`);
    const cpu = (rs: Rate[]) => rs.map((r) => r.cpu);
    const rows: (string | number)[][] = [
      [
        'definition',
        'answer sets',
        'per CPU second',
        'per wall second',
        'hand-written',
        'engine / hand-written',
        `≥ ${fmt(TARGET_PER_SECOND)}`,
      ],
    ];
    let allMet = true;
    for (const w of workloads) {
      const rs = rates.get(w.key)!;
      const median = spread(cpu(rs)).median;
      allMet &&= median >= TARGET_PER_SECOND;
      const isSdltV1 = w.key === 'sdlt_refund v1';
      rows.push([
        w.key,
        w.samples,
        showSpread(spread(cpu(rs))),
        showSpread(spread(rs.map((r) => r.wall))),
        isSdltV1 ? showSpread(spread(cpu(handRates))) : '—',
        isSdltV1 ? showRatio(cpu(rs), cpu(handRates)) : '—',
        median >= TARGET_PER_SECOND ? 'met' : 'NOT met',
      ]);
    }
    table(rows);
    console.log(
      `target ≥ ${fmt(TARGET_PER_SECOND)} full assessments per CPU second for every definition: ${allMet ? 'met' : 'NOT met'}`,
    );
  } finally {
    await stopChild(engine);
    await stopChild(hand);
  }
}

const invokedDirectly =
  process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) await runEngineBench();
