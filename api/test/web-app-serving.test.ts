import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiBody } from './helpers/app';
import { createTestApp, type TestApp } from './helpers/app';

// D1: API routes first, then the built web app's files, then index.html for any other GET.
describe('serving the built web app', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'reclaim-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(
      join(webDist, 'index.html'),
      '<!doctype html><title>Reclaim SPA</title><div id="root"></div>',
    );
    writeFileSync(join(webDist, 'assets', 'app-1234.js'), 'console.log("app");');
    writeFileSync(join(webDist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    t = await createTestApp({ webDist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
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
});
