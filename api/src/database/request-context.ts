import type { AsyncLocalStorage } from 'node:async_hooks';
import { type EntityManager, type MikroORM, RequestContext } from '@mikro-orm/core';
import type { FastifyInstance } from 'fastify';

// RequestContext.create() forks at once; the storage it runs in is the one every
// RequestContext.getEntityManager() reads (private in the typings, public at run time).
const storage = (RequestContext as unknown as { storage: AsyncLocalStorage<RequestContext> }).storage;

/**
 * The request context's forks, made on first use: a request that never touches the entity
 * manager (the health check, static files, a 401 before any query) does not pay for a fork.
 */
class LazyForks extends Map<string, EntityManager> {
  private forking = false;

  constructor(private readonly root: EntityManager) {
    super();
  }

  override get(name: string): EntityManager | undefined {
    let em = super.get(name);
    if (em === undefined && name === this.root.name && !this.forking) {
      // While the fork is built it asks for the context again: answer "none", as
      // RequestContext.create() does (its context does not exist until the fork does).
      this.forking = true;
      try {
        em = this.root.fork({ useContext: true, disableContextResolution: true });
      } finally {
        this.forking = false;
      }
      super.set(name, em);
    }
    return em;
  }
}

/**
 * MikroORM's request context (what @mikro-orm/nestjs's middleware does, `RequestContext.create`)
 * as one Fastify hook: every request gets its own identity map, forked when first asked for.
 */
export function registerRequestContext(fastify: FastifyInstance, orm: MikroORM): void {
  fastify.addHook('onRequest', (_request, _reply, done) => {
    storage.run(new RequestContext(new LazyForks(orm.em)), done);
  });
}
