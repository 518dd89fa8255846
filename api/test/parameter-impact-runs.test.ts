/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-explicit-any -- response bodies are read as untyped JSON; the assertions check their shape */
import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast, sdltAnswers, type Cast } from './fixtures/domain';
import { bearer, createTestApp, type TestApp } from './helpers/app';

// Issue 29 item 3: impact of a rate change (a parameter-set draft) over every stored assessment,
// as an A/B table: the version in force replayed with the published parameters (A) and with the
// draft's (B); counts of likelihood, value band and approach changes, the ten largest value
// changes, and the table as CSV.
const base = '/api/definitions/sdlt_refund';
const COPIES = 4; // each real submission stored this many times in all

describe('impact of a rate change: the A/B table', () => {
  let t: TestApp;
  let cast: Cast;

  async function submitted(answers: Record<string, unknown>): Promise<string> {
    const saved = await t.request({
      method: 'POST',
      url: '/api/assessment/save/',
      headers: bearer(cast.clientA.reg.access),
      payload: { service_type: 'sdlt_refund', answers, current_step: 0 },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const id = saved.json().id as string;
    const sub = await t.request({
      method: 'POST',
      url: '/api/assessment/submit/',
      headers: bearer(cast.clientA.reg.access),
      payload: { assessment_id: id },
    });
    expect(sub.statusCode, sub.body).toBe(200);
    return id;
  }

  async function waitFor(runId: string): Promise<any> {
    for (;;) {
      const res = await t.request({
        method: 'GET',
        url: `${base}/impact-runs/${runId}/`,
        headers: cast.staff.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      if (['completed', 'failed', 'cancelled'].includes(res.json().state)) return res.json();
      await new Promise((r) => setImmediate(r));
    }
  }

  const start = (setId: unknown) =>
    t.request({
      method: 'POST',
      url: `${base}/parameter-impact-runs/`,
      headers: cast.staff.headers,
      payload: { set_id: setId },
    });

  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t);
    const mixed = (price: number, paid: number) => ({
      ...sdltAnswers(),
      purchasePriceSDR: price,
      sdltPaidSDR: paid,
    });
    // Non-residential tax due on £600,000 is £19,500 at 5% above £250,000, £23,000 at 6%.
    const knex = (t.app.get(MikroORM).em.fork() as unknown as SqlEntityManager).getKnex();
    // Only the assessments of this test are replayed (the cast's own submission is set aside).
    await knex('assessment').where({ status: 'COMPLETED' }).update({ assessment_type: 'set_aside' });
    const ids = [
      await submitted(mixed(600000, 40000)), // refund £20,500 → £17,000 (same band)
      await submitted(mixed(600000, 21000)), // refund £1,500 → none: Likely → Unlikely
      await submitted(mixed(2000000, 200000)), // £110,500 → £93,000 (band £100,000+ → £25,000–£99,999)
      await submitted({ ...sdltAnswers(), propertyTypeSDR: 'Residential', partialBusinessUseSDR: false }),
    ];
    const originals = (await knex('assessment').whereIn('id', ids).select('*')) as Record<string, unknown>[];
    expect(originals).toHaveLength(4);
    const copies = originals.flatMap((o) =>
      Array.from({ length: COPIES - 1 }, () => ({ ...o, id: randomUUID(), claim_id: null })),
    );
    await knex('assessment').insert(copies);

    // The rate change: 6% instead of 5% above £250,000 on non-residential purchases.
    const stored = await t.request({
      method: 'GET',
      url: '/api/parameter-sets/sdlt/',
      headers: cast.staff.headers,
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const set = structuredClone(stored.json().parameter_set);
    const values = set.parameters['nonres.bands'].values;
    values[values.length - 1].value = [
      { upTo: 150000, rate: 0 },
      { upTo: 250000, rate: 0.02 },
      { upTo: null, rate: 0.06 },
    ];
    const saved = await t.request({
      method: 'PUT',
      url: '/api/parameter-sets/sdlt/draft/',
      headers: cast.staff.headers,
      payload: { parameter_set: set, base_checksum: stored.json().checksum },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('replays every stored assessment with the published and the draft parameters: A/B counts, top ten, CSV', async () => {
    const res = await start('sdlt');
    expect(res.statusCode, res.body).toBe(202);
    const runId = res.json().run_id as string;
    const done = await waitFor(runId);
    expect(done).toMatchObject({
      state: 'completed',
      parameter_set_id: 'sdlt',
      total: 4 * COPIES,
      checked: 4 * COPIES,
      changed_count: 3 * COPIES,
      error: null,
    });

    const summary = await t.request({
      method: 'GET',
      url: `${base}/impact-runs/${runId}/summary/`,
      headers: cast.staff.headers,
    });
    expect(summary.statusCode, summary.body).toBe(200);
    const s = summary.json();
    expect(s).toMatchObject({
      run_id: runId,
      kind: 'parameters',
      a_label: 'Published parameters',
      b_label: 'Draft of sdlt',
      checked: 4 * COPIES,
      changed: { any: 3 * COPIES, likelihood: COPIES, value_band: 2 * COPIES },
    });
    const measure = (m: string) => s.measures.find((x: any) => x.measure === m).rows as any[];
    // One Likely purchase in four becomes Unlikely: A and B differ by that many.
    const likely = measure('likelihood').find((r) => r.value === 'Likely');
    expect(likely.a - likely.b).toBe(COPIES);
    expect(measure('likelihood').find((r) => r.value === 'Unlikely').b).toBeGreaterThanOrEqual(COPIES);
    const bands = measure('value_band');
    expect(bands.map((r) => r.value)).toEqual(
      expect.arrayContaining(['£25,000 to £99,999', '£100,000 or more']),
    );
    expect(bands.find((r) => r.value === '£100,000 or more')).toMatchObject({ a: COPIES, b: 0 });
    expect(bands.find((r) => r.value === '£25,000 to £99,999')).toMatchObject({ a: 0, b: COPIES });
    // Every count under A adds up to the assessments replayed, as under B.
    for (const m of s.measures) {
      expect(m.rows.reduce((n: number, r: any) => n + r.a, 0)).toBe(4 * COPIES);
      expect(m.rows.reduce((n: number, r: any) => n + r.b, 0)).toBe(4 * COPIES);
    }
    // The ten largest value changes, largest first: the £2,000,000 purchase's £17,500 first.
    const top = s.largest_value_changes as any[];
    expect(top).toHaveLength(10);
    expect(top[0]).toMatchObject({
      before: { value: 110500 },
      after: { value: 93000 },
      value_change: -17500,
      changes: ['value'],
    });
    const sizes = top.map((r) => Math.abs(r.value_change));
    expect(sizes).toEqual([...sizes].sort((x, y) => y - x));

    const csv = await t.request({
      method: 'GET',
      url: `${base}/impact-runs/${runId}/summary.csv`,
      headers: cast.staff.headers,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="impact-summary-sdlt_refund-/);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Measure,Value,Published parameters,Draft of sdlt,Difference');
    expect(lines).toContain(`Value band,"£100,000 or more",${COPIES},0,${-COPIES}`);
    expect(lines).toContain(`Changed,Likelihood,,${COPIES},`);
    const topAt = lines.indexOf(lines.find((l) => l.startsWith('Largest value changes'))!);
    expect(lines.slice(topAt + 1)).toHaveLength(10);
    expect(lines[topAt + 1]).toMatch(/,110500,93000,-17500$/);
  });

  it('refuses a set the definition does not read, a set with no draft and a malformed id, in words', async () => {
    const unread = await start('cgt');
    expect(unread.statusCode).toBe(400);
    expect(unread.json().message).toBe(
      'The version of sdlt_refund in force does not read the parameter set cgt',
    );
    const noDraft = await t.request({
      method: 'POST',
      url: '/api/definitions/cgt_assessment/parameter-impact-runs/',
      headers: cast.staff.headers,
      payload: { set_id: 'cgt' },
    });
    expect(noDraft.statusCode, noDraft.body).toBe(404);
    expect(noDraft.json().message).toBe('There is no parameter draft of cgt');
    const bad = await start('../x');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('set_id must be a parameter set id');
    const anonymous = await t.request({
      method: 'POST',
      url: `${base}/parameter-impact-runs/`,
      headers: cast.clientA.headers,
      payload: { set_id: 'sdlt' },
    });
    expect(anonymous.statusCode).toBe(403);
  });
});
