import type { PathsObject, SchemaObject } from '@nestjs/swagger';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../common/database-unavailable';
import type { HealthReport, HealthService, LivenessReport } from './health.service';

/**
 * Readiness (`GET /api/health/`) and liveness (`GET /api/health/live/`) on Fastify's own router
 * rather than through a Nest controller, as @fastify/under-pressure serves its status route: a
 * probe needs no guard, pipe, interceptor or entity manager, and Nest's router cost a health check
 * about 20 µs of its ~55 µs of CPU (decisions §154). Every Fastify hook still runs (request id,
 * security headers, no-store, the metrics count and the log line); the report is HealthService's,
 * and an error reaches the same error handler (AllExceptionsFilter) as any route's.
 */
export function registerHealthRoutes(fastify: FastifyInstance, health: HealthService): void {
  const answer = (reply: FastifyReply, report: HealthReport): FastifyReply => {
    void reply.header('cache-control', 'no-store');
    // Any dependency down: 503 with the report as its body, and when to ask again.
    if (report.status !== 'ok')
      void reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    return reply.send(report);
  };
  // Not async: when the ping ran at once (SQLite's connection free) nothing waits for a promise.
  fastify.get('/api/health', (_request, reply) => {
    const report = health.check();
    return report instanceof Promise ? report.then((r) => answer(reply, r)) : answer(reply, report);
  });
  fastify.get('/api/health/live', (_request, reply) =>
    reply.header('cache-control', 'no-store').send(health.liveness()),
  );
}

const dependency: SchemaObject = { type: 'string', enum: ['ok', 'down'] };

/** A schema naming every property of T: a property added to the report and not here fails to compile. */
type SchemaOf<T> = SchemaObject & {
  properties: Record<keyof T & string, SchemaObject>;
  required: (keyof T & string)[];
};
const healthReport: SchemaOf<HealthReport> = {
  type: 'object',
  description: 'Readiness: the instance and every dependency it needs to serve.',
  required: ['status', 'database', 'version', 'uptime'],
  properties: {
    status: { type: 'string', enum: ['ok', 'error'] },
    database: dependency,
    redis: { ...dependency, description: 'Present when REDIS_URL is set (rate limits live there).' },
    storage: { ...dependency, description: 'Present when uploads go to S3 object storage.' },
    draining: {
      type: 'boolean',
      enum: [true],
      description: 'Present while the instance drains after SIGTERM (status "error", 503).',
    },
    version: { type: 'string' },
    uptime: { type: 'integer', description: 'Seconds since the instance started.' },
  },
};
const livenessReport: SchemaOf<LivenessReport> = {
  type: 'object',
  required: ['status', 'version', 'uptime'],
  properties: {
    status: { type: 'string', enum: ['ok'] },
    version: { type: 'string' },
    uptime: { type: 'integer' },
  },
};

/** The two reports as OpenAPI schemas (`components.schemas`): the web's `Health` type is one. */
export const HEALTH_OPENAPI_SCHEMAS: Record<string, SchemaObject> = {
  HealthReport: healthReport,
  LivenessReport: livenessReport,
};

const json = (schema: string) => ({
  'application/json': { schema: { $ref: `#/components/schemas/${schema}` } },
});

/** The two routes in the OpenAPI document (they are not a Nest controller's, so @nestjs/swagger does not see them). */
export const HEALTH_OPENAPI_PATHS: PathsObject = {
  '/api/health': {
    get: {
      operationId: 'health_readiness',
      summary: 'Readiness: 200 only when every dependency the instance needs answers',
      tags: ['health'],
      responses: {
        '200': {
          description:
            '{ status, database, redis?, storage?, version, uptime }: redis when REDIS_URL is set, storage when uploads go to S3',
          content: json('HealthReport'),
        },
        '503': {
          description:
            'The database, Redis or object storage is down, or the instance is draining (Retry-After)',
          content: json('HealthReport'),
        },
      },
    },
  },
  '/api/health/live': {
    get: {
      operationId: 'health_liveness',
      summary: 'Liveness: the process is up and serving HTTP; never looks at a dependency',
      tags: ['health'],
      responses: {
        '200': { description: '{ status: "ok", version, uptime }', content: json('LivenessReport') },
      },
    },
  },
};
