import type { EntityManager } from '@mikro-orm/core';
import type { FastifyInstance } from 'fastify';
import { PinoLogger } from 'nestjs-pino';
import { type Store, storage } from 'nestjs-pino/storage';
import type pino from 'pino';
import { LazyFork } from '../database/request-context';

/**
 * What a request carries through its async calls, in one AsyncLocalStorage: nestjs-pino's
 * (its `Logger` reads that storage and nothing else), so the store is nestjs-pino's `Store`
 * with the ORM's per-request fork beside the logger (MikroORM finds it through its `context`
 * option, `requestEntityManager`). One store rather than one per library: in Node 20 every
 * AsyncLocalStorage in use adds its work to every promise, timer and tick the process creates.
 *
 * The request's child logger and its fork are both made on first use, not for every request.
 */
export class RequestStore implements Store {
  private current: pino.Logger | undefined;
  responseLogger?: pino.Logger;
  readonly fork: LazyFork;
  /** Since when the request has waited for the database with no answer (database-wait.ts). */
  databaseWaitingSince: number | undefined = undefined;

  constructor(
    private readonly root: pino.Logger,
    private readonly reqId: unknown,
    em: EntityManager,
  ) {
    this.fork = new LazyFork(em);
  }

  get logger(): pino.Logger {
    return (this.current ??= this.root.child({ reqId: this.reqId }));
  }

  set logger(logger: pino.Logger) {
    this.current = logger;
  }
}

/**
 * One onRequest hook: the request's id on the response (`X-Request-Id`) and the rest of the
 * request run inside its store. The root logger is LoggerModule's (set when the app initialises).
 */
export function registerRequestStore(fastify: FastifyInstance, em: EntityManager): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    storage.run(new RequestStore(PinoLogger.root, request.id, em), done);
  });
}
