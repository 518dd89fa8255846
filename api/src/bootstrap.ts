import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import { MikroORM } from '@mikro-orm/core';
import { ShutdownSignal } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import {
  compressOnlyAboveThreshold,
  noRequestDecompressionWithoutBody,
  registerMultipart,
} from './common/plugin-hooks';
import { installBoundedJson } from './common/bounded-json';
import { buildErrorBody } from './common/errors';
import { bearerToken, INVALID_TOKEN, JwtAuthGuard, NO_CREDENTIALS } from './common/jwt-auth.guard';
import { FORBIDDEN_DETAIL } from './common/roles.guard';
import { logResponse } from './common/logging';
import { registerRequestStore } from './common/request-store';
import {
  PERMISSIONS_POLICY,
  registerNoStoreForCredentials,
  registerSecurityHeaders,
} from './common/security-headers';
import { createValidationPipe } from './common/validation';
import { type AppConfig, type ConfigOverrides, loadConfig, setConfig } from './config/config';
import { withMigrationLock } from './database/migration-lock';
import { seedDatabase } from './database/seed';
import { MAX_UPLOAD_BYTES } from './modules/documents/documents.service';
import {
  HEALTH_OPENAPI_PATHS,
  HEALTH_OPENAPI_SCHEMAS,
  registerHealthRoutes,
} from './modules/health/health.routes';
import { HealthService } from './modules/health/health.service';
import { MetricsService } from './modules/metrics/metrics.service';
import { FileStorage } from './modules/storage/file-storage';
import { registerWebApp } from './web-app';

export interface CreateAppOptions extends ConfigOverrides {
  /** Run migrations and seed steps (default true). */
  migrate?: boolean;
  /** Where the generated admin password is printed (default stdout). */
  announce?: (line: string) => void;
}

/** Bytes: smaller JSON answers are sent as they are. */
const COMPRESS_THRESHOLD = 1024;

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // SurveyJS and React set inline styles.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

export function helmetOptions(config: Pick<AppConfig, 'isProduction'>) {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    hsts: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' as const },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  };
}

export async function runMigrations(orm: MikroORM): Promise<void> {
  await orm.getMigrator().up();
}

/**
 * Builds the whole application (used by main.ts and by every test): config, Fastify, security
 * headers, logging, validation, OpenAPI, migrations and seed, then the web app. Returns it
 * initialised but not listening: call `app.listen(...)` or use `app.inject(...)`.
 */
