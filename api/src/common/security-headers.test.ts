import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetOptions } from '../bootstrap';
import { computeSecurityHeaders, registerSecurityHeaders } from './security-headers';

const STANDARD = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

async function headersFrom(register: (f: FastifyInstance) => Promise<void> | void) {
  const f = Fastify();
  await register(f);
  f.get('/', () => ({ ok: true }));
  const res = await f.inject({ method: 'GET', url: '/' });
  const missing = await f.inject({ method: 'GET', url: '/nowhere' });
  await f.close();
  const pick = (h: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(h).filter(([k]) => !STANDARD.has(k)));
  return { found: pick(res.headers), missing: pick(missing.headers) };
}

describe('precomputed security headers', () => {
  for (const isProduction of [false, true]) {
    it(`are exactly the headers @fastify/helmet sends (production: ${isProduction})`, async () => {
      const options = helmetOptions({ isProduction });
      const expected = await headersFrom(async (f) => {
        await f.register(helmet, { global: true, ...options });
      });
      const actual = await headersFrom((f) => {
        registerSecurityHeaders(f, options);
      });
      expect(actual).toEqual(expected);
      expect(Object.keys(actual.found).length).toBeGreaterThan(8);
      expect(computeSecurityHeaders(options).remove).toContain('X-Powered-By');
    });
  }
});
