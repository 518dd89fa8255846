/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- response bodies are read as untyped JSON; the assertions check their shape */
import { MikroORM } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLUSTER_CHANNEL, ClusterEvents } from '../src/common/cluster/cluster-events';
import { createCast, releaseDraft, type Cast } from './fixtures/domain';
import { createSecondApp, createTestApp, type TestApp } from './helpers/app';

// SECURITY row 32: a publish or rollback on one instance is what every instance serves.
const publishedVersion = async (app: TestApp): Promise<number> =>
  (await app.request({ method: 'GET', url: '/api/definitions/sdlt_refund/published/' })).json().definition
    .version as number;

/** Polls `app` until it serves `version`; the deadline only stops a hung test (it is not the 1 s). */
async function waitForVersion(app: TestApp, version: number, deadlineMs = 15_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    if ((await publishedVersion(app)) === version) return Date.now() - started;
    if (Date.now() - started > deadlineMs) throw new Error(`still not serving v${version}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('published definitions across instances', () => {
  let a: TestApp;
  let b: TestApp;
  let cast: Cast;
  let v1: Record<string, unknown>;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createSecondApp(a, { migrate: false });
    await b.app.get(ClusterEvents).ready();
    cast = await createCast(a);
    v1 = (await a.request({ method: 'GET', url: '/api/definitions/sdlt_refund/published/' })).json()
      .definition;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const publishNext = async (on: TestApp): Promise<number> => {
    const draft = await on.request({
      method: 'PUT',
      url: '/api/definitions/sdlt_refund/draft/',
      headers: cast.staff.headers,
      payload: { definition: { ...structuredClone(v1), tests: [] } },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const version = draft.json().version as number;
    const published = await releaseDraft(on, 'sdlt_refund', version, cast.staff, cast.admin);
    expect(published.statusCode, published.body).toBe(200);
    return version;
  };

  it('the instance that publishes serves the new version at once (both drivers)', async () => {
    const before = await publishedVersion(a);
    const version = await publishNext(a);
    expect(version).toBe(before + 1);
    expect(await publishedVersion(a)).toBe(version);
  });

  it.skipIf(process.env.TEST_DATABASE_URL === undefined || process.env.TEST_DATABASE_URL === '')(
    'PostgreSQL: a publish on one instance and a rollback on the other are served by both',
    async () => {
      expect(a.driver).toBe('postgresql');
      // Both have the current version cached.
      const current = await publishedVersion(a);
      expect(await publishedVersion(b)).toBe(current);
      const version = await publishNext(a);
      await waitForVersion(b, version);
      // A token from one instance works on the other, and the rollback goes the other way.
      const rollback = await b.request({
        method: 'POST',
        url: '/api/definitions/sdlt_refund/rollback/',
        headers: cast.admin.headers,
        payload: { reason: 'Two-instance rollback test' },
      });
      expect(rollback.statusCode, rollback.body).toBeLessThan(300);
      await waitForVersion(a, current);
      expect(await publishedVersion(b)).toBe(current);
    },
  );

  it.skipIf(process.env.TEST_DATABASE_URL === undefined || process.env.TEST_DATABASE_URL === '')(
    'PostgreSQL: a dropped listening connection reconnects, and nothing published meanwhile is missed',
    async () => {
      const orm = a.app.get(MikroORM);
      const listeners = async (): Promise<number[]> => {
        const rows: { pid: number }[] = await orm.em
          .getConnection()
          .execute('select pid from pg_stat_activity where datname = current_database() and query = ?', [
            `LISTEN ${CLUSTER_CHANNEL}`,
          ]);
        return rows.map((r) => r.pid);
      };
      expect((await listeners()).length).toBe(2);
      const current = await publishedVersion(b);
      // Cut b's (and a's) listener, then publish before they are back.
      for (const pid of await listeners())
        await orm.em.getConnection().execute('select pg_terminate_backend(?)', [pid]);
      const version = await publishNext(a);
      expect(version).toBeGreaterThan(current);
      await waitForVersion(b, version);
      // Both listen again.
      const deadline = Date.now() + 15_000;
      while ((await listeners()).length < 2 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect((await listeners()).length).toBe(2);
    },
  );
});
