import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
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

// Issue 31: the news list and articles live in the database, so they are rendered when asked for,
// by the web build's SSR bundle (web/src/prerender/entry-server.tsx, kept in dist/_ssr), with the
// data the API's own JSON routes answer. No cache: an edit or publish shows on the next request on
// every instance; a render is a few milliseconds.
type NewsRender =
  | { kind: 'list'; page: number; data: unknown }
  | { kind: 'article'; slug: string; data: unknown }
  | { kind: 'not-found' };
interface SsrModule {
  renderNews(request: NewsRender): Promise<string>;
  toDocument(template: string, path: string, body: string): string;
}
const NEWS_LIST = /^\/news\/?$/;
const NEWS_ARTICLE = /^\/news\/([^/]+)\/?$/;
// The API's own slug rule (SlugParamDto): anything else is not an article.
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SLUG = 200;
const MAX_NEWS_PAGE = 1000;
const RENDER_TIMEOUT_MS = 3000;

function newsPage(url: string): number | undefined {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const raw = new URLSearchParams(query.slice(0, 200)).get('page');
  if (raw === null) return 1;
  const page = Number(raw);
  // What the app's list does with a page it cannot read: the first page.
  if (!/^\d{1,4}$/.test(raw) || page < 1) return 1;
  return page <= MAX_NEWS_PAGE ? page : undefined;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`render took over ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
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
  const ssrEntry = join(root, '_ssr', 'entry-server.js');
  const template = built ? readFileSync(join(root, 'index.html'), 'utf8') : '';
  // Loaded once, on the first news page asked for; a failed load is retried on the next one.
  let ssr: Promise<SsrModule> | undefined;
  const loadSsr = (): Promise<SsrModule> => {
    ssr ??= (import(pathToFileURL(ssrEntry).href) as Promise<SsrModule>).catch((error: unknown) => {
      ssr = undefined;
      throw error;
    });
    return ssr;
  };
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
    const trimmed = path.replace(/\/+$/, '');
    // `/` (the home page) is _pages/index.html
    const file = `/_pages${trimmed}/index.html`;
    return files.has(file) ? file.slice(1) : undefined;
  };
  /** The news list, an article or the not-found page as HTML; undefined: no render, send the app. */
  const renderNews = async (
    request: FastifyRequest,
    path: string,
  ): Promise<{ status: number; html: string } | undefined> => {
    if (!built || !existsSync(ssrEntry)) return undefined;
    const json = async (url: string): Promise<{ status: number; data: unknown }> => {
      const res = await fastify.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      return { status: res.statusCode, data: res.statusCode === 200 ? res.json() : undefined };
    };
    let what: NewsRender;
    if (NEWS_LIST.test(path)) {
      const page = newsPage(request.url);
      const res = page === undefined ? { status: 404, data: undefined } : await json(`/news/?page=${page}`);
      if (res.status === 404) what = { kind: 'not-found' };
      else if (res.status !== 200 || page === undefined) return undefined;
      else what = { kind: 'list', page, data: res.data };
    } else {
      const slug = NEWS_ARTICLE.exec(path)?.[1] ?? '';
      const valid = slug.length <= MAX_SLUG && SLUG.test(slug);
      const res = valid ? await json(`/news/${slug}/`) : { status: 404, data: undefined };
      if (res.status === 404 || res.status === 400) what = { kind: 'not-found' };
      else if (res.status !== 200) return undefined;
      else what = { kind: 'article', slug, data: res.data };
    }
    const module = await loadSsr();
    const body = await module.renderNews(what);
    return { status: what.kind === 'not-found' ? 404 : 200, html: module.toDocument(template, path, body) };
  };
  const sendNews = (request: FastifyRequest, reply: FastifyReply, path: string): void => {
    withTimeout(renderNews(request, path), RENDER_TIMEOUT_MS)
      .then((page) => {
        if (!page) return void sendIndex(reply, path);
        void reply
          .status(page.status)
          .header('Cache-Control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(page.html);
      })
      .catch((error: unknown) => {
        // A failed render is never a 500: the visitor gets the app, which loads the news itself.
        request.log.warn({ err: error, path }, 'news render failed; sending the app');
        if (!reply.sent) void sendIndex(reply, path);
      });
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
    if (
      files.has(path) &&
      path !== '/index.html' &&
      !path.startsWith('/_pages/') &&
      !path.startsWith('/_ssr/')
    )
      return void sendAsset(path, reply);
    if (wantsHtml(request) && (NEWS_LIST.test(path) || NEWS_ARTICLE.test(path)))
      return sendNews(request, reply, path);
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
