// Engine benchmark (run by scripts/bench/engine.ts): full SDLT assessments per second through evaluateAssessment (Engines built
// once per definition version and reused) beside a hand-written TypeScript function of the same
// rules, measured in the same run; Engines built per call; time to validate and load every definition.
import { relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  evaluateAssessment,
  loadDefinition,
  loadParameterSet,
  type LoadedDefinition,
} from '../../engine/src/index';
import { readDefinitionsFromDisk } from '@reclaim/definitions';
import { loadAllDefinitions } from './load-all-definitions';
import { assessSdltHandwritten, type SdltAnswers } from '../bench/sdlt-handwritten';
import { fmt, ratio, table } from '../bench/util';

const AS_OF = '2025-06-01';
const TARGET_PER_SECOND = 5000;

/** Deterministic spread of SDLT answers covering every band, flag and approach branch. */
export function sdltSamples(count = 64): SdltAnswers[] {
  const types = ['Residential', 'Mixed-Use', 'Commercial', 'Land Only'];
  const dates = ['2025-05-01', '2024-08-15', '2024-06-01', '2023-01-10', '2021-07-01', '2019-02-01'];
  const prices = [180000, 260000, 499000, 750000, 2500000];
  const out: SdltAnswers[] = [];
  for (let i = 0; i < count; i += 1) {
    out.push({
      propertyTypeSDR: types[i % types.length],
      purchaseDateSDR: dates[i % dates.length],
      purchasePriceSDR: prices[i % prices.length],
      multipleDwellingsSDR: i % 3 === 0,
      hasAnnexeSDR: i % 4 === 1,
      partialBusinessUseSDR: i % 5 === 2,
      linkedTransactionsSDR: i % 6 === 3,
      multipleOwnersSDR: i % 2 === 0,
    });
  }
  return out;
}

interface Rate {
  /** Iterations per wall-clock second. */
  wall: number;
  /** Iterations per second of this process's CPU time: the one-core rate, fair on a busy machine. */
  cpu: number;
}

async function perSecond(seconds: number, fn: (i: number) => unknown): Promise<Rate> {
  // warm up, then count whole iterations for `seconds`
  for (let i = 0; i < 200; i += 1) await fn(i);
  const end = performance.now() + seconds * 1000;
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  let n = 0;
  while (performance.now() < end) {
    for (let k = 0; k < 50; k += 1) {
      await fn(n);
      n += 1;
    }
  }
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return { wall: n / ((performance.now() - start) / 1000), cpu: cpuSeconds > 0 ? n / cpuSeconds : 0 };
}

async function checkAgreement(definition: LoadedDefinition, samples: SdltAnswers[]): Promise<void> {
  for (const answers of samples) {
    const engine = await evaluateAssessment({ definition, answers, asOf: AS_OF });
    const hand = assessSdltHandwritten(answers, AS_OF);
    const a = JSON.stringify([
      engine.eligibility.score,
      engine.eligibility.likelihood,
      engine.complexity.complexityScore,
      engine.complexity.serviceApproach,
      engine.value.estimates,
      engine.resultFields,
    ]);
    const b = JSON.stringify([
      hand.score,
      hand.likelihood,
      hand.complexityScore,
      hand.serviceApproach,
      hand.estimates,
      hand.resultFields,
    ]);
    if (a !== b)
      throw new Error(
        `hand-written SDLT baseline disagrees with the definition for ${JSON.stringify(answers)}:\n engine ${a}\n hand   ${b}`,
      );
  }
}

export async function runEngineBenchLoaded(options: { seconds?: number } = {}): Promise<void> {
  const seconds = options.seconds ?? 2;
  const all = loadAllDefinitions();
  const sdlt = all.registry.resolve('sdlt_refund');
  if (sdlt.id !== 'sdlt_refund') throw new Error('definitions/assessments/sdlt_refund is missing');
  const samples = sdltSamples();
  await checkAgreement(sdlt, samples);
  const pick = (i: number): SdltAnswers => samples[i % samples.length] ?? {};

  const engineOnce = await perSecond(seconds, (i) =>
    evaluateAssessment({ definition: sdlt, answers: pick(i), asOf: AS_OF }),
  );
  const enginePerCall = await perSecond(seconds, (i) =>
    evaluateAssessment({ definition: sdlt, answers: pick(i), asOf: AS_OF, buildEnginesPerCall: true }),
  );
  const hand = await perSecond(seconds, (i) => assessSdltHandwritten(pick(i), AS_OF));

  // validate + load every definition and parameter file (files already read from disk)
  const disk = readDefinitionsFromDisk();
  const loadAll = (): number => {
    const sets = Object.values(disk.parameterSets).map((json) => loadParameterSet(json));
    for (const { json } of disk.assessments) loadDefinition(json, { parameterSets: sets });
    return disk.assessments.length + sets.length;
  };
  const files = loadAll();
  const loadRuns = 20;
  const t0 = performance.now();
  for (let i = 0; i < loadRuns; i += 1) loadAll();
  const loadMs = (performance.now() - t0) / loadRuns;

  console.log(
    `SDLT assessments (${samples.length} answer sets, asOf ${AS_OF}, one process, ${seconds}s each):`,
  );
  table([
    ['measure', 'per second (wall)', 'per CPU second', 'vs hand-written'],
    [
      'engine, Engines built once (reused)',
      fmt(engineOnce.wall),
      fmt(engineOnce.cpu),
      ratio(engineOnce.cpu, hand.cpu),
    ],
    [
      'engine, Engines built per call',
      fmt(enginePerCall.wall),
      fmt(enginePerCall.cpu),
      ratio(enginePerCall.cpu, hand.cpu),
    ],
    ['hand-written TypeScript (baseline)', fmt(hand.wall), fmt(hand.cpu), '1.00×'],
  ]);
  console.log(`built once vs per call: ${ratio(engineOnce.cpu, enginePerCall.cpu)}`);
  console.log(`validate + load every definition (${files} files): ${fmt(loadMs, 2)} ms`);

  // and each file on its own (parameter sets first: definitions need them)
  const perFile: string[][] = [['file', 'validate + load (ms)']];
  const timeMs = (fn: () => unknown): number => {
    fn(); // warm
    const start = performance.now();
    for (let i = 0; i < loadRuns; i += 1) fn();
    return (performance.now() - start) / loadRuns;
  };
  const sets = Object.entries(disk.parameterSets).map(([name, json]) => {
    perFile.push([
      `parameters/${name}.json`,
      fmt(
        timeMs(() => loadParameterSet(json)),
        3,
      ),
    ]);
    return loadParameterSet(json);
  });
  for (const { file, json } of disk.assessments) {
    perFile.push([
      relative(disk.root, file),
      fmt(
        timeMs(() => loadDefinition(json, { parameterSets: sets })),
        3,
      ),
    ]);
  }
  table(perFile);
  console.log(
    `target ≥ ${fmt(TARGET_PER_SECOND)} full assessments/s on one core: ${engineOnce.cpu >= TARGET_PER_SECOND ? 'met' : 'NOT met'} (${fmt(engineOnce.cpu)} per CPU second, ${fmt(engineOnce.wall)} per wall second)`,
  );
}
