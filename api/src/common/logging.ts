import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PinoLogger, type Params } from 'nestjs-pino';
import pino from 'pino';
import type { AppConfig } from '../config/config';

// Keys whose values never reach a log line, at any depth (case-insensitive).
const SECRET_KEYS =
  /^(password|new_password|current_password|old_password|token|access|refresh|authorization|cookie|set-cookie|secret|jwt|password_hash|passwordhash|tokenhash|token_hash)$/i;
const JWT_LIKE = /eyJ[\w-]*\.[\w-]*\.?[\w-]*/g;
// Password hashes can appear inside driver error messages (the failed SQL and its parameters).
const ARGON2_HASH = /\$argon2(?:id|i|d)\$[^\s,'"\]]+/g;
export const REDACTED = '[REDACTED]';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Copies plain objects/arrays, replacing secret-named fields and JWT-looking strings. */
export function redactDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(JWT_LIKE, REDACTED).replace(ARGON2_HASH, REDACTED);
  if (depth > 8) return value;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, depth + 1));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value))
    out[key] = SECRET_KEYS.test(key) ? REDACTED : redactDeep(v, depth + 1);
  return out;
}

/** Strips secrets carried in URLs: reset links and token-like query parameters. */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/(?:password-reset-confirm|accept-invite|login-link)\/[^/?#]+\/)[^/?#]+/i, `$1${REDACTED}`)
    .replace(/([?&](?:token|access|refresh|password|key)=)[^&#]*/gi, `$1${REDACTED}`)
    .replace(JWT_LIKE, REDACTED);
}

export function createLoggerParams(config: AppConfig): Params {
  const destination = config.logFile
    ? pino.destination({ dest: config.logFile, mkdir: true, sync: config.nodeEnv === 'test' })
    : pino.destination({ dest: 1, sync: false });
  return {
    pinoHttp: [
      {
        level: config.logLevel,
        // Fastify already gave the request an id; reuse it so log lines and error bodies match.
        genReqId: (req: IncomingMessage) => {
          const id = (req as IncomingMessage & { id?: unknown }).id;
          return typeof id === 'string' || typeof id === 'number' ? id : 'unknown';
        },
        redact: {
          paths: [
            'req.headers.authorization',
            'req.headers.cookie',
            'res.headers["set-cookie"]',
            'req.body',
            'res.body',
          ],
          censor: REDACTED,
        },
        serializers: {
          req: (req: {
            id?: unknown;
            method?: string;
            url?: string;
            headers?: Record<string, unknown>;
            remoteAddress?: string;
          }) => ({
            id: req.id,
            method: req.method,
            url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
            remoteAddress: req.remoteAddress,
            userAgent: req.headers?.['user-agent'],
          }),
          res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
          // Errors become plain objects first, so their message, stack and driver fields are redacted too.
          err: (err: Error) => redactDeep({ ...pino.stdSerializers.err(err) }),
        },
        formatters: {
          log: (object: Record<string, unknown>) => redactDeep(object) as Record<string, unknown>,
        },
        customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) =>
          err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'info' : 'info',
        autoLogging: true,
        quietReqLogger: true,
      },
      destination,
    ],
    // pino-http's middleware is not mounted: it built two child loggers per request (serialising
    // the request into one) whether or not anything was logged, about 15 % of a health check.
    // registerRequestLogging() writes the same lines from two Fastify hooks instead.
    forRoutes: [],
  };
}

/**
 * The request log as pino-http wrote it (one "request completed" line per response at info,
 * "request errored" at error for a 5xx, with reqId, req, res and responseTime), written from the
 * app's onResponse hook (bootstrap.ts). The request-scoped logger for `Logger` calls made while
 * a request runs (lines carry its reqId) is the request store's (common/request-store.ts). The
 * root logger is LoggerModule's (set when the app initialises).
 */
export function logResponse(request: FastifyRequest, reply: FastifyReply): void {
  const root = PinoLogger.root;
  const status = reply.statusCode;
  const level = status >= 500 ? 'error' : 'info';
  if (!root.isLevelEnabled(level)) return;
  // pino-http's request serialiser reads the id from the Node request.
  const raw = request.raw as IncomingMessage & { id?: unknown };
  raw.id = request.id;
  const log = root.child({ reqId: request.id, req: raw });
  const responseTime = Math.round(reply.elapsedTime);
  if (status >= 500)
    log.error(
      { res: reply.raw, err: new Error(`failed with status code ${status}`), responseTime },
      'request errored',
    );
  else log.info({ res: reply.raw, responseTime }, 'request completed');
}
