import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/knex';
import {
  BadRequestException,
  Injectable,
  Logger,
  NotFoundException,
  type OnModuleInit,
} from '@nestjs/common';
import type { ParameterSet } from '@reclaim/engine';
import { Piscina } from 'piscina';
import { AppConfig } from '../../../config/config';
import { definitionsDir } from '../../../database/seeders/definitions-source';
import { errorText, type JobContext, JobQueue } from '../../jobs/job-queue';
import { User } from '../../users/user.entity';
import { AdviserService } from '../adviser.service';
import { DefinitionVersion, ParameterSetDraft } from '../definition-version.entity';
import { DefinitionsService } from '../definitions.service';
import type { ImpactChangedFilter } from './impact.dto';
import type { ImpactPrepared, ImpactRangeDone, ImpactTask, ImpactWorkerData } from './impact-worker';
import type { IdRange } from './impact-store';
import { CHANGED, ImpactRun, type ImpactRunState } from './impact-run.entity';

export const IMPACT_QUEUE = 'impact-run';
/** Assessments a worker reads, replays and writes per keyset page (one write transaction). */
const PAGE = 250;
/** About this many assessments per id range handed to a worker (more ranges balance the end). */
const RANGE = 2000;
const MAX_RANGES = 4096;
/** Worker threads: the cores, at most 4 (they run at the lowest priority; see impact-worker.ts). */
const THREADS = Math.max(1, Math.min(4, availableParallelism()));

// The worker runs as compiled JavaScript in production and from its TypeScript source under Vitest.
const WORKER_FILE = __filename.endsWith('.ts')
  ? join(__dirname, 'impact-worker.ts')
  : join(__dirname, 'impact-worker.js');
const WORKER_EXEC_ARGV = WORKER_FILE.endsWith('.ts') ? ['--require', 'tsx/cjs'] : [];

interface Person {
  id: string;
  name: string;
}

export interface ImpactRunView {
  run_id: string;
  definition_id: string;
  draft_version: number;
  /** Set for a run of a parameter draft (a rate change): the set whose draft was replayed. */
  parameter_set_id: string | null;
  checksum: string;
  state: ImpactRunState;
  percent: number;
  total: number | null;
  checked: number;
  changed_count: number;
  started_by: Person | null;
  created_at: string;
  finished_at: string | null;
  error: string | null;
}

interface Outcome {
  likelihood: string | null;
  approach: string | null;
  value: number | null;
}

export interface ImpactRowView {
  assessment_id: string;
  client_name: string | null;
  claim_reference: string | null;
  before: Outcome;
  after: Outcome;
  changes: ('likelihood' | 'approach' | 'value')[];
}

export interface ImpactResultsQuery {
  changed?: ImpactChangedFilter;
  likelihood_before?: string;
  likelihood_after?: string;
  q?: string;
  page?: number;
  page_size?: number;
}

interface Pair {
  a: string | null;
  b: string | null;
  n: number;
}

export interface AbRow {
  /** The likelihood, value band or approach (null: none, e.g. the draft could not evaluate it). */
  value: string | null;
  a: number;
  b: number;
}

export interface ImpactSummaryView {
  run_id: string;
  kind: 'definition' | 'parameters';
  a_label: string;
  b_label: string;
  checked: number;
  changed: { any: number; likelihood: number; value_band: number; approach: number };
  measures: { measure: 'likelihood' | 'value_band' | 'approach'; label: string; rows: AbRow[] }[];
  largest_value_changes: (ImpactRowView & { value_change: number })[];
}

/**
 * Value bands of the impact summary (a reporting choice of the studio, not a rule of any
 * assessment), from definitions/workbench/impact-value-bands.json, read once: the median value in
 * whole pounds, lower bound inclusive; the first band holds no value. An unreadable file gives
 * one band ("Any value"): the summary still counts changes of likelihood and approach.
 */
