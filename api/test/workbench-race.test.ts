/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return -- response bodies are read as untyped JSON; the assertions are what check their shape */
import { MikroORM } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClaimEvent } from '../src/modules/claims/claim-event.entity';
import { Claim } from '../src/modules/claims/claim.entity';
import { createCast, sdltAnswers, setRole, type Cast } from './fixtures/domain';
import { createSecondApp, createTestApp, registerUser, type TestApp } from './helpers/app';

// Issue 30 §2: two claims created at once go to two different people, and two bulk status changes
// sent at once decide each claim once. Meant for PostgreSQL (TEST_DATABASE_URL); on SQLite the same
// requests run against its single writer.
const ROUNDS = 8;

describe('workbench races', () => {
  let t: TestApp;
  let t2: TestApp;
  let cast: Cast;
  let staff2Id: string;

  beforeAll(async () => {
    t = await createTestApp();
    t2 = await createSecondApp(t);
    cast = await createCast(t);
    const s2 = await registerUser(t);
    await setRole(t, s2.user.id, 'STAFF');
    staff2Id = s2.user.id;
    const set = await t.request({
      method: 'PUT',
      url: '/api/workbench/service-staff/sdlt_refund/',
      headers: cast.admin.headers,
      payload: { user_ids: [cast.staff.id, staff2Id] },
    });
    expect(set.statusCode, set.body).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await t2?.close();
    await t?.close();
  });

  const saveOne = async (headers: Record<string, string>): Promise<string> => {
    const saved = await t.request({
      method: 'POST',
      url: '/api/assessment/save/',
      headers,
      payload: { service_type: 'sdlt_refund', answers: sdltAnswers(), current_step: 0 },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    return saved.json().id;
  };

  it(`two submits at once, ${ROUNDS} rounds on two instances: never both to one person`, async () => {
    const em = t.app.get(MikroORM).em.fork();
    for (let round = 0; round < ROUNDS; round++) {
      const a = await saveOne(cast.clientA.headers);
      const b = await saveOne(cast.clientB.headers);
      const [ra, rb] = await Promise.all([
        t.request({
          method: 'POST',
          url: '/api/assessment/submit/',
          headers: cast.clientA.headers,
          payload: { assessment_id: a },
        }),
        t2.request({
          method: 'POST',
          url: '/api/assessment/submit/',
          headers: cast.clientB.headers,
          payload: { assessment_id: b },
        }),
      ]);
      expect(ra.statusCode, ra.body).toBe(200);
      expect(rb.statusCode, rb.body).toBe(200);
      em.clear();
      const claims = await em.find(Claim, { id: { $in: [ra.json().claim_id, rb.json().claim_id] } });
      const assignees = claims.map((c) => c.assignee?.id);
      expect(new Set(assignees), `round ${round}`).toEqual(new Set([cast.staff.id, staff2Id]));
    }
  }, 120_000);

  it(`two bulk status changes at once, ${ROUNDS} rounds: each claim moves exactly once`, async () => {
    const em = t.app.get(MikroORM).em.fork();
    const claims = await em.find(Claim, { status: 'submitted' }, { limit: ROUNDS * 2 });
    const ids = claims.map((c) => c.id);
    expect(ids.length).toBeGreaterThanOrEqual(ROUNDS);
    // submitted → withdrawn and submitted → rejected are both allowed; neither allows the other
    // after it, so exactly one of the two requests may move each claim.
    const [withdraw, reject] = await Promise.all([
      t.request({
        method: 'POST',
        url: '/api/workbench/bulk/',
        headers: cast.staff.headers,
        payload: { action: 'status', status: 'withdrawn', claim_ids: ids },
      }),
      t2.request({
        method: 'POST',
        url: '/api/workbench/bulk/',
        headers: cast.admin.headers,
        payload: { action: 'status', status: 'rejected', claim_ids: [...ids].reverse() },
      }),
    ]);
    expect(withdraw.statusCode, withdraw.body).toBe(200);
    expect(reject.statusCode, reject.body).toBe(200);
    const ok = (res: typeof withdraw) =>
      new Map<string, boolean>(
        res.json<{ results: { claim_id: string; ok: boolean }[] }>().results.map((r) => [r.claim_id, r.ok]),
      );
    const withdrawn = ok(withdraw);
    const rejected = ok(reject);
    em.clear();
    const after = await em.find(Claim, { id: { $in: ids } });
    expect(after.length).toBe(ids.length);
    for (const claim of after) {
      expect([withdrawn.get(claim.id), rejected.get(claim.id)].filter(Boolean), claim.id).toHaveLength(1);
      const events = await em.find(ClaimEvent, { claim: claim.id }, { orderBy: { createdAt: 'asc' } });
      const moves = events.slice(1).map((e) => e.status);
      expect(moves).toEqual([withdrawn.get(claim.id) ? 'withdrawn' : 'rejected']);
      expect(claim.status).toBe(moves[0]);
    }
  }, 120_000);
});
