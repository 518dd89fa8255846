import { createRequire } from 'node:module';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

type HelmetOptions = Omit<FastifyHelmetOptions, 'global' | 'enableCSPNonces'>;
type HelmetMiddleware = (
  req: unknown,
  res: { setHeader(name: string, value: string): void; removeHeader(name: string): void },
  next: (err?: unknown) => void,
) => void;

// The helmet that @fastify/helmet itself uses (its dependency, resolved from its own location).
const requireFromFastifyHelmet = createRequire(require.resolve('@fastify/helmet'));
const helmet = requireFromFastifyHelmet('helmet') as (options: HelmetOptions) => HelmetMiddleware;

export interface SecurityHeaders {
  /** Header name → value, exactly as helmet sets them. */
  set: [string, string][];
  /** Headers helmet removes (X-Powered-By). */
  remove: string[];
}

/**
 * Runs helmet once against a recording response and returns the headers it sets. Helmet's
 * output depends only on its options (no nonces here), so every response can get the same
 * headers without building helmet again: @fastify/helmet rebuilds it (parsing the CSP
 * directives) on every request.
 */
export function computeSecurityHeaders(options: HelmetOptions): SecurityHeaders {
  const set = new Map<string, string>();
  const remove: string[] = [];
  let called = false;
  helmet(options)(
    {},
    {
      setHeader: (name, value) => void set.set(name, String(value)),
      removeHeader: (name) => {
        set.delete(name);
        remove.push(name);
      },
    },
    (err) => {
      if (err) throw err instanceof Error ? err : new Error('helmet failed');
      called = true;
    },
  );
  if (!called) throw new Error('helmet did not finish synchronously');
  return { set: [...set], remove };
}

/**
 * One onRequest hook setting the precomputed helmet headers on every response. Set on Fastify's
 * reply (which keeps them through errors and 404s, and writes them with its own when it answers),
 * not on the Node response as helmet does: once a header is on the Node response, Node takes its
 * slow path for every header of that response (each one set, validated, lower-cased and stored
 * again before the head is written), which cost more than the response's own work on a small
 * answer. Nothing in the API writes to the Node response directly.
 */
export function registerSecurityHeaders(
  fastify: FastifyInstance,
  options: HelmetOptions,
  extra: [string, string][] = [],
): SecurityHeaders {
  const computed = computeSecurityHeaders(options);
  const headers = { set: [...computed.set, ...extra], remove: computed.remove };
  const { remove } = headers;
  // Lower-case names, as Fastify stores them (reply.header() lower-cases each name it is given:
  // a new string per header per request for helmet's mixed-case names).
  const names = headers.set.map(([name]) => name.toLowerCase());
  const values = headers.set.map(([, value]) => value);
  fastify.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const name of remove) if (raw.hasHeader(name)) raw.removeHeader(name);
    for (let i = 0; i < names.length; i++) void reply.header(names[i]!, values[i]!);
    done();
  });
  return headers;
}

/**
 * `Permissions-Policy` (helmet does not set it): the app uses no camera, microphone, location,
 * payment or other powerful feature, so every one is denied to the page and to any frame.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * `Cache-Control: no-store` on every answer to a request carrying credentials (an Authorization
 * header) and on every /auth/ answer (they carry tokens), so neither a shared cache nor the
 * browser's back/forward cache keeps personal data (issue 25 §3). Set before the route runs: a
 * route that sets its own Cache-Control (a download's `private, no-store`) keeps its own.
 */
export function registerNoStoreForCredentials(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    if (request.headers.authorization !== undefined || request.url.startsWith('/auth/'))
      void reply.header('cache-control', 'no-store');
    done();
  });
}