let bands: { label: string; from: number }[] | null = null;
export function valueBands(): { label: string; from: number }[] {
  if (bands) return bands;
  let read: { label: string; from: number }[] = [];
  try {
    const json = JSON.parse(
      readFileSync(join(definitionsDir(), 'workbench', 'impact-value-bands.json'), 'utf8'),
    ) as { bands?: unknown };
    const list = Array.isArray(json.bands) ? (json.bands as { label?: unknown; from?: unknown }[]) : [];
    read = list.flatMap((b, i) =>
      typeof b.label === 'string' && (i === 0 || (typeof b.from === 'number' && Number.isFinite(b.from)))
        ? [{ label: b.label, from: i === 0 ? -Infinity : (b.from as number) }]
        : [],
    );
  } catch {
    read = [];
  }
  bands = read.length > 0 ? read : [{ label: 'Any value', from: -Infinity }];
  return bands;
}

/** The band index of a value column, in SQL (null and not above zero: band 0). */
function bandSql(column: 'before_value' | 'after_value'): string {
  const cases = valueBands()
    .slice(1)
    .map((b, i) => ({ i: i + 1, from: b.from }))
    .reverse()
    .map(({ i, from }) => `when ${column} >= ${from} then ${i}`)
    .join(' ');
  return `(case ${cases} else 0 end)`;
}

/** Counts under A and B per value, from the (before, after) pairs; `order` first, then by A's count. */
function abTable(pairs: Pair[], order: string[] = []): AbRow[] {
  const by = new Map<string | null, AbRow>();
  const row = (value: string | null) => {
    let r = by.get(value);
    if (!r) by.set(value, (r = { value, a: 0, b: 0 }));
    return r;
  };
  for (const p of pairs) {
    row(p.a).a += p.n;
    row(p.b).b += p.n;
  }
  const rank = (v: string | null) => {
    const i = v === null ? -1 : order.length ? Number(v) : -1;
    return i >= 0 ? i : Number.MAX_SAFE_INTEGER;
  };
  return [...by.values()].sort(
    (x, y) =>
      rank(x.value) - rank(y.value) ||
      (x.value === null ? 1 : 0) - (y.value === null ? 1 : 0) ||
      y.a - x.a ||
      y.b - x.b ||
      String(x.value).localeCompare(String(y.value)),
  );
}

type Knex = ReturnType<SqlEntityManager['getKnex']>;

const CSV_HEADER = [
  'Client',
  'Claim reference',
  'Assessment',
  'Likelihood before',
  'Likelihood after',
  'Approach before',
  'Approach after',
  'Value before',
  'Value after',
];

/**
 * One CSV cell: a formula-looking text is prefixed with ' (CSV injection), then quoted if needed.
 * A number is written as it is (a negative change stays a number in a spreadsheet).
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function changesOf(bits: number): ImpactRowView['changes'] {
  const out: ImpactRowView['changes'] = [];
  if (bits & CHANGED.likelihood) out.push('likelihood');
  if (bits & CHANGED.approach) out.push('approach');
  if (bits & CHANGED.value) out.push('value');
  return out;
}

/**
 * `count` ranges of assessment ids that together hold every id: split on the first 32 bits of
 * the (random) UUIDs, the first range open below and the last open above, so any id falls in
 * exactly one whatever its form.
 */
export function idRanges(count: number): IdRange[] {
  const n = Math.max(1, Math.floor(count));
  const bound = (k: number) =>
    `${Math.floor((k * 2 ** 32) / n)
      .toString(16)
      .padStart(8, '0')}-0000-0000-0000-000000000000`;
  return Array.from({ length: n }, (_, k) => ({
    from: k === 0 ? null : bound(k),
    to: k === n - 1 ? null : bound(k + 1),
  }));
}

/** Whether a definition's JSON names the parameter set in its `parameters`. */
function readsSet(json: Record<string, unknown>, setId: string): boolean {
  const refs = (json.parameters as { set?: unknown }[] | undefined) ?? [];
  return refs.some((p) => p.set === setId);
}

