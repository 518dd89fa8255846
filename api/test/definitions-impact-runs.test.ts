/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-explicit-any -- response bodies are read as untyped JSON; the assertions check their shape */
import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbstractSqlDriver } from '@mikro-orm/knex';
import { Migration20261127110001_StoredOutcome } from '../src/database/migrations/postgresql/Migration20261127110001_StoredOutcome';
import { Migration20261127110000_StoredOutcome } from '../src/database/migrations/sqlite/Migration20261127110000_StoredOutcome';
import { ImpactRun } from '../src/modules/definitions/impact/impact-run.entity';
import { ImpactRunsService } from '../src/modules/definitions/impact/impact-runs.service';
import { User } from '../src/modules/users/user.entity';
import { createCast, sdltAnswers, type Cast } from './fixtures/domain';
import { bearer, createTestApp, registerUser, type Registered, type TestApp } from './helpers/app';

// Issue 9 point 5 / issue 13 point 4: impact runs, a background replay of every stored assessment
// of a definition against a draft, over the API (docs/studio-api.md "ImpactRun").
const TOTAL = 300;
const base = '/api/definitions/sdlt_refund';

describe('adviser studio: impact runs', () => {
  let t: TestApp;
  let cast: Cast;
  let evil: Registered;
  let draftVersion: number;
  let likelyCount: number; // stored Likely below 90 points: the draft makes them Possible
  let likelyAll: number;
  let service: ImpactRunsService;

  async function submitted(client: Registered, answers: Record<string, unknown>): Promise<string> {
    const saved = await t.request({
      method: 'POST',
      url: '/api/assessment/save/',
      headers: bearer(client.access),
      payload: { service_type: 'sdlt_refund', answers, current_step: 0 },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const id = saved.json().id as string;
    const sub = await t.request({
      method: 'POST',
      url: '/api/assessment/submit/',
      headers: bearer(client.access),
      payload: { assessment_id: id },
    });
    expect(sub.statusCode, sub.body).toBe(200);
    return id;
  }

  /** Copies of the real submissions (same answers and stored results) spread across the clients. */
  async function cloneTo(total: number, userIds: string[]): Promise<void> {
    const knex = (t.app.get(MikroORM).em.fork() as unknown as SqlEntityManager).getKnex();
    const originals = (await knex('assessment').where({ status: 'COMPLETED' }).select('*')) as Record<
      string,
      unknown
    >[];
    const copies: Record<string, unknown>[] = [];
    for (let i = originals.length; i < total; i++) {
      const o = originals[i % originals.length]!;
      copies.push({ ...o, id: randomUUID(), user_id: userIds[i % userIds.length], claim_id: null });
    }
    for (let i = 0; i < copies.length; i += 50) await knex('assessment').insert(copies.slice(i, i + 50));
  }

  async function waitFor(runId: string, states: string[]): Promise<any> {
    for (;;) {
      const res = await t.request({
        method: 'GET',
        url: `${base}/impact-runs/${runId}/`,
        headers: cast.staff.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      if (states.includes(res.json().state)) return res.json();
      if (['completed', 'failed', 'cancelled'].includes(res.json().state))
        throw new Error(`run ${runId} ended ${res.json().state}: ${res.json().error}`);
      await new Promise((r) => setImmediate(r));
    }
  }

  async function start(): Promise<string> {
    const res = await t.request({
      method: 'POST',
      url: `${base}/drafts/${draftVersion}/impact-runs/`,
      headers: cast.staff.headers,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ run_id: expect.any(String), state: 'queued' });
    return res.json().run_id as string;
  }

  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t);
    service = t.app.get(ImpactRunsService);
    evil = await registerUser(t);
    await t.app
      .get(MikroORM)
      .em.fork()
      .nativeUpdate(User, { id: evil.user.id }, { displayName: '=HYPERLINK("http://x.test")' });
    // Likely (85) today: the draft's threshold of 90 makes it Possible.
    await submitted(cast.clientA.reg, sdltAnswers());
    await submitted(cast.clientB.reg, sdltAnswers());
    // Another outcome (a residential purchase).
    await submitted(evil, { ...sdltAnswers(), propertyTypeSDR: 'Residential', partialBusinessUseSDR: false });
    await cloneTo(TOTAL, [cast.clientA.id!, cast.clientB.id!, evil.user.id]);
    const knex = (t.app.get(MikroORM).em.fork() as unknown as SqlEntityManager).getKnex();
    const all: {
      results: unknown;
      outcome_likelihood: string;
      outcome_approach: string;
      outcome_value: number;
    }[] = await knex('assessment')
      .where({ status: 'COMPLETED' })
      .select('results', 'outcome_likelihood', 'outcome_approach', 'outcome_value');
    const stored: any[] = all.map((r) => (typeof r.results === 'string' ? JSON.parse(r.results) : r.results));
    // The outcome an impact run reads is stored beside the evaluation, as the evaluation says.
    expect(all.map((r) => [r.outcome_likelihood, r.outcome_approach, Number(r.outcome_value)])).toEqual(
      stored.map((e) => [e.eligibility.likelihood, e.complexity.serviceApproach, e.value.estimates.median]),
    );
    expect(new Set(all.map((r) => r.outcome_likelihood)).size).toBeGreaterThan(1);
    const eligibility: any[] = stored.map((e) => e.eligibility);
    likelyAll = eligibility.filter((e) => e.likelihood === 'Likely').length;
    likelyCount = eligibility.filter((e) => e.likelihood === 'Likely' && e.score < 90 && !e.override).length;
    expect(all).toHaveLength(TOTAL);
    expect(likelyCount).toBeGreaterThan(0);
    expect(likelyCount).toBeLessThan(TOTAL);

    const published = (await t.request({ method: 'GET', url: `${base}/published/` })).json().definition;
    const draft = structuredClone(published);
    draft.eligibility.bands.find((b: { likelihood: string }) => b.likelihood === 'Likely').min = 90;
    draft.tests = [];
    const saved = await t.request({
      method: 'PUT',
      url: `${base}/draft/`,
      headers: cast.staff.headers,
      payload: { definition: draft },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    draftVersion = saved.json().version as number;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('replays every stored assessment in the background: totals, rows by client and claim, filters', async () => {
    const runId = await start();
    const done = await waitFor(runId, ['completed', 'failed', 'cancelled']);
    expect(done).toMatchObject({
      run_id: runId,
      definition_id: 'sdlt_refund',
      draft_version: draftVersion,
      state: 'completed',
      percent: 100,
      total: TOTAL,
      checked: TOTAL,
      changed_count: likelyCount,
      started_by: { id: cast.staff.id, name: expect.any(String) },
      error: null,
    });
    expect(done.finished_at).toEqual(expect.any(String));

    const changed = await t.request({
      method: 'GET',
      url: `${base}/impact-runs/${runId}/results/?page_size=200`,
      headers: cast.staff.headers,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const body = changed.json();
    expect(body).toMatchObject({ total: likelyCount, page: 1, page_size: 200 });
    expect(body.rows[0]).toMatchObject({
      assessment_id: expect.any(String),
      client_name: expect.any(String),
      before: { likelihood: 'Likely', approach: expect.any(String), value: expect.any(Number) },
      after: { likelihood: 'Possible' },
      changes: expect.arrayContaining(['likelihood']),
    });
    // The two real submissions carry their claim reference.
    const withClaims = await t.request({
      method: 'GET',
      url: `${base}/impact-runs/${runId}/results/?changed=all&q=${encodeURIComponent('rc-')}`,
      headers: cast.staff.headers,
    });
    const refs = (withClaims.json().rows as any[]).map((r) => r.claim_reference);
    expect(refs.length).toBeGreaterThanOrEqual(2);
    expect(refs.every((r) => typeof r === 'string' && r.length > 0)).toBe(true);

    const all = await t.request({
      method: 'GET',
      url: `${base}/impact-runs/${runId}/results/?changed=all&page_size=10&page=2`,
      headers: cast.staff.headers,
    });
    expect(all.json()).toMatchObject({ total: TOTAL, page: 2, page_size: 10 });
    expect(all.json().rows).toHaveLength(10);

    const byLikelihood = await t.request({
      method: 'GET',
      url: `${base}/impact-runs/${runId}/results/?changed=all&likelihood_before=Likely&page_size=200`,
      headers: cast.staff.headers,
    });
    expect(byLikelihood.json().total).toBe(likelyAll);
    const stillLikely = await t.request({
      method: 'GET',
      url: `${base}/impact-runs/${runId}/results/?changed=all&likelihood_after=Likely&page_size=200`,
      headers: cast.staff.headers,
    });
    expect(stillLikely.json().total).toBe(likelyAll - likelyCount);
    expect((stillLikely.json().rows as any[]).every((r) => r.changes.length === 0)).toBe(true);

    const approachOnly = await t.request({
      method: 'GET',
      url: `${base}/impact-runs/${runId}/results/?changed=approach`,
      headers: cast.staff.headers,
    });
    // Approach rules read the likelihood: some approaches change with it, never more rows than changed.
    expect(approachOnly.json().total).toBeLessThanOrEqual(likelyCount);
    expect((approachOnly.json().rows as any[]).every((r) => r.changes.includes('approach'))).toBe(true);

    const byName = await t.request({
      method: 'GET',
      url: `${base}/impact-runs/${runId}/results/?changed=all&q=client`,
      headers: cast.staff.headers,
    });
    expect(byName.json().total).toBeGreaterThan(0);

    const bad = await t.request({
      method: 'GET',
      url: `${base}/impact-runs/${runId}/results/?changed=everything&page_size=500`,
      headers: cast.staff.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('exports CSV: a header and one row per assessment, formulas neutralised', async () => {
    const runId = await start();
    await waitFor(runId, ['completed']);
    const res = await t.request({
      method: 'GET',
      url: `${base}/impact-runs/${runId}/results.csv?changed=all`,
      headers: cast.staff.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="impact-sdlt_refund-/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Client,Claim reference,Assessment,Likelihood before,Likelihood after,Approach before,Approach after,Value before,Value after',
    );
    expect(lines).toHaveLength(TOTAL + 1);
    const evilLines = lines.filter((l) => l.includes('HYPERLINK'));
    expect(evilLines.length).toBeGreaterThan(0);
    for (const l of evilLines) expect(l.startsWith(`"'=HYPERLINK(""http://x.test"")"`)).toBe(true);
    expect(lines.some((l) => /^"?=/.test(l))).toBe(false);

    const changedOnly = await t.request({
      method: 'GET',
      url: `${base}/impact-runs/${runId}/results.csv`,
      headers: cast.staff.headers,
    });
    expect(changedOnly.body.trimEnd().split('\r\n')).toHaveLength(likelyCount + 1);
  });

  /** Rows written for a run: the workers write them with the run's counters, so always `checked`. */
  async function rowsOf(runId: string): Promise<number> {
    const knex = (t.app.get(MikroORM).em.fork() as unknown as SqlEntityManager).getKnex();
    const [{ n }] = (await knex('impact_run_row').where({ run_id: runId }).count({ n: '*' })) as any[];
    return Number(n);
  }

  /** Holds the job once the first id ranges are done (12 ranges of about 25, pages of 10). */
  function holdAfterFirstRanges() {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let stopped!: () => void;
    const jobStopped = new Promise<void>((r) => (stopped = r));
    service.hooks = { pageSize: 10, ranges: 12, afterRange: () => held, stopped: () => stopped() };
    return { release, jobStopped };
  }

  async function progressed(runId: string): Promise<any> {
    for (;;) {
      const r = await waitFor(runId, ['running']);
      if (r.checked > 0) return r;
      await new Promise((res) => setImmediate(res));
    }
  }

  it('cancel stops the workers mid-run and the run reads cancelled', async () => {
    const { release, jobStopped } = holdAfterFirstRanges();
    try {
      const runId = await start();
      const running = await waitFor(runId, ['running']);
      expect(running.total).toBe(TOTAL);
      // Progress is visible to any caller as the workers write their pages.
      const mid = await progressed(runId);
      expect(mid.checked).toBeLessThan(TOTAL);
      expect(mid.percent).toBe(Math.floor((mid.checked / TOTAL) * 100));
      const cancel = await t.request({
        method: 'POST',
        url: `${base}/impact-runs/${runId}/cancel/`,
        headers: cast.staff.headers,
        payload: {},
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(cancel.json()).toMatchObject({ run_id: runId, state: 'cancelled' });
      release();
      await jobStopped;
      const after = await waitFor(runId, ['cancelled']);
      expect(after.checked).toBeLessThan(TOTAL);
      expect(after.finished_at).toEqual(expect.any(String));
      expect(await rowsOf(runId)).toBe(after.checked);
      const again = await t.request({
        method: 'POST',
        url: `${base}/impact-runs/${runId}/cancel/`,
        headers: cast.staff.headers,
        payload: {},
      });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ state: 'cancelled', checked: after.checked });
    } finally {
      service.hooks = {};
    }
  });

  it('a cancel that only the database knows (another instance) stops the workers at their next page', async () => {
    const { release, jobStopped } = holdAfterFirstRanges();
    try {
      const runId = await start();
      await progressed(runId);
      // What POST cancel on another instance leaves: the run row, not this process's job, says so.
      await t.app
        .get(MikroORM)
        .em.fork()
        .nativeUpdate(ImpactRun, { id: runId }, { state: 'cancelled', finishedAt: new Date() });
      release();
      await jobStopped;
      const after = await waitFor(runId, ['cancelled']);
      expect(after.checked).toBeLessThan(TOTAL);
      // The page that found the run cancelled wrote nothing: rows and counters agree.
      expect(await rowsOf(runId)).toBe(after.checked);
    } finally {
      service.hooks = {};
    }
  });

  it('clients are refused (403), no token 401; an unknown run is 404', async () => {
    const runId = await start();
    await waitFor(runId, ['completed']);
    for (const [method, url] of [
      ['POST', `${base}/drafts/${draftVersion}/impact-runs/`],
      ['GET', `${base}/impact-runs/${runId}/`],
      ['POST', `${base}/impact-runs/${runId}/cancel/`],
      ['GET', `${base}/impact-runs/${runId}/results/`],
      ['GET', `${base}/impact-runs/${runId}/results.csv`],
    ] as const) {
      const client = await t.request({
        method,
        url,
        headers: cast.clientA.headers,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(client.statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await t.request({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    const unknown = await t.request({
      method: 'GET',
      url: `${base}/impact-runs/${randomUUID()}/`,
      headers: cast.staff.headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/^No impact run /);
    const otherDefinition = await t.request({
      method: 'GET',
      url: `/api/definitions/cgt_assessment/impact-runs/${runId}/`,
      headers: cast.staff.headers,
    });
    expect(otherDefinition.statusCode).toBe(404);
  });

  it('the migration that added the stored outcome fills it in from every evaluation stored before it', async () => {
    const orm = t.app.get(MikroORM);
    const knex = (orm.em.fork() as unknown as SqlEntityManager).getKnex();
    const postgres = orm.config.get('driver')?.name === 'PostgreSqlDriver';
    await knex('assessment').update({
      outcome_likelihood: null,
      outcome_approach: null,
      outcome_value: null,
    });
    const Step = postgres ? Migration20261127110001_StoredOutcome : Migration20261127110000_StoredOutcome;
    const migration = new Step(orm.em.getDriver() as AbstractSqlDriver, orm.config);
    migration.up();
    // the columns exist already: only its backfill is run again
    const backfill = migration
      .getQueries()
      .filter((q): q is string => typeof q === 'string' && /^\s*update /i.test(q));
    expect(backfill).toHaveLength(1);
    for (const q of backfill) await knex.raw(q);
    const rows: Record<string, unknown>[] = await knex('assessment').select(
      'results',
      'outcome_likelihood',
      'outcome_approach',
      'outcome_value',
    );
    const completed = rows.filter((r) => r.results !== null);
    expect(completed.length).toBeGreaterThanOrEqual(TOTAL);
    for (const r of rows) {
      const e: any =
        r.results === null ? null : typeof r.results === 'string' ? JSON.parse(r.results) : r.results;
      expect([
        r.outcome_likelihood,
        r.outcome_approach,
        r.outcome_value === null ? null : Number(r.outcome_value),
      ]).toEqual(
        e
          ? [e.eligibility.likelihood, e.complexity.serviceApproach, e.value.estimates.median]
          : [null, null, null],
      );
    }
  });
});
