import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from './config/config';
import { buildErrorBody } from './common/errors';

// Prefixes that belong to the API: a non-HTML GET there that matches no route is a JSON 404.
const API_PREFIXES = ['/api/', '/auth/', '/users/', '/admin/', '/assessments/'];

const PRECOMPRESSED = /\.(br|gz)$/;

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Reclaim</title></head>
<body><main><h1>Reclaim</h1><p>The web app is not built yet. Run <code>npm run build</code>, then restart.
The API is running: see <a href="/api/health/">/api/health/</a>.</p></main></body></html>
`;

function listFiles(root: string): Set<string> {
  const files = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      // The .br/.gz siblings are sent in place of their original, never under their own name.
      else if (entry.isFile() && !PRECOMPRESSED.test(entry.name))
        files.add('/' + relative(root, full).split(sep).join('/'));
    }
  };
  walk(root);
  return files;
}

function pathOf(url: string): string {
  const path = url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

const isApiPath = (path: string): boolean =>
  path === '/api' || API_PREFIXES.some((p) => path.startsWith(p) || path === p.slice(0, -1));
const wantsHtml = (request: FastifyRequest): boolean => (request.headers.accept ?? '').includes('text/html');

/**
 * D1: API routes first, then the built web app's files, then index.html for any other GET.
 * Browser navigations (Accept: text/html) to paths the SPA shares with the API (/news, /services)
 * get the SPA; fetch calls get JSON.
 */
export async function registerWebApp(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  const root = config.webDist;
  const built = existsSync(join(root, 'index.html')) && statSync(root).isDirectory();
  const files = built ? listFiles(root) : new Set<string>();
  const fastify = app.getHttpAdapter().getInstance();
  // preCompressed: the web build writes brotli and gzip siblings (web/precompress-plugin.ts);
  // sendFile picks the best one the browser accepts (Vary: Accept-Encoding) or the original.
  if (built) await app.register(fastifyStatic, { root, serve: false, index: false, preCompressed: true });

  const sendIndex = (reply: FastifyReply, path = '/'): FastifyReply => {
    void reply.header('Cache-Control', 'no-cache');
    if (!built) return reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    // Issue 31: a public page prerendered at build time (web/scripts/prerender.mjs) is sent as
    // its own HTML, so its content paints before any script runs; every other page gets the app.
    const page = prerendered(path);
    return reply.sendFile(page ?? 'index.html', { cacheControl: false });
  };
  const prerendered = (path: string): string | undefined => {
    const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const file = `/_pages${trimmed}/index.html`;
    return files.has(file) ? file.slice(1) : undefined;
  };
  const sendAsset = (path: string, reply: FastifyReply): FastifyReply => {
    void reply.header(
      'Cache-Control',
      path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
    );
    return reply.sendFile(path.slice(1), { cacheControl: false });
  };

  // A callback hook, not an async one: every request passes here, most of them just through.
  // Answering from it = sending without calling done().
  fastify.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return done();
    // The API's own paths, before decoding (a raw "/api/" prefix decodes to itself).
    if (request.url.startsWith('/api/')) return done();
    const path = pathOf(request.url);
    if (path.startsWith('/api/') || path === '/api') return done();
    if (files.has(path) && path !== '/index.html' && !path.startsWith('/_pages/'))
      return void sendAsset(path, reply);
    if (wantsHtml(request)) return void sendIndex(reply, path);
    done();
  });

  const fallback = (request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const path = pathOf(request.url);
    const apiOnly = path === '/api' || path.startsWith('/api/');
    if (apiOnly || (isApiPath(path) && !wantsHtml(request))) {
      return reply
        .status(404)
        .send(buildErrorBody(404, `Cannot ${request.method} ${path}`, String(request.id)));
    }
    return sendIndex(reply, path);
  };
  fastify.get('/*', fallback);
}
