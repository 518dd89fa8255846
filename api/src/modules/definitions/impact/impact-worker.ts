// A worker thread of an impact run (piscina): loads the draft once (workerData), then evaluates
// batches of stored answers. It lowers its own scheduling priority (on Linux the nice value is per
// thread), so the API's event loop wins the CPU whenever both want it.
import { setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';
import {
  evaluateAssessment,
  loadDefinition,
  type LoadedDefinition,
  type ParameterSet,
} from '@reclaim/engine';
import { flattenAnswers } from '../../assessments/validate-answers';

export interface ImpactWorkerData {
  definition: unknown;
  parameterSets: ParameterSet[];
}

/** One stored assessment: its answers as stored (JSON text) and the date it was evaluated on. */
export interface ImpactTaskItem {
  answers: string;
  asOf: string;
}

/** The replayed outcome, or why the draft could not evaluate it. */
export type ImpactOutcome = { likelihood: string; approach: string; value: number } | { error: string };

try {
  setPriority(19);
} catch {
  // not allowed here (some containers): the worker still runs, only less politely
}

const data = workerData as ImpactWorkerData;
const definition: LoadedDefinition = loadDefinition(data.definition, { parameterSets: data.parameterSets });

async function replay(item: ImpactTaskItem): Promise<ImpactOutcome> {
  try {
    const answers = flattenAnswers(JSON.parse(item.answers) as Record<string, unknown>);
    const r = await evaluateAssessment({ definition, answers, asOf: item.asOf });
    return {
      likelihood: String(r.eligibility?.likelihood ?? ''),
      approach: String(r.complexity?.serviceApproach ?? ''),
      value: Number(r.value?.estimates?.median ?? 0),
    };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

export default async function evaluateBatch(items: ImpactTaskItem[]): Promise<ImpactOutcome[]> {
  const out: ImpactOutcome[] = [];
  for (const item of items) out.push(await replay(item));
  return out;
}
