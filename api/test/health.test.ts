import { MikroORM } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_DB_TIMEOUT_MS } from '../src/modules/health/health.service';
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
    expect(res.headers['cache-control']).toBe('no-store');
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

  // "Within 5 s" is held by HEALTH_DB_TIMEOUT_MS, not by a stopwatch (no timed assertions): a
  // database that takes every connection and never answers still gets a 503 from the timeout.
  it('database not answering (every pooled connection busy) → health 503 by its own timeout', async () => {
    expect(HEALTH_DB_TIMEOUT_MS).toBeLessThan(5000);
    const orm = t.app.get(MikroORM);
    const poolMax = orm.config.get('pool')?.max ?? 1;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started: Promise<void>[] = [];
    const holders = Array.from({ length: poolMax }, () => {
      let ready!: () => void;
      started.push(new Promise<void>((resolve) => (ready = resolve)));
      return orm.em.fork().transactional(async (em) => {
        await em.getConnection().execute('select 1', [], 'get', em.getTransactionContext());
        ready();
        await gate;
      });
    });
    try {
      await Promise.all(started);
      const res = await t.request({ method: 'GET', url: '/api/health/' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'error', database: 'down' });
    } finally {
      release();
      await Promise.all(holders);
    }
    expect((await t.request({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
  });

  it('database down → health 503; other routes 503 without internals', async () => {
    const u = await registerUser(t);
    await t.app.get(MikroORM).close(true);
    const res = await t.request({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      status: 'error',
      database: 'down',
      version: matching(/^\d+\.\d+\.\d+/),
      uptime: anyNumber,
    });
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
