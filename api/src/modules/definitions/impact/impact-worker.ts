// A worker thread of an impact run (piscina). It lowers its own scheduling priority first
// (impact-priority.ts), so the API's event loop wins the CPU whenever both want it. It
// loads the draft once (workerData); a task opens its own database connection (impact-store.ts). A
// task is a range of assessment ids, which the worker reads in keyset pages, replays, and writes
// back page by page (rows and the run's counters in the same transactions). The main thread only hands
// out ranges and gets counts back: no assessment, answer or row crosses to it.
import './impact-priority';
import { workerData } from 'node:worker_threads';
import {
  type AssessmentOutcome,
  evaluateOutcome,
  loadDefinition,
  type LoadedDefinition,
  type ParameterSet,
} from '@reclaim/engine';
import { flattenAnswers } from '../../assessments/validate-answers';
import { outcomeChanges } from './impact-changes';
import {
  type IdRange,
  type ImpactDatabase,
  type ImpactStore,
  openImpactStore,
  type ReplayedRow,
  type StoredRow,
} from './impact-store';

export interface ImpactWorkerData {
  definition: unknown;
  parameterSets: ParameterSet[];
  database: ImpactDatabase;
  runId: string;
  definitionId: string;
  /**
   * Issue 29 item 3 (a parameter run): the published parameter sets. Each assessment is then
   * replayed with these (A, the "before") as well as with `parameterSets` (B), instead of A being
   * the outcome stored at submission: what differs is the parameter change alone.
   */
  baselineParameterSets?: ParameterSet[];
  /** The date replayed for an assessment stored without one. */
  today: string;
  /** Assessments read (and written) per page. */
  pageSize: number;
}

export type ImpactTask = { kind: 'prepare' } | ({ kind: 'range' } & IdRange);

/** 'prepare': the assessments to replay. */
export interface ImpactPrepared {
  total: number;
}

/** 'range': what was replayed; stopped when the run was no longer running (cancelled anywhere). */
export interface ImpactRangeDone {
  checked: number;
  changed: number;
  stopped: boolean;
}

/** The replayed outcome, or why the draft could not evaluate it. */
type Outcome = AssessmentOutcome | { error: string };

const data = workerData as ImpactWorkerData;
const definition: LoadedDefinition = loadDefinition(data.definition, { parameterSets: data.parameterSets });
const baseline: LoadedDefinition | null = data.baselineParameterSets
  ? loadDefinition(data.definition, { parameterSets: data.baselineParameterSets })
  : null;

async function replay(answersText: string, asOf: string, with_ = definition): Promise<Outcome> {
  try {
    const answers = flattenAnswers(JSON.parse(answersText) as Record<string, unknown>);
    // the outcome only: the recommendation and result fields decide none of what is compared
    return await evaluateOutcome({ definition: with_, answers, asOf });
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

/** One impact_run_row: the stored outcome beside the replayed one, and what changed. */
export function compare(r: StoredRow, after: Outcome): ReplayedRow {
  const ok = !('error' in after);
  return {
    assessment_id: r.id,
    client_name: (r.client_name ?? '').slice(0, 300) || null,
    claim_reference: r.reference,
    before_likelihood: r.before_likelihood,
    after_likelihood: ok ? after.likelihood : null,
    before_approach: r.before_approach,
    after_approach: ok ? after.serviceApproach : null,
    before_value: r.before_value,
    after_value: ok ? after.valueMedian : null,
    changes: outcomeChanges(
      { likelihood: r.before_likelihood, serviceApproach: r.before_approach, valueMedian: r.before_value },
      ok ? after : null,
    ),
  };
}

/** A parameter run's "before": the stored row with the outcome replayed with the published parameters. */
function asStored(r: StoredRow, outcome: Outcome): StoredRow {
  const ok = !('error' in outcome);
  return {
    ...r,
    before_likelihood: ok ? outcome.likelihood : null,
    before_approach: ok ? outcome.serviceApproach : null,
    before_value: ok ? outcome.valueMedian : null,
  };
}

async function replayRange(db: ImpactStore, range: IdRange): Promise<ImpactRangeDone> {
  const done: ImpactRangeDone = { checked: 0, changed: 0, stopped: false };
  let after: string | null = null;
  for (;;) {
    const page = await db.page(data.definitionId, range, after, data.pageSize);
    if (page.length === 0) return done;
    after = page[page.length - 1]!.id;
    const rows: ReplayedRow[] = [];
    for (const stored of page) {
      const asOf = stored.as_of ?? data.today;
      const before = baseline ? await replay(stored.answers, asOf, baseline) : null;
      rows.push(compare(before ? asStored(stored, before) : stored, await replay(stored.answers, asOf)));
    }
    const written = await db.write(data.runId, rows);
    done.checked += written.checked;
    done.changed += written.changed;
    if (written.stopped) return { ...done, stopped: true };
    if (page.length < data.pageSize) return done;
  }
}

export default async function impactTask(task: ImpactTask): Promise<ImpactPrepared | ImpactRangeDone> {
  // A connection per task (a range is thousands of assessments; opening one is a millisecond or
  // two), closed when the task ends: none is left open when the pool's threads are terminated.
  const db = await openImpactStore(data.database);
  try {
    if (task.kind === 'prepare') return { total: await db.prepare(data.runId, data.definitionId) };
    return await replayRange(db, task);
  } finally {
    await db.close();
  }
}
