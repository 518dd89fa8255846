import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast, sdltAnswers, type Cast } from './fixtures/domain';
import { createTestApp, type TestApp } from './helpers/app';

describe('assessments: save, optimistic locking, submit', () => {
  let t: TestApp;
  let cast: Cast;
  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates on the first save (201), records the definition version and answers by question id', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/assessment/save/',
      headers: cast.clientA.headers,
      payload: { service_type: 'sdlt_refund', answers: { propertyTypeSDR: 'Residential' }, current_step: 1 },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ service_type: 'sdlt_refund', assessment_type: 'sdlt_refund', status: 'in_progress', version: 1, definition_version: 1, current_step: 1 });
    expect(body.assessment_id).toBe(body.id);
  });
});
