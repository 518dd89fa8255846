import { type EntityManager, RequestContext } from '@mikro-orm/core';
import { storage } from 'nestjs-pino/storage';

/**
 * The request's fork of the global entity manager, made on first use: a request that never
 * touches the entity manager (the health check, static files, a 401 before any query) does not
 * pay for a fork. Carried by the request's one store (`RequestStore` in common/logging.ts), not
 * by MikroORM's own `RequestContext` storage: every AsyncLocalStorage in use adds its work to
 * every promise the process creates, so a request runs in one store, not one per library.
 */
export class LazyFork {
  private em: EntityManager | undefined;
  private forking = false;

  constructor(private readonly root: EntityManager) {}

  get(name: string): EntityManager | undefined {
    if (name !== this.root.name) return undefined;
    if (this.em === undefined && !this.forking) {
      // While the fork is built it asks for the context again: answer "none", as
      // RequestContext.create() does (its context does not exist until the fork does).
      this.forking = true;
      try {
        this.em = this.root.fork({ useContext: true, disableContextResolution: true });
      } finally {
        this.forking = false;
      }
    }
    return this.em;
  }
}

/** A store that carries the request's fork (the request store does). */
interface WithFork {
  fork?: LazyFork;
}

/**
 * MikroORM's `context` option: the entity manager `em.getContext()` resolves to (after a
 * transaction's, which MikroORM checks first). The request's fork when called during a request;
 * otherwise MikroORM's own `RequestContext` (`RequestContext.create()`, used by scripts and tests),
 * which is what the option does by default.
 */
export function requestEntityManager(name: string): EntityManager | undefined {
  const fork = (storage.getStore() as WithFork | undefined)?.fork;
  return fork !== undefined ? fork.get(name) : RequestContext.getEntityManager(name);
}
