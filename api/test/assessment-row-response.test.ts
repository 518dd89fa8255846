import { EntityManager } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Assessment } from '../src/modules/assessments/assessment.entity';
import { AssessmentSql } from '../src/modules/assessments/assessment-sql';
import { toAssessmentResponse } from '../src/modules/assessments/assessment.serializer';
import { createCast, sdltAnswers, type Cast } from './fixtures/domain';
import { createTestApp, type TestApp } from './helpers/app';

// GET /api/assessment/{id}/ answers from the row (AssessmentSql.toResponse) without hydrating an
// entity: it must give exactly what toAssessmentResponse gives for the entity MikroORM maps.
describe('assessment answer from a row = from the entity', () => {
  let t: TestApp;
  let cast: Cast;
  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('in progress and submitted (results, result fields, claim, submitted_at), for owner and staff', async () => {
    const ids: string[] = [];
    for (const submit of [false, true]) {
      const saved = await t.request({
        method: 'POST',
        url: '/api/assessment/save/',
        headers: cast.clientA.headers,
        payload: { service_type: 'sdlt_refund', answers: sdltAnswers(), current_step: 2 },
      });
      expect(saved.statusCode).toBe(201);
      const id = saved.json<{ id: string }>().id;
      ids.push(id);
      if (submit) {
        const res = await t.request({
          method: 'POST',
          url: '/api/assessment/submit/',
          headers: cast.clientA.headers,
          payload: { assessment_id: id },
        });
        expect(res.statusCode).toBe(200);
      }
    }
    const em = t.app.get(EntityManager).fork();
    const sql = new AssessmentSql(em);
    for (const id of ids) {
      const row = await sql.findReadable(sql.knex(), id, null);
      expect(row).not.toBeNull();
      const fromRow = sql.toResponse(row!);
      const fromEntity = toAssessmentResponse(em.fork().map(Assessment, row as never));
      expect(fromRow).toEqual(fromEntity);
      const viaApi = await t.request({
        method: 'GET',
        url: `/api/assessment/${id}/`,
        headers: cast.staff.headers,
      });
      expect(viaApi.json()).toEqual(JSON.parse(JSON.stringify(fromEntity)));
    }
    const submitted = sql.toResponse((await sql.findReadable(sql.knex(), ids[1]!, null))!);
    expect(submitted.submitted_at).toEqual(expect.any(String));
    expect(submitted.claim_id).toEqual(expect.any(String));
    expect(submitted.results).not.toBeNull();
  });
});
