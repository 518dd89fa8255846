// Engine bench child process: "engine" evaluates definitions through evaluateAssessment (the
// Engines of a definition version built once and reused, as the product does); "hand" runs the
// hand-written SDLT baseline. The parent asks for one timed run at a time, so the two alternate.
import { performance } from 'node:perf_hooks';
import { ensureValidators } from '../../lib/ensure-validators';
import { serveChild } from './child';

export interface Workload {
  key: string;
  /** Answer sets evaluated in turn. */
  samples: number;
}

export interface Rate {
  /** Evaluations per second of this process's CPU time (one core: fair on a busy machine). */
  cpu: number;
  /** Evaluations per wall-clock second. */
  wall: number;
}

type Run = (i: number) => unknown;

async function perSecond(seconds: number, fn: Run): Promise<Rate> {
  for (let i = 0; i < 200; i += 1) await fn(i); // warm
  const start = performance.now();
  const end = start + seconds * 1000;
  const cpuStart = process.cpuUsage();
  let n = 0;
  while (performance.now() < end) {
    for (let k = 0; k < 20; k += 1) await fn(n++);
  }
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return { wall: n / ((performance.now() - start) / 1000), cpu: cpuSeconds > 0 ? n / cpuSeconds : 0 };
}

/** The timed workloads of one mode: "engine" (every definition in force, and SDLT v1) or "hand". */
export async function prepareWorkloads(
  mode: string,
): Promise<{ runs: Map<string, Run>; workloads: Workload[] }> {
  ensureValidators();
  const { SDLT_AS_OF, SDLT_BASELINE_VERSION, sdltSamples } = await import('../sdlt-compare');
  const runs = new Map<string, Run>();
  const workloads: Workload[] = [];
  const sdlt = sdltSamples();
  if (mode === 'hand') {
    const { assessSdltHandwritten } = await import('../sdlt-handwritten');
    runs.set('sdlt_refund v1', (i) => assessSdltHandwritten(sdlt[i % sdlt.length]!, SDLT_AS_OF));
    workloads.push({ key: 'sdlt_refund v1', samples: sdlt.length });
    return { runs, workloads };
  }
  const { evaluateAssessment } = await import('../../../engine/src/index');
  const { loadAllDefinitions } = await import('../../lib/load-all-definitions');
  const all = loadAllDefinitions();
  const add = (
    key: string,
    definition: (typeof all.definitions)[number]['definition'],
    samples: { answers: Record<string, unknown>; asOf?: string }[],
  ) => {
    if (samples.length === 0) return;
    runs.set(key, (i) => {
      const s = samples[i % samples.length]!;
      return evaluateAssessment({ definition, answers: s.answers, ...(s.asOf ? { asOf: s.asOf } : {}) });
    });
    workloads.push({ key, samples: samples.length });
  };
  const v1 = all.definitions.find(
    (d) => d.definition.id === 'sdlt_refund' && d.definition.version === SDLT_BASELINE_VERSION,
  );
  if (v1)
    add(
      'sdlt_refund v1',
      v1.definition,
      sdlt.map((answers) => ({ answers, asOf: SDLT_AS_OF })),
    );
  // Every service's newest published version in force, on the answer sets of its own tests.
  const ids = [...new Set(all.definitions.map((d) => d.definition.id))].filter(
    (id) => id !== 'default_template',
  );
  for (const id of ids.sort()) {
    const definition = all.registry.resolve(id);
    if (definition.id !== id) continue;
    const tests = (definition.tests ?? []) as { answers?: Record<string, unknown>; asOf?: string }[];
    add(
      `${id} v${definition.version}`,
      definition,
      tests
        .filter((t) => t.answers)
        .map((t) => ({ answers: t.answers!, ...(t.asOf ? { asOf: t.asOf } : {}) })),
    );
  }
  return { runs, workloads };
}

if (process.send) {
  let state: Awaited<ReturnType<typeof prepareWorkloads>> | undefined;
  serveChild(
    async () => {
      state = await prepareWorkloads(process.argv[2] ?? 'engine');
      return state.workloads;
    },
    async (m) => {
      const run = state?.runs.get(m.key as string);
      if (!run) throw new Error(`no workload ${String(m.key)}`);
      return perSecond(m.seconds as number, run);
    },
  );
}
