import { EntityManager, MikroORM, RequestContext } from '@mikro-orm/core';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerRequestContext } from '../src/database/request-context';
import { createTestApp, type TestApp } from './helpers/app';

describe('request context (one identity map per request, forked on first use)', () => {
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
    registerRequestContext(probe, orm);
    let forks = 0;
    const fork = orm.em.fork.bind(orm.em);
    orm.em.fork = (options) => {
      forks++;
      return fork(options);
    };
    probe.get('/touch', async () => {
      const first = RequestContext.getEntityManager();
      await new Promise((resolve) => setImmediate(resolve));
      const again = RequestContext.getEntityManager();
      // The injected manager resolves to the request's fork.
      return { id: first?.id, same: first === again && em.getContext() === first, global: first === orm.em };
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
});
