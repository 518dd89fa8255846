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

/** One onRequest hook setting the precomputed helmet headers on every response, as helmet does. */
export function registerSecurityHeaders(fastify: FastifyInstance, options: HelmetOptions): SecurityHeaders {
  const headers = computeSecurityHeaders(options);
  const { set, remove } = headers;
  fastify.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const name of remove) if (raw.hasHeader(name)) raw.removeHeader(name);
    for (let i = 0; i < set.length; i++) raw.setHeader(set[i]![0], set[i]![1]);
    done();
  });
  return headers;
}
