import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiBody } from './helpers/app';
import { createTestApp, type TestApp } from './helpers/app';

const INDEX_HTML = '<!doctype html><title>Reclaim SPA</title><div id="root"></div>';
const BIG_JS = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];`;

// D1: API routes first, then the built web app's files, then index.html for any other GET.
describe('serving the built web app', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'reclaim-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
    writeFileSync(join(webDist, 'assets', 'app-1234.js'), 'console.log("app");');
    writeFileSync(join(webDist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    // A chunk with the brotli and gzip siblings the web build writes (web/precompress-plugin.ts).
    writeFileSync(join(webDist, 'assets', 'big-abcd.js'), BIG_JS);
    writeFileSync(join(webDist, 'assets', 'big-abcd.js.br'), brotliCompressSync(BIG_JS));
    writeFileSync(join(webDist, 'assets', 'big-abcd.js.gz'), gzipSync(BIG_JS));
    writeFileSync(join(webDist, 'index.html.br'), brotliCompressSync(INDEX_HTML));
    t = await createTestApp({ webDist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  // Routes added on Fastify directly (health §154, the production OpenAPI document) take the error
  // handler in force when added: added before Nest's init, with the web app's plugins registered
  // in between (as here and under `npm start`), they answered with Fastify's bare error body.
  it('health, served by Fastify directly, answers a bad request with the contract error body', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health/?probe=%00' });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ detail?: string; requestId?: string }>();
    expect(body.detail).toMatch(/not allowed/);
    expect(body.requestId).toBe(res.headers['x-request-id']);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((await t.request({ method: 'HEAD', url: '/api/health/' })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/health/' })).statusCode).toBe(404);
  });

  it('so does the staff-only OpenAPI document of production', async () => {
    const prod = await createTestApp({ webDist, nodeEnv: 'production' });
    try {
      const res = await prod.request({ method: 'GET', url: '/api/docs-json?probe=%00' });
      expect(res.statusCode).toBe(400);
      const body = res.json<{ detail?: string; requestId?: string }>();
      expect(body.detail).toMatch(/not allowed/);
      expect(body.requestId).toBe(res.headers['x-request-id']);
      expect((await prod.request({ method: 'GET', url: '/api/docs-json' })).statusCode).toBe(401);
    } finally {
      await prod.close();
    }
  });

  it('serves files with long-lived caching for hashed assets', async () => {
    const js = await t.request({ method: 'GET', url: '/assets/app-1234.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toContain('immutable');
    expect(js.body).toBe('console.log("app");');
    const svg = await t.request({ method: 'GET', url: '/logo.svg' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/svg/);
  });

  it('answers index.html for client routes, with and without a trailing slash', async () => {
    for (const url of [
      '/',
      '/portal/dashboard',
      '/portal/dashboard/',
      '/assessment/sdlt_refund/abc',
      '/login',
    ]) {
      const res = await t.request({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('Reclaim SPA');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    // Any other GET outside the API prefixes gets the SPA too, whatever it accepts.
    expect((await t.request({ method: 'GET', url: '/about' })).body).toContain('Reclaim SPA');
  });

  it('keeps API answers JSON: health, unknown /api/ paths, and fetches to shared paths', async () => {
    const health = await t.request({ method: 'GET', url: '/api/health/', headers: { accept: 'text/html' } });
    expect(health.json<ApiBody>()).toMatchObject({ status: 'ok' });
    const missing = await t.request({
      method: 'GET',
      url: '/api/not-here/',
      headers: { accept: 'text/html' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ApiBody>().statusCode).toBe(404);
    const me = await t.request({
      method: 'GET',
      url: '/users/current/',
      headers: { accept: 'application/json' },
    });
    expect(me.statusCode).toBe(401);
  });

  it('never serves files outside the build folder', async () => {
    for (const url of [
      '/../package.json',
      '/assets/../../package.json',
      '/%2e%2e/%2e%2e/package.json',
      '/assets/%2e%2e%2f%2e%2e%2fpackage.json',
    ]) {
      const res = await t.request({ method: 'GET', url });
      expect(res.body, url).not.toContain('"name"');
    }
  });

  it('sends the pre-compressed sibling the browser accepts, brotli first, else gzip, else the file', async () => {
    const url = '/assets/big-abcd.js';
    const br = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);

    const gz = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);

    const plain = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
  });

  it('sends index.html compressed but never cached without revalidation', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/services/sdlt-refunds',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('does not serve the compressed siblings under their own names', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/assets/big-abcd.js.br',
      headers: { accept: 'text/html' },
    });
    expect(res.body).toBe(INDEX_HTML);
  });
});

// Issue 31: public pages prerendered at build time (web/dist/_pages/<path>/index.html), the home
// page's at _pages/index.html, are sent for their route; every other route gets index.html.
describe('serving the prerendered public pages', () => {
  let t: TestApp;
  let webDist: string;
  const HOME = '<!doctype html><div id="root" data-prerendered=""><h1>Home</h1></div>';
  const ABOUT = '<!doctype html><div id="root" data-prerendered=""><h1>About</h1></div>';
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'reclaim-web-'));
    mkdirSync(join(webDist, '_pages', 'about'), { recursive: true });
    writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
    writeFileSync(join(webDist, '_pages', 'index.html'), HOME);
    writeFileSync(join(webDist, '_pages', 'index.html.br'), brotliCompressSync(HOME));
    writeFileSync(join(webDist, '_pages', 'about', 'index.html'), ABOUT);
    t = await createTestApp({ webDist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('sends / and /about their own HTML, uncached without revalidation, compressed when it can', async () => {
    for (const [url, html] of [
      ['/', HOME],
      ['/about', ABOUT],
      ['/about/', ABOUT],
    ] as const) {
      const res = await t.request({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(html);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const br = await t.request({
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(HOME);
  });

  it('sends index.html elsewhere, and never the prerendered files under their own names', async () => {
    for (const url of ['/login', '/index.html', '/_pages/index.html', '/_pages/about/index.html']) {
      const res = await t.request({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.body, url).toBe(INDEX_HTML);
    }
  });
});
