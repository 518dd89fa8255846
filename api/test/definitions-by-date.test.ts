/* eslint-disable @typescript-eslint/no-unsafe-member-access -- response bodies are read as untyped JSON; the assertions are what check their shape */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Clock, clockOffsetDays } from '../src/common/clock';
import { createCast, sdltAnswers, type Cast } from './fixtures/domain';
import { createTestApp, type TestApp } from './helpers/app';

// Issue 9: the version used is chosen by date everywhere, from the engine's versionInForce; the
// server's business date comes from the Clock, so a scheduled version goes live with no deploy.
describe('definition version by date (server clock)', () => {
  let t: TestApp;
  let cast: Cast;
  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  const publishedOn = async (today: string) => {
    const spy = vi.spyOn(t.app.get(Clock), 'today').mockReturnValue(today);
    try {
      const res = await t.request({ method: 'GET', url: '/api/definitions/sdlt_refund/published/' });
      expect(res.statusCode).toBe(200);
      return res.json<{ definition: { version: number }; asOf: string }>();
    } finally {
      spy.mockRestore();
    }
  };

  it('GET published answers with the version in force on the server’s today, and says which day', async () => {
    // definitions/assessments/sdlt_refund: v1 from 2024-01-01, v2 from 2026-11-23.
    expect(await publishedOn('2025-06-01')).toMatchObject({ definition: { version: 1 }, asOf: '2025-06-01' });
    expect(await publishedOn('2026-11-22')).toMatchObject({ definition: { version: 1 } });
    expect(await publishedOn('2026-11-23')).toMatchObject({ definition: { version: 2 }, asOf: '2026-11-23' });
  });

  it('GET published ?as_of= gives the version in force on that day; a later day than today is for staff only', async () => {
    const get = (query: string, headers: Record<string, string> = {}) =>
      t.request({ method: 'GET', url: `/api/definitions/sdlt_refund/published/?${query}`, headers });
    const past = await get('as_of=2025-06-01');
    expect(past.statusCode).toBe(200);
    expect(past.json()).toMatchObject({ definition: { version: 1 }, asOf: '2025-06-01' });
    const future = '2099-01-01';
    expect((await get(`as_of=${future}`)).statusCode).toBe(403);
    expect((await get(`as_of=${future}`, cast.clientA.headers)).statusCode).toBe(403);
    const staff = await get(`as_of=${future}`, cast.staff.headers);
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toMatchObject({ asOf: future });
    expect((await get('as_of=2025-02-30')).statusCode).toBe(400);
  });

  it('a new assessment records the version in force on the server’s today', async () => {
    const spy = vi.spyOn(t.app.get(Clock), 'today').mockReturnValue('2025-06-01');
    try {
      const saved = await t.request({
        method: 'POST',
        url: '/api/assessment/save/',
        headers: cast.clientA.headers,
        payload: { service_type: 'sdlt_refund', answers: sdltAnswers(), current_step: 0 },
      });
      expect(saved.statusCode, saved.body).toBe(201);
      expect(saved.json().definition_version).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('RECLAIM_CLOCK_OFFSET moves the business date by whole days, and is refused in production', () => {
    expect(clockOffsetDays({})).toBe(0);
    expect(clockOffsetDays({ RECLAIM_CLOCK_OFFSET: '+30d' })).toBe(30);
    expect(clockOffsetDays({ RECLAIM_CLOCK_OFFSET: '-2d' })).toBe(-2);
    expect(clockOffsetDays({ RECLAIM_CLOCK_OFFSET: '45' })).toBe(45);
    expect(() => clockOffsetDays({ RECLAIM_CLOCK_OFFSET: 'tomorrow' })).toThrow('whole days');
    expect(() => clockOffsetDays({ RECLAIM_CLOCK_OFFSET: '+1d', NODE_ENV: 'production' })).toThrow(
      'must not be set in production',
    );
  });
});
