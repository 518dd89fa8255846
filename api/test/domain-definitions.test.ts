/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- response bodies are read as untyped JSON; the assertions are what check their shape */
import { EntityManager } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssessmentDefinition } from '@reclaim/engine';
import { ActivityLog } from '../src/modules/activity-logs/activity-log.entity';
import { Clock } from '../src/common/clock';
import { createCast, releaseDraft, sdltAnswers, type Cast } from './fixtures/domain';
import { createTestApp, type TestApp } from './helpers/app';

// D7: a published version never changes; advisers draft, check, try, see the impact, publish, roll back.
describe('definitions: the advisers’ draft → publish → rollback cycle', () => {
  let t: TestApp;
  let cast: Cast;
  let v1: AssessmentDefinition;
  // The published version when the test starts (files under definitions/ may hold several); the draft is next.
  let cur: number;
  let next: number;
  let submittedId: string;
  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t);
    v1 = (await t.request({ method: 'GET', url: '/api/definitions/sdlt_refund/published/' })).json()
      .definition;
    cur = v1.version;
    next = cur + 1;
    const saved = await t.request({
      method: 'POST',
      url: '/api/assessment/save/',
      headers: cast.clientA.headers,
      payload: { service_type: 'sdlt_refund', answers: sdltAnswers(), current_step: 0 },
    });
    submittedId = saved.json().id;
    await t.request({
      method: 'POST',
      url: '/api/assessment/submit/',
      headers: cast.clientA.headers,
      payload: { assessment_id: submittedId },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** v1 with the Likely band raised from 75 to 90: the seeded mixed-use answers (score 85) become Possible. */
  function stricter(): AssessmentDefinition {
    const copy = structuredClone(v1);
    if (!('bands' in copy.eligibility)) throw new Error('sdlt_refund v1 is expected to be scored');
    copy.eligibility.bands.find((b) => b.likelihood === 'Likely')!.min = 90;
    // The definition's own tests describe v1; a draft carries tests that hold for it.
    copy.tests = [];
    return copy;
  }

  it('a draft is checked by the engine: an invalid one is refused naming the path', async () => {
    const { questionnaire: _dropped, ...broken } = structuredClone(v1);
    const res = await t.request({
      method: 'PUT',
      url: '/api/definitions/sdlt_refund/draft/',
      headers: cast.staff.headers,
      payload: { definition: broken },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().errors)).toContain('questionnaire');
    const wrongId = await t.request({
      method: 'PUT',
      url: '/api/definitions/sdlt_refund/draft/',
      headers: cast.staff.headers,
      payload: { definition: { ...v1, id: 'patent_box' } },
    });
    expect(wrongId.statusCode).toBe(400);
  });

  it('draft, try, impact, publish: new assessments use the new version, stored ones keep theirs', async () => {
    const draft = await t.request({
      method: 'PUT',
      url: '/api/definitions/sdlt_refund/draft/',
      headers: cast.staff.headers,
      payload: { definition: stricter() },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json()).toMatchObject({ id: 'sdlt_refund', version: next, status: 'draft' });
    // Saving again replaces the open draft rather than adding versions.
    const again = await t.request({
      method: 'PUT',
      url: '/api/definitions/sdlt_refund/draft/',
      headers: cast.staff.headers,
      payload: { definition: stricter() },
    });
    expect(again.json().version).toBe(next);
    expect(
      (await t.request({ method: 'GET', url: '/api/definitions/sdlt_refund/published/' })).json().definition
        .version,
    ).toBe(cur);

    const tried = await t.request({
      method: 'POST',
      url: `/api/definitions/sdlt_refund/drafts/${next}/try/`,
      headers: cast.staff.headers,
      payload: { answers: sdltAnswers() },
    });
    expect(tried.statusCode).toBe(200);
    expect(tried.json().eligibility).toMatchObject({ score: 85, likelihood: 'Possible' });

    const impact = await t.request({
      method: 'GET',
      url: `/api/definitions/sdlt_refund/drafts/${next}/impact/`,
      headers: cast.staff.headers,
    });
    expect(impact.json().changed.map((c: { assessment_id: string }) => c.assessment_id)).toContain(
      submittedId,
    );
    const mine = impact
      .json()
      .changed.find((c: { assessment_id: string }) => c.assessment_id === submittedId);
    expect(mine).toMatchObject({ before: { likelihood: 'Likely' }, after: { likelihood: 'Possible' } });

    // Published through the release workflow (issue 9): staff submit, the admin approves and publishes.
    const published = await releaseDraft(t, 'sdlt_refund', next, cast.staff, cast.admin);
    expect(published.json()).toMatchObject({
      version: next,
      status: 'published',
      effectiveFrom: t.app.get(Clock).today(),
    });
    expect(
      (await t.request({ method: 'GET', url: '/api/definitions/sdlt_refund/published/' })).json().definition
        .version,
    ).toBe(next);
    const fresh = await t.request({
      method: 'POST',
      url: '/api/assessment/save/',
      headers: cast.clientA.headers,
      payload: { service_type: 'sdlt_refund', answers: sdltAnswers(), current_step: 0 },
    });
    expect(fresh.json().definition_version).toBe(next);
    const submitted = await t.request({
      method: 'POST',
      url: '/api/assessment/submit/',
      headers: cast.clientA.headers,
      payload: { assessment_id: fresh.json().id },
    });
    expect(submitted.json().assessment.results.eligibility.likelihood).toBe('Possible');
    // The stored assessment keeps the version it started with and its result.
    const old = (
      await t.request({
        method: 'GET',
        url: `/api/assessment/${submittedId}/`,
        headers: cast.clientA.headers,
      })
    ).json();
    expect(old).toMatchObject({
      definition_version: cur,
      results: { eligibility: { likelihood: 'Likely' } },
    });

    // Publishing a published version again is impossible (it is no longer a draft).
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/definitions/sdlt_refund/drafts/${next}/publish/`,
          headers: cast.admin.headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('emergency rollback (ADMIN, with a reason) retires the version in force; there must be one to fall back to; both are logged', async () => {
    const reason = { reason: 'Wrong threshold went live' };
    const byStaff = await t.request({
      method: 'POST',
      url: '/api/definitions/sdlt_refund/rollback/',
      headers: cast.staff.headers,
      payload: reason,
    });
    expect(byStaff.statusCode).toBe(403);
    const res = await t.request({
      method: 'POST',
      url: '/api/definitions/sdlt_refund/rollback/',
      headers: cast.admin.headers,
      payload: reason,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      retired: { version: next, status: 'retired' },
      current: { version: cur },
    });
    expect(
      (await t.request({ method: 'GET', url: '/api/definitions/sdlt_refund/published/' })).json().definition
        .version,
    ).toBe(cur);
    // Older published versions can be rolled back to in turn, down to the first; then there is none left.
    const rollback = () =>
      t.request({
        method: 'POST',
        url: '/api/definitions/sdlt_refund/rollback/',
        headers: cast.admin.headers,
        payload: reason,
      });
    for (let v = cur; v > 1; v -= 1)
      expect((await rollback()).json()).toMatchObject({ current: { version: v - 1 } });
    expect((await rollback()).statusCode).toBe(409);
    const em = t.app.get(EntityManager).fork();
    expect(
      await em.count(ActivityLog, { action: 'definition_publish', targetId: `sdlt_refund@${next}` }),
    ).toBe(1);
    expect(
      await em.count(ActivityLog, { action: 'definition_rollback', targetId: `sdlt_refund@${next}` }),
    ).toBe(1);
    // An assessment on the retired version still re-evaluates with it (D7): its record is unchanged.
    const list = (
      await t.request({ method: 'GET', url: '/api/assessments/', headers: cast.clientA.headers })
    ).json();
    expect(list.some((a: { definition_version: number }) => a.definition_version === next)).toBe(true);
  });

  it('clients cannot reach the advisers’ calls', async () => {
    expect(
      (
        await t.request({
          method: 'PUT',
          url: '/api/definitions/sdlt_refund/draft/',
          headers: cast.clientA.headers,
          payload: { definition: v1 },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/definitions/sdlt_refund/rollback/',
          headers: cast.clientA.headers,
        })
      ).statusCode,
    ).toBe(403);
  });
});
