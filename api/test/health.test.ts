import { MikroORM } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MetricsService } from '../src/modules/metrics/metrics.service';
import {
  createTestApp,
  registerUser,
  bearer,
  type TestApp,
  anyString,
  anyNumber,
  matching,
} from './helpers/app';

describe('health and metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /api/health/ → {status, database, version, uptime}', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: 'ok',
      version: matching(/^\d+\.\d+\.\d+/),
      uptime: anyNumber,
    });
  });

  it('counts requests by status with latency percentiles', async () => {
    const metrics = t.app.get(MetricsService);
    const before = metrics.snapshot();
    await t.request({ method: 'GET', url: '/api/health/' });
    await t.request({ method: 'GET', url: '/users/current/' });
    const after = metrics.snapshot();
    expect(after.requests.total - before.requests.total).toBe(2);
    expect((after.requests.by_status['401'] ?? 0) - (before.requests.by_status['401'] ?? 0)).toBe(1);
    expect(after.latency_ms.p99).toBeGreaterThanOrEqual(after.latency_ms.p50);
    expect(after.latency_ms.p50).toBeGreaterThan(0);
  });

  it('database down → health 503 within 5 s; other routes 503 without internals', async () => {
    const u = await registerUser(t);
    await t.app.get(MikroORM).close(true);
    const started = Date.now();
    const res = await t.request({ method: 'GET', url: '/api/health/' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'error', database: 'down' });
    const other = await t.request({ method: 'GET', url: '/users/current/', headers: bearer(u.access) });
    expect(other.statusCode).toBe(503);
    expect(other.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: anyString,
      detail: anyString,
      requestId: anyString,
    });
    expect(other.body).not.toMatch(/knex|sqlite|postgres|stack|\.ts/i);
    await t.app.get(MikroORM).connect();
    expect((await t.request({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
  });
});