export async function createApp(options: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  const { migrate = true, announce, ...overrides } = options;
  const config = loadConfig(overrides);
  setConfig(config);

  const adapter = new FastifyAdapter({
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: config.bodyLimitBytes,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    logger: false,
    // No Nest middleware (nestjs-pino's is mounted for no route, see logging.ts), so no
    // @fastify/middie: its onRequest hook ran on every request to find nothing to run. A
    // middleware added later fails at start (middie provides the `use` it is registered with).
    skipMiddie: true,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    bufferLogs: true,
    abortOnError: false,
    // Nest's own parsers (JSON through Fastify's default, URL-encoded) are replaced by the
    // bounded JSON parser below; URL-encoded bodies are not part of the API (415).
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  // NestFactory.create does not flush on useLogger(): without this the buffer stays attached and
  // every later Nest Logger line (the 5xx causes among them) is kept in memory, never written.
  app.flushLogs();
  app.useGlobalPipes(createValidationPipe());
  // SIGTERM drains first (main.ts, common/drain.ts); the other signals close at once.
  app.enableShutdownHooks(Object.values(ShutdownSignal).filter((s) => s !== ShutdownSignal.SIGTERM));

  const fastify = app.getHttpAdapter().getInstance();
  // Errors raised by Fastify itself (bad JSON, body too large) reach AllExceptionsFilter through
  // the error handler Nest installs at init.
  // Bounded JSON (issue 10): depth, size, keys, strings, NUL and lone surrogates checked while
  // parsing, before any DTO code runs; larger limits on the studio's definition routes.
  installBoundedJson(fastify, config.bodyLimitBytes);

  // The request's id header and its one store (request logger, ORM fork): see request-store.ts.
  registerRequestStore(fastify, app.get(MikroORM).em);
  const metrics = app.get(MetricsService);
  // One onResponse hook: the request counted (GET /api/metrics/) and its log line.
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.record(reply.statusCode, reply.elapsedTime);
    logResponse(request, reply);
    done();
  });

  // Helmet's headers on every response, computed once at start (see security-headers.ts).
  // Permissions-Policy beside them (pages and API alike; issue 25 §3).
  registerSecurityHeaders(fastify, helmetOptions(config), [['permissions-policy', PERMISSIONS_POLICY]]);
  registerNoStoreForCredentials(fastify);
  // JSON answers compressed when the client accepts it and the body is worth it (a results page
  // answer is 20–60 KB). Brotli at quality 4: most of the saving for a fraction of the default's
  // CPU. Static files are already pre-compressed at build time and keep their Content-Encoding.
  // Compressed request bodies are inflated as before, on the routes that read a body.
  noRequestDecompressionWithoutBody(fastify);
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  compressOnlyAboveThreshold(fastify, COMPRESS_THRESHOLD);
  // Document uploads (H6): request.parts() with these limits; larger files → 413 in DocumentsController.
  // Its clean-up hook only on the routes that read a body (plugin-hooks.ts).
  await registerMultipart(fastify, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 200, parts: 12 },
  });
  if (config.corsOrigins.length > 0) {
    app.enableCors({
      origin: config.corsOrigins,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id'],
      exposedHeaders: ['X-Request-Id', 'Content-Disposition'],
      credentials: false,
      maxAge: 600,
    });
  }

  // A misconfigured bucket stops the start with its reason (before the seed stores a file),
  // not the first upload.
  await app.get(FileStorage).check();

  if (migrate) {
    const orm = app.get(MikroORM);
    await withMigrationLock(config, async () => {
      await runMigrations(orm);
      await seedDatabase(orm.em.fork(), config, { announce, storage: app.get(FileStorage) });
    });
  }

  await registerWebApp(app, config);
  await app.init();
  // After init: a route added on Fastify directly takes the error handler in force when it is
  // added, and Nest sets its own (AllExceptionsFilter: the contract's error body, 503 with
  // Retry-After when the database is unavailable) during init.
  registerHealthRoutes(fastify, app.get(HealthService));
  setupOpenApi(app, config);
  await fastify.ready();
  return app;
}

/**
 * The OpenAPI document and its UI. Outside production both are public (developers, the fuzz and
 * contract tests). In production the UI is off and the document is staff-only (a STAFF or ADMIN
 * access token), unless API_DOCS_PUBLIC=true: it maps every route an attacker could try.
 */
function setupOpenApi(app: NestFastifyApplication, config: AppConfig): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Reclaim API')
      .setDescription(
        'UK tax reclaim advisory: auth, users, assessments, claims, messages, documents, news and admin.',
      )
      .setVersion(config.version)
      .addBearerAuth()
      .build(),
  );
  // The health routes are Fastify's own (health.routes.ts): their entries are added by hand.
  Object.assign(document.paths, HEALTH_OPENAPI_PATHS);
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...HEALTH_OPENAPI_SCHEMAS },
  };
  if (!config.isProduction || config.apiDocsPublic) {
    SwaggerModule.setup('api/docs', app, document, {
      jsonDocumentUrl: 'api/docs-json',
      raw: ['json'],
      ui: !config.isProduction,
    });
    return;
  }
  const guard = app.get(JwtAuthGuard);
  const fastify = app.getHttpAdapter().getInstance();
  fastify.get('/api/docs-json', async (request, reply) => {
    const token = bearerToken(request.headers.authorization);
    const found = token === null ? null : await guard.authenticate(token);
    if (found === null) {
      return reply
        .status(401)
        .send(buildErrorBody(401, token === null ? NO_CREDENTIALS : INVALID_TOKEN, String(request.id)));
    }
    if (!found.identity.isStaff) {
      return reply.status(403).send(buildErrorBody(403, FORBIDDEN_DETAIL, String(request.id)));
    }
    return reply.send(document);
  });
}
