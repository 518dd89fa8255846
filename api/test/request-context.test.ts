import { AsyncLocalStorage } from 'node:async_hooks';
import { EntityManager, MikroORM, RequestContext, TransactionContext } from '@mikro-orm/core';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerRequestStore } from '../src/common/request-store';
import { createTestApp, registerUser, type TestApp } from './helpers/app';

describe('request store (one identity map per request, forked on first use)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('each request gets its own fork of the global manager, the same one throughout the request', async () => {
    const orm = t.app.get(MikroORM);
    const em = t.app.get(EntityManager);
    const probe = Fastify();
    registerRequestStore(probe, orm.em);
    let forks = 0;
    const fork = orm.em.fork.bind(orm.em);
    orm.em.fork = (options) => {
      forks++;
      return fork(options);
    };
    probe.get('/touch', async () => {
      // The injected manager resolves to the request's fork (MikroORM's `context` option).
      const first = em.getContext();
      await new Promise((resolve) => setImmediate(resolve));
      const again = em.getContext();
      return { id: first.id, same: first === again, global: first === orm.em };
    });
    probe.get('/idle', () => ({ ok: true }));
    try {
      const a = (await probe.inject({ method: 'GET', url: '/touch' })).json<Record<string, unknown>>();
      const b = (await probe.inject({ method: 'GET', url: '/touch' })).json<Record<string, unknown>>();
      expect(a).toMatchObject({ same: true, global: false });
      expect(b).toMatchObject({ same: true, global: false });
      expect(a.id).not.toBe(b.id);
      expect(forks).toBe(2);
      await probe.inject({ method: 'GET', url: '/idle' });
      expect(forks).toBe(2);
    } finally {
      orm.em.fork = fork;
      await probe.close();
    }
  });

  it('routes that need only who is asking (the assessment read and save) make no fork and map no user', async () => {
    const orm = t.app.get(MikroORM);
    const u = await registerUser(t);
    const auth = { authorization: `Bearer ${u.access}` };
    const created = await t.request({
      method: 'POST',
      url: '/api/assessment/save/',
      headers: auth,
      payload: { service_type: 'sdlt_refund', answers: {}, current_step: 0 },
    });
    expect(created.statusCode).toBe(201);
    const { assessment_id: id, version } = created.json<{ assessment_id: string; version: number }>();
    let forks = 0;
    const fork = orm.em.fork.bind(orm.em);
    orm.em.fork = (options) => {
      forks++;
      return fork(options);
    };
    try {
      const read = await t.request({ method: 'GET', url: `/api/assessment/${id}/`, headers: auth });
      expect(read.statusCode).toBe(200);
      const saved = await t.request({
        method: 'POST',
        url: '/api/assessment/save/',
        headers: auth,
        payload: { assessment_id: id, version, service_type: 'sdlt_refund', answers: {}, current_step: 1 },
      });
      expect(saved.statusCode).toBe(200);
      expect(forks).toBe(0);
      // a route that takes the User entity still gets it, mapped in its own request's fork
      const me = await t.request({ method: 'GET', url: '/users/current/', headers: auth });
      expect(me.statusCode).toBe(200);
      expect(me.json<{ id: string }>().id).toBe(u.user.id);
      expect(forks).toBe(1);
    } finally {
      orm.em.fork = fork;
    }
  });

  it("runs requests in one store: MikroORM's own request context is never entered", async () => {
    const orm = t.app.get(MikroORM);
    const storage = (RequestContext as unknown as { storage: AsyncLocalStorage<unknown> }).storage;
    // Node 20's AsyncLocalStorage: `enabled` once run() or enterWith() was called on it.
    const enabled = () => (storage as unknown as { enabled?: boolean }).enabled ?? false;
    const u = await registerUser(t);
    const res = await t.request({
      method: 'GET',
      url: '/users/current/',
      headers: { authorization: `Bearer ${u.access}` },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
    expect(enabled()).toBe(false);
    // Outside a request (scripts, tests), RequestContext.create() still gives em.getContext() its fork.
    RequestContext.create(orm.em, () => {
      const em = orm.em.getContext();
      expect(em).not.toBe(orm.em);
      expect(em).toBe(RequestContext.getEntityManager());
    });
    // A transaction's manager still wins over the request's fork.
    await orm.em.fork().transactional((tx) => {
      expect(TransactionContext.getEntityManager()).toBe(tx);
      expect(orm.em.getContext()).toBe(tx);
      return Promise.resolve();
    });
  });
});
