// Web performance: gzip size of the JavaScript a first visit loads (/ and /services/sdlt-refunds) and
// the largest-contentful-paint of / in headless Chromium, beside the same figures for a minimal React
// page built with the same Vite and React in this run.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import type { Browser } from 'playwright-core';
import { launchBrowser, repoRoot, startServer } from '../../tests/e2e/harness';
import { serveStatic } from './static-server';
import { fmt, ratio, table } from './util';

async function buildMinimalReactPage(): Promise<string> {
  const dir = mkdtempSync(join(repoRoot, 'web', '.bench-minimal-'));
  mkdirSync(join(dir, 'src'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>',
  );
  writeFileSync(
    join(dir, 'src', 'main.tsx'),
    "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')!).render(<main><h1>Minimal React page</h1><p>Baseline for the web benchmark.</p></main>);\n",
  );
  await build({ root: dir, logLevel: 'silent', plugins: [react()], build: { outDir: join(dir, 'dist') } });
  return dir;
}

export interface PageLoad {
  jsGzipBytes: number;
  scripts: number;
  lcpMs: number;
}

export async function measurePage(browser: Browser, url: string): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const bodies: Promise<Buffer | null>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') bodies.push(res.body().catch(() => null));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const lcpMs = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) last = e.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(last), 300);
      }),
  );
  const buffers = (await Promise.all(bodies)).filter((b): b is Buffer => b !== null);
  await context.close();
  return {
    jsGzipBytes: buffers.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0),
    scripts: buffers.length,
    lcpMs,
  };
}

export async function runWebBench(): Promise<void> {
  const minimalDir = await buildMinimalReactPage();
  const minimal = await serveStatic(join(minimalDir, 'dist'));
  const server = await startServer({ LOG_LEVEL: 'error' });
  const browser = await launchBrowser();
  try {
    const base = await measurePage(browser, `${minimal.url}/`);
    const home = await measurePage(browser, `${server.baseUrl}/`);
    const sdlt = await measurePage(browser, `${server.baseUrl}/services/sdlt-refunds`);
    const kb = (b: number) => `${fmt(b / 1024, 1)} KB`;
    table([
      [
        'page',
        'JS gzip',
        'scripts',
        'LCP ms',
        'minimal React JS gzip',
        'JS ratio',
        'minimal LCP ms',
        'LCP ratio',
      ],
      [
        '/',
        kb(home.jsGzipBytes),
        home.scripts,
        fmt(home.lcpMs),
        kb(base.jsGzipBytes),
        ratio(home.jsGzipBytes, base.jsGzipBytes),
        fmt(base.lcpMs),
        ratio(home.lcpMs, base.lcpMs),
      ],
      [
        '/services/sdlt-refunds',
        kb(sdlt.jsGzipBytes),
        sdlt.scripts,
        fmt(sdlt.lcpMs),
        kb(base.jsGzipBytes),
        ratio(sdlt.jsGzipBytes, base.jsGzipBytes),
        fmt(base.lcpMs),
        ratio(sdlt.lcpMs, base.lcpMs),
      ],
    ]);
    console.log('targets: / loads ≤ 100 KB gzip of JavaScript; LCP ≤ 1.0 s on localhost');
  } finally {
    await browser.close();
    await server.stop();
    await minimal.close();
    rmSync(minimalDir, { recursive: true, force: true });
  }
}
