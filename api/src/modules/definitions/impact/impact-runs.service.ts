import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/knex';
import { Injectable, Logger, NotFoundException, type OnModuleInit } from '@nestjs/common';
import { Piscina } from 'piscina';
import { AppConfig } from '../../../config/config';
import { errorText, type JobContext, JobQueue } from '../../jobs/job-queue';
import { User } from '../../users/user.entity';
import { AdviserService } from '../adviser.service';
import { DefinitionVersion } from '../definition-version.entity';
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

/** One CSV cell: a formula-looking text is prefixed with ' (CSV injection), then quoted if needed. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
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
    const draft = await em.findOne(
      DefinitionVersion,
      { definitionId: run.definitionId, version: run.draftVersion, status: 'draft' },
      { populate: ['json'] },
    );
    if (!draft || draft.checksum !== run.checksum)
      throw new Error('The draft changed or was discarded after the run was started; start a new run.');
    const workerData: ImpactWorkerData = {
      definition: draft.json,
      parameterSets: await this.adviser.parameterSetsFor(draft.json, em),
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