function numberOrNull(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/**
 * Issue 9 point 5 / issue 13 point 4: an impact run replays every stored (evaluated) assessment of
 * a definition against a draft, as a background job (JobQueue), in worker threads (piscina, at the
 * lowest CPU priority). The API's main thread only hands the workers ranges of assessment ids and
 * adds up the counts they send back: each worker reads its range over its own database connection
 * in keyset pages of id, answers, date and the three stored outcome values (never the full stored
 * results), and writes one row per assessment together with the run's counters (impact-store.ts).
 * The run row carries state and progress, so any instance answers for it; cancel stops the workers
 * (a cancel on another instance at the worker's next page, which finds the run no longer running).
 */
@Injectable()
export class ImpactRunsService implements OnModuleInit {
  private readonly logger = new Logger('ImpactRuns');
  /**
   * Tests only: smaller pages, how many id ranges, a wait after each range is done before the
   * next is handed out (a test holds a run mid-way), and a call once the job has stopped its workers.
   */
  hooks: {
    pageSize?: number;
    ranges?: number;
    afterRange?: (runId: string, checked: number) => Promise<void>;
    stopped?: (runId: string) => void;
  } = {};

  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobQueue,
    private readonly adviser: AdviserService,
    private readonly definitions: DefinitionsService,
    private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    if (this.jobs.kind === 'in-process') {
      // In-process jobs die with the process: a run still open belongs to a previous process.
      await this.em.fork().nativeUpdate(
        ImpactRun,
        { state: { $in: ['queued', 'running'] } },
        {
          state: 'failed',
          error: 'The server restarted during the run; start it again.',
          finishedAt: new Date(),
        },
      );
    }
    await this.jobs.work<{ runId: string }>(IMPACT_QUEUE, (job) => this.execute(job), { concurrency: 1 });
  }

  private knex(em: EntityManager = this.em): Knex {
    return (em as unknown as SqlEntityManager).getKnex();
  }

  private get postgres(): boolean {
    return this.config.database.driver === 'postgresql';
  }

  async start(
    staff: User,
    definitionId: string,
    version: number,
  ): Promise<{ run_id: string; state: 'queued' }> {
    const draft = await this.em.findOne(
      DefinitionVersion,
      { definitionId, version, status: 'draft' },
      { populate: ['json'] },
    );
    if (!draft) throw new NotFoundException(`No draft v${version} of ${definitionId}`);
    // The draft must load (the same 400 as try) before anything is queued.
    await this.adviser.loadDraftDefinition(draft.json);
    const run = new ImpactRun();
    run.definitionId = definitionId;
    run.draftVersion = version;
    run.checksum = draft.checksum;
    run.startedById = staff.id;
    const em = this.em.fork();
    await em.persistAndFlush(run);
    const jobId = await this.jobs.enqueue(IMPACT_QUEUE, { runId: run.id }, { expireInSeconds: 3600 });
    await em.nativeUpdate(ImpactRun, { id: run.id }, { jobId });
    return { run_id: run.id, state: 'queued' };
  }

  /**
   * Issue 29 item 3: an impact run of a parameter set's draft (a rate change) over the stored
   * assessments of a definition that reads the set: the version in force replayed with the
   * published parameters (A) and with the draft's (B).
   */
  async startForParameters(
    staff: User,
    definitionId: string,
    setId: string,
  ): Promise<{ run_id: string; state: 'queued' }> {
    const inForce = await this.definitions.published(definitionId).catch(() => null);
    if (!inForce || inForce.definitionId !== definitionId)
      throw new NotFoundException(`No version of ${definitionId} is in force`);
    if (!readsSet(inForce.json, setId))
      throw new BadRequestException(
        `The version of ${definitionId} in force does not read the parameter set ${setId}`,
      );
    const draft = await this.em.fork().findOne(ParameterSetDraft, { setId });
    if (!draft) throw new NotFoundException(`There is no parameter draft of ${setId}`);
    const run = new ImpactRun();
    run.definitionId = definitionId;
    run.draftVersion = inForce.version;
    run.parameterSetId = setId;
    run.checksum = draft.checksum;
    run.startedById = staff.id;
    const em = this.em.fork();
    await em.persistAndFlush(run);
    const jobId = await this.jobs.enqueue(IMPACT_QUEUE, { runId: run.id }, { expireInSeconds: 3600 });
    await em.nativeUpdate(ImpactRun, { id: run.id }, { jobId });
    return { run_id: run.id, state: 'queued' };
  }

  /** What a run's workers replay: the definition, its parameter sets and (a parameter run) the published ones. */
  private async replayed(
    em: EntityManager,
    run: ImpactRun,
  ): Promise<Pick<ImpactWorkerData, 'definition' | 'parameterSets' | 'baselineParameterSets'>> {
    if (!run.parameterSetId) {
      const draft = await em.findOne(
        DefinitionVersion,
        { definitionId: run.definitionId, version: run.draftVersion, status: 'draft' },
        { populate: ['json'] },
      );
      if (!draft || draft.checksum !== run.checksum)
        throw new Error('The draft changed or was discarded after the run was started; start a new run.');
      return { definition: draft.json, parameterSets: await this.adviser.parameterSetsFor(draft.json, em) };
    }
    const setId = run.parameterSetId;
    const version = await em.findOne(
      DefinitionVersion,
      { definitionId: run.definitionId, version: run.draftVersion },
      { populate: ['json'] },
    );
    const draft = await em.findOne(ParameterSetDraft, { setId }, { populate: ['json'] });
    if (!version || !draft || draft.checksum !== run.checksum)
      throw new Error(
        'The parameter draft changed or was discarded after the run was started; start a new run.',
      );
    const published = await this.adviser.parameterSetsFor(version.json, em);
    return {
      definition: version.json,
      parameterSets: published.map((p) => (p.id === setId ? (draft.json as unknown as ParameterSet) : p)),
      baselineParameterSets: published,
    };
  }

  private async runOf(definitionId: string, runId: string): Promise<ImpactRun> {
    const run = await this.em.fork().findOne(ImpactRun, { id: runId, definitionId });
    if (!run) throw new NotFoundException(`No impact run ${runId}`);
    return run;
  }

  async get(definitionId: string, runId: string): Promise<ImpactRunView> {
    let run = await this.runOf(definitionId, runId);
    if ((run.state === 'queued' || run.state === 'running') && run.jobId) {
      // A job the queue no longer knows or that failed outside the handler (an instance died).
      const status = await this.jobs.status(IMPACT_QUEUE, run.jobId);
      if (!status || status.state === 'failed') {
        await this.finish(run.id, ['queued', 'running'], {
          state: 'failed',
          error: status?.error ?? 'The run stopped (the server running it went away); start it again.',
        });
        run = await this.runOf(definitionId, runId);
      }
    }
    return this.view(run);
  }

  async cancel(definitionId: string, runId: string): Promise<ImpactRunView> {
    const run = await this.runOf(definitionId, runId);
    // A run that finished meanwhile is left as it is (a Cancel clicked as it completes is no error).
    const changed = await this.finish(run.id, ['queued', 'running'], { state: 'cancelled' });
    if (changed > 0 && run.jobId) await this.jobs.cancel(IMPACT_QUEUE, run.jobId);
    return this.view(await this.runOf(definitionId, runId));
  }

  private async view(run: ImpactRun): Promise<ImpactRunView> {
    let startedBy: Person | null = null;
    if (run.startedById) {
      const user = await this.em.fork().findOne(User, { id: run.startedById });
      startedBy = {
        id: run.startedById,
        name: user ? user.displayName || user.username || user.email : 'a former user',
      };
    }
    const percent =
      run.state === 'completed'
        ? 100
        : run.total
          ? Math.min(100, Math.floor((run.checked / run.total) * 100))
          : 0;
    return {
      run_id: run.id,
      definition_id: run.definitionId,
      draft_version: run.draftVersion,
      parameter_set_id: run.parameterSetId,
      checksum: run.checksum,
      state: run.state,
      percent,
      total: run.total,
      checked: run.checked,
      changed_count: run.changedCount,
      started_by: startedBy,
      created_at: run.createdAt.toISOString(),
      finished_at: run.finishedAt?.toISOString() ?? null,
      error: run.error,
    };
  }

  /** Sets a final state if the run is still in one of `from`; the number of rows changed (0 or 1). */
  private finish(
    id: string,
    from: ImpactRunState[],
    values: { state: ImpactRunState; error?: string; checked?: number; changedCount?: number },
  ): Promise<number> {
    return this.em
      .fork()
      .nativeUpdate(ImpactRun, { id, state: { $in: from } }, { ...values, finishedAt: new Date() });
  }

  // ── the job ────────────────────────────────────────────────────────────────────────────────

  private async execute(job: JobContext<{ runId: string }>): Promise<unknown> {
    const em = this.em.fork();
    const run = await em.findOne(ImpactRun, { id: job.data.runId });
    if (!run || run.state !== 'queued') return null;
    try {
      return await this.replay(em, run, job);
    } catch (err) {
      if (job.signal.aborted) return null;
      const stillOpen = await this.finish(run.id, ['queued', 'running'], {
        state: 'failed',
        error: errorText(err),
      });
      if (stillOpen === 0) return null; // cancelled meanwhile: the workers were stopped on purpose
      this.logger.error({ err, run: run.id }, 'impact run failed');
      throw err;
    }
  }

  private async replay(em: EntityManager, run: ImpactRun, job: JobContext<{ runId: string }>) {
    const workerData: ImpactWorkerData = {
      ...(await this.replayed(em, run)),
      database: this.postgres
        ? { driver: 'postgresql', url: this.config.database.url ?? '' }
        : { driver: 'sqlite', path: this.config.database.sqlitePath },
      runId: run.id,
      definitionId: run.definitionId,
      today: this.definitions.today(),
      pageSize: this.hooks.pageSize ?? PAGE,
    };
    const pool = new Piscina({
      filename: WORKER_FILE,
      execArgv: WORKER_EXEC_ARGV,
      workerData,
      minThreads: THREADS,
      maxThreads: THREADS,
      idleTimeout: 1000,
    });
    const stop = new AbortController();
    let cancelled = false;
    const onAbort = () => {
      cancelled = true;
      stop.abort();
    };
    job.signal.addEventListener('abort', onAbort);
    if (job.signal.aborted) onAbort();
    const task = <T>(t: ImpactTask) => pool.run(t, { signal: stop.signal }) as Promise<T>;
    let checked = 0;
    let changed = 0;
    try {
      // Rows of an earlier attempt are deleted and the assessments counted in a worker too: on a
      // large table even the count is no work for the event loop.
      const { total } = await task<ImpactPrepared>({ kind: 'prepare' });
      const started = await em.nativeUpdate(
        ImpactRun,
        { id: run.id, state: 'queued' },
        { state: 'running', total },
      );
      if (started === 0) return null;
      const ranges = idRanges(
        this.hooks.ranges ?? Math.min(MAX_RANGES, Math.max(THREADS * 4, Math.ceil(total / RANGE))),
      );
      let next = 0;
      let lastProgress = 0;
      // One range per worker at a time: a held hook (tests) or a cancel stops handing out more.
      const lane = async () => {
        while (!cancelled && next < ranges.length) {
          const done = await task<ImpactRangeDone>({ kind: 'range', ...ranges[next++]! });
          checked += done.checked;
          changed += done.changed;
          if (done.stopped) {
            onAbort(); // the run row says cancelled (a cancel on any instance)
            return;
          }
          const now = Date.now();
          if (now - lastProgress >= 500) {
            lastProgress = now;
            await job.progress(total ? (checked / total) * 100 : 0, `${checked} of ${total}`);
          }
          await this.hooks.afterRange?.(run.id, checked);
        }
      };
      await Promise.all(Array.from({ length: THREADS }, lane));
    } catch (err) {
      if (!cancelled) throw err;
    } finally {
      job.signal.removeEventListener('abort', onAbort);
      stop.abort();
      await pool.destroy();
      this.hooks.stopped?.(run.id);
    }
    if (cancelled) return null;
    await this.finish(run.id, ['running'], { state: 'completed', checked, changedCount: changed });
    return { checked, changed };
  }

  // ── results ────────────────────────────────────────────────────────────────────────────────

  private filtered(knex: Knex, runId: string, query: ImpactResultsQuery) {
    const qb = knex('impact_run_row').where({ run_id: runId });
    const changed = query.changed ?? 'any';
    if (changed === 'any') qb.where('changes', '>', 0);
    else if (changed !== 'all') qb.whereRaw('(?? & ?) <> 0', ['changes', CHANGED[changed]]);
    if (query.likelihood_before) qb.where('before_likelihood', query.likelihood_before);
    if (query.likelihood_after) qb.where('after_likelihood', query.likelihood_after);
    const q = query.q?.trim().toLowerCase();
    if (q) {
      const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      qb.where((w) => {
        void w
          .whereRaw(`lower(??) like ? escape '\\'`, ['client_name', like])
          .orWhereRaw(`lower(??) like ? escape '\\'`, ['claim_reference', like]);
      });
    }
    return qb;
  }

  private static rowView(r: Record<string, unknown>): ImpactRowView {
    const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);
    return {
      assessment_id: String(r.assessment_id),
      client_name: text(r.client_name),
      claim_reference: text(r.claim_reference),
      before: {
        likelihood: text(r.before_likelihood),
        approach: text(r.before_approach),
        value: numberOrNull(r.before_value),
      },
      after: {
        likelihood: text(r.after_likelihood),
        approach: text(r.after_approach),
        value: numberOrNull(r.after_value),
      },
      changes: changesOf(Number(r.changes)),
    };
  }

  async results(definitionId: string, runId: string, query: ImpactResultsQuery) {
    await this.runOf(definitionId, runId);
    const knex = this.knex();
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? 50;
    const [{ n }] = (await this.filtered(knex, runId, query).count({ n: '*' })) as unknown as [
      { n: number | string },
    ];
    const rows = (await this.filtered(knex, runId, query)
      .select('*')
      .orderBy([{ column: 'client_name' }, { column: 'claim_reference' }, { column: 'assessment_id' }])
      .limit(pageSize)
      .offset((page - 1) * pageSize)) as Record<string, unknown>[];
    return {
      total: Number(n),
      page,
      page_size: pageSize,
      rows: rows.map((r) => ImpactRunsService.rowView(r)),
    };
  }

  /**
   * Issue 29 item 3: the A/B table of a run. Per measure (likelihood, value band, approach) how
   * many assessments have each value under A (before: the stored outcome, or for a parameter run
   * the published parameters) and under B (the draft), how many change, and the ten largest value
   * changes. Grouped in the database: a few small queries whatever the number of rows.
   */
  async summary(definitionId: string, runId: string): Promise<ImpactSummaryView> {
    const run = await this.runOf(definitionId, runId);
    const knex = this.knex();
    const rows = () => knex('impact_run_row').where({ run_id: runId });
    const key = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);
    const pairs = async (before: string, after: string): Promise<Pair[]> => {
      const found: { a: unknown; b: unknown; n: unknown }[] = await rows()
        .select({ a: knex.raw(before), b: knex.raw(after) })
        .count({ n: '*' })
        .groupByRaw(`${before}, ${after}`);
      return found.map((r) => ({ a: key(r.a), b: key(r.b), n: Number(r.n) }));
    };
    const likelihood = await pairs('before_likelihood', 'after_likelihood');
    const approach = await pairs('before_approach', 'after_approach');
    const bands = await pairs(bandSql('before_value'), bandSql('after_value'));
    const largest = (await rows()
      .whereRaw('(?? & ?) <> 0', ['changes', CHANGED.value])
      .select('*')
      .orderByRaw('abs(coalesce(after_value, 0) - coalesce(before_value, 0)) desc, assessment_id')
      .limit(10)) as Record<string, unknown>[];
    const checked = likelihood.reduce((n, p) => n + p.n, 0);
    const changedIn = (list: Pair[]) => list.reduce((n, p) => n + (p.a === p.b ? 0 : p.n), 0);
    return {
      run_id: run.id,
      kind: run.parameterSetId ? 'parameters' : 'definition',
      a_label: run.parameterSetId ? 'Published parameters' : 'As stored',
      b_label: run.parameterSetId ? `Draft of ${run.parameterSetId}` : `Draft v${run.draftVersion}`,
      checked,
      changed: {
        any: run.changedCount,
        likelihood: changedIn(likelihood),
        value_band: changedIn(bands),
        approach: changedIn(approach),
      },
      measures: [
        { measure: 'likelihood', label: 'Likelihood', rows: abTable(likelihood) },
        {
          measure: 'value_band',
          label: 'Value band',
          rows: abTable(
            bands,
            valueBands().map((b) => b.label),
          ).map((r) => ({
            ...r,
            value: valueBands()[Number(r.value)]?.label ?? r.value,
          })),
        },
        { measure: 'approach', label: 'Approach', rows: abTable(approach) },
      ],
      largest_value_changes: largest.map((raw) => {
        const r = ImpactRunsService.rowView(raw);
        return { ...r, value_change: (r.after.value ?? 0) - (r.before.value ?? 0) };
      }),
    };
  }

  /** The A/B table as CSV: one line per measure and value, then the ten largest value changes. */
  async summaryCsv(definitionId: string, runId: string): Promise<string> {
    const s = await this.summary(definitionId, runId);
    const lines = [['Measure', 'Value', s.a_label, s.b_label, 'Difference'].map(csvCell).join(',')];
    for (const m of s.measures)
      for (const r of m.rows)
        lines.push([m.label, r.value ?? '(none)', r.a, r.b, r.b - r.a].map(csvCell).join(','));
    lines.push(
      ['Changed', 'Likelihood', '', s.changed.likelihood, ''].map(csvCell).join(','),
      ['Changed', 'Value band', '', s.changed.value_band, ''].map(csvCell).join(','),
      ['Changed', 'Approach', '', s.changed.approach, ''].map(csvCell).join(','),
      '',
      ['Largest value changes', ...CSV_HEADER, 'Value change'].map(csvCell).join(','),
    );
    s.largest_value_changes.forEach((r, i) =>
      lines.push(
        [
          i + 1,
          r.client_name,
          r.claim_reference,
          r.assessment_id,
          r.before.likelihood,
          r.after.likelihood,
          r.before.approach,
          r.after.approach,
          r.before.value,
          r.after.value,
          r.value_change,
        ]
          .map(csvCell)
          .join(','),
      ),
    );
    return `${lines.join('\r\n')}\r\n`;
  }

  async csv(definitionId: string, runId: string, query: ImpactResultsQuery): Promise<string> {
    await this.runOf(definitionId, runId);
    const rows = (await this.filtered(this.knex(), runId, query)
      .select('*')
      .orderBy([
        { column: 'client_name' },
        { column: 'claim_reference' },
        { column: 'assessment_id' },
      ])) as Record<string, unknown>[];
    const lines = [CSV_HEADER.join(',')];
    for (const raw of rows) {
      const r = ImpactRunsService.rowView(raw);
      lines.push(
        [
          r.client_name,
          r.claim_reference,
          r.assessment_id,
          r.before.likelihood,
          r.after.likelihood,
          r.before.approach,
          r.after.approach,
          r.before.value,
          r.after.value,
        ]
          .map(csvCell)
          .join(','),
      );
    }
    return `${lines.join('\r\n')}\r\n`;
  }
}
