// Web performance as a visitor's Chromium meets it (issue 31), beside baselines served in the same
// run by their own process with the same compression and cache headers. The product runs as
// `npm start` runs it (api/dist/main.js serving web/dist). Rows, each measured in a fresh browser
// context (empty cache):
//   every public page the web build prerendered (web/dist/_pages), `/` included, and the news
//   list and its newest article (rendered by the API per request): page load;
//                           baseline: a bare static HTML page of the same content (the
//                           prerendered HTML, the same stylesheet as a link, no script)
//   questionnaire           open the service page, click "Check your eligibility" as soon as the
//                           page has loaded, time from the click to the first question visible
//                           with its input enabled; baseline: a minimal React page built now with
//                           the same Vite and React, doing the same
// Figures, all read from Chromium itself: bytes on the wire (CDP Network.loadingFinished
// encodedDataLength: compressed bodies plus headers) of JavaScript and of everything, the largest
// contentful paint observed from navigation start and the cumulative layout shift
// (PerformanceObservers added before the page's own scripts, buffered). Pages are counted until the
// network has been idle for 500 ms.
// Profiles: `none` desktop 1280×800 unthrottled, `phone` 390×844 + slow 3G (CDP
// Network.emulateNetworkConditions: 400 ms latency, 400 kbit/s each way) + 4× CPU (CDP
// Emulation.setCPUThrottlingRate); `cpu4` and `slow3g` (desktop) when named. Each measurement capped.
// Rounds are interleaved (product, baseline, baseline, product, …); figures are median (min–max).
// Env: BENCH_WEB_ROUNDS (default 3), BENCH_WEB_PROFILES (none,phone; also cpu4,slow3g), BENCH_WEB_CAP_S,
// BENCH_WEB_PAGES (only these rows: paths such as `/,/about`, and `questionnaire` for the click).
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, repoRoot, startServer } from '../../tests/e2e/harness';
import { precompressDir } from '../../web/precompress-plugin';
import { startChild, stopChild } from './lib/child';
import { machineLoad, spread } from './lib/stats';
import { fmt, table } from './util';

const ROUNDS = Number(process.env.BENCH_WEB_ROUNDS ?? 3);
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

const SERVICE_PAGE = '/services/sdlt-refunds';
const SERVICE_TYPE = 'sdlt_refund';
const ASSESSMENT_LINK = 'Check your eligibility';

interface Profile {
  key: string;
  label: string;
  cpuRate: number;
  network: { latency: number; downloadThroughput: number; uploadThroughput: number } | null;
  capMs: number;
  viewport: { width: number; height: number };
}

const SLOW_3G = { latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 };

const capS = (fallback: number) => Number(process.env.BENCH_WEB_CAP_S ?? fallback) * 1000;
const PROFILES: Profile[] = [
  {
    key: 'none',
    label: `desktop ${DESKTOP.width}×${DESKTOP.height}, no throttling`,
    cpuRate: 1,
    network: null,
    capMs: capS(30),
    viewport: DESKTOP,
  },
  // Issue 31: a visitor from search on a slow phone.
  {
    key: 'phone',
    label: `phone ${PHONE.width}×${PHONE.height}, slow 3G (400 ms, 400 kbit/s each way) + 4× CPU`,
    cpuRate: 4,
    network: SLOW_3G,
    capMs: capS(120),
    viewport: PHONE,
  },
  {
    key: 'cpu4',
    label: '4× CPU throttling',
    cpuRate: 4,
    network: null,
    capMs: capS(60),
    viewport: DESKTOP,
  },
  {
    key: 'slow3g',
    label: 'slow 3G (400 ms, 400 kbit/s each way)',
    cpuRate: 1,
    // bytes per second
    network: SLOW_3G,
    capMs: capS(120),
    viewport: DESKTOP,
  },
];
/** The profiles the issue asks for; the others when named in BENCH_WEB_PROFILES. */
const DEFAULT_PROFILES = ['none', 'phone'];

/** The public pages the web build prerendered (web/dist/_pages/<path>/index.html). */
function prerenderedPaths(dist: string): string[] {
  const root = join(dist, '_pages');
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (entry.name === 'index.html') out.push('/' + relative(root, dir).split(sep).join('/'));
    }
  };
  if (existsSync(root)) walk(root);
  return out.sort();
}

/** The bare copy's file name of a public page (`/` is the home page's). */
const bareName = (path: string): string => `${path === '/' ? 'index' : path.slice(1)}.html`;

/**
 * The baseline of each public page: a bare static HTML page of the same content (the product's
 * prerendered #root, the same stylesheet as a link (the product's pages have it inline since
 * lcp31) and logo, no script at all), at /bare/<path>.html.
 */
function writeBarePages(
  webDist: string,
  out: string,
  paths: string[],
  rendered: Map<string, string> = new Map(),
): void {
  const css = readdirSync(join(webDist, 'assets')).filter((f) => /^index-.*\.css(\.br|\.gz)?$/.test(f));
  mkdirSync(join(out, 'assets'), { recursive: true });
  for (const f of css) copyFileSync(join(webDist, 'assets', f), join(out, 'assets', f));
  for (const f of readdirSync(webDist).filter((n) => /^logo.*\.svg(\.br|\.gz)?$/.test(n)))
    copyFileSync(join(webDist, f), join(out, f));
  const stylesheet = css.find((f) => f.endsWith('.css'));
  for (const path of paths) {
    const html = rendered.get(path) ?? readFileSync(join(webDist, '_pages', path, 'index.html'), 'utf8');
    const body = /<div id="root"[^>]*>([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? 'Reclaim';
    const file = join(out, 'bare', bareName(path));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(
      file,
      `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>` +
        (stylesheet ? `<link rel="stylesheet" href="/assets/${stylesheet}">` : '') +
        `</head><body><div id="root">${body}</div></body></html>`,
    );
  }
}

/**
 * The public pages the API renders per request (decisions §118): the news list and its newest
 * article, with their HTML as a visitor gets it (the bare baseline copies their #root).
 */
async function renderedNewsPages(baseUrl: string): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  const get = async (path: string) => {
    const res = await fetch(`${baseUrl}${path}`, { headers: { accept: 'text/html' } });
    if (!res.ok) throw new Error(`${path} → ${res.status}`);
    return res.text();
  };
  const list = await get('/news');
  pages.set('/news', list);
  const article = /href="(\/news\/[^"/]+)"/.exec(list)?.[1];
  if (article) pages.set(article, await get(article));
  return pages;
}

/** A minimal React page and a lazy "questionnaire" route (prefetched on mount, as the product's
 * service page prefetches its questionnaire) that renders the same first question. */
async function buildMinimalReactPage(definitionJson: string): Promise<string> {
  const dir = mkdtempSync(join(repoRoot, 'web', '.bench-minimal-'));
  mkdirSync(join(dir, 'src'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Minimal</title></head><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>',
  );
  writeFileSync(
    join(dir, 'src', 'main.tsx'),
    `import { lazy, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
const load = () => import('./question');
const Question = lazy(load);
function App() {
  // as the product's service page does: start loading the questionnaire as soon as the page is up
  useEffect(() => void load(), []);
  const [path, setPath] = useState(location.pathname);
  useEffect(() => {
    const sync = () => setPath(location.pathname);
    addEventListener('popstate', sync);
    return () => removeEventListener('popstate', sync);
  }, []);
  if (path.startsWith('/assessment/'))
    return <Suspense fallback={<p>Loading…</p>}><Question /></Suspense>;
  return (
    <main>
      <h1>Minimal React page</h1>
      <p>Baseline for the web benchmark.</p>
      <a href="/assessment/${SERVICE_TYPE}" onClick={(e) => { e.preventDefault(); history.pushState(null, '', e.currentTarget.href); setPath(location.pathname); }}>${ASSESSMENT_LINK}</a>
    </main>
  );
}
createRoot(document.getElementById('root')!).render(<App />);
`,
  );
  // The product's published definition, fetched and rendered as the product's questionnaire does
  // (plain React instead of SurveyJS): the same bytes over the same kind of request.
  writeFileSync(
    join(dir, 'src', 'question.tsx'),
    `import { useEffect, useState } from 'react';
interface Q { id: string; question: string; options?: { value: string; label: string }[] }
export default function Question() {
  const [q, setQ] = useState<Q | null>(null);
  useEffect(() => {
    void fetch('/api/definitions/${SERVICE_TYPE}/published/').then((r) => r.json()).then((d) => setQ(d.definition.questionnaire.questions[0]));
  }, []);
  if (!q) return <p>Loading…</p>;
  return (
    <form className="reclaim-survey">
      <fieldset data-name={q.id}>
        <legend>{q.question}</legend>
        {(q.options ?? []).map((o) => <label key={o.value}><input type="radio" name={q.id} value={o.value} />{o.label}</label>)}
      </fieldset>
    </form>
  );
}
`,
  );
  const out = join(dir, 'dist');
  await build({
    root: dir,
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir: out, target: 'es2022', sourcemap: false },
  });
  const apiDir = join(out, 'api', 'definitions', SERVICE_TYPE, 'published');
  mkdirSync(apiDir, { recursive: true });
  writeFileSync(join(apiDir, 'index.json'), definitionJson);
  await precompressDir(out);
  return dir;
}

/** A measurement ran past its profile's cap. */
class OverCap extends Error {}

/** What Chromium's network stack saw for one page, from its own CDP events. */
class Traffic {
  private readonly types = new Map<string, string>();
  private readonly encodings = new Map<string, string>();
  private readonly bytes = new Map<string, number>();
  requests = 0;

  constructor(cdp: CDPSession) {
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!e.request.url.startsWith('http')) return;
      this.requests += 1;
      this.inflight.add(e.requestId);
    });
    cdp.on('Network.responseReceived', (e) => {
      this.types.set(e.requestId, e.type);
      const headers = Object.fromEntries(
        Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
      );
      this.encodings.set(e.requestId, headers['content-encoding'] ?? '');
    });
    cdp.on('Network.loadingFinished', (e) => {
      this.bytes.set(e.requestId, e.encodedDataLength);
      this.done(e.requestId);
    });
    cdp.on('Network.loadingFailed', (e) => this.done(e.requestId));
  }

  private readonly inflight = new Set<string>();
  private waiters: (() => void)[] = [];

  private done(id: string): void {
    this.inflight.delete(id);
    if (this.inflight.size === 0) for (const w of this.waiters.splice(0)) w();
  }

  /** Resolves when every request this session saw has finished or failed (this session's events
   * can arrive after Playwright's own "network idle"). */
  settled(timeoutMs: number): Promise<void> {
    if (this.inflight.size === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new OverCap()), timeoutMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  snapshot(): { jsBytes: number; allBytes: number; requests: number; uncompressedJs: number } {
    let jsBytes = 0;
    let allBytes = 0;
    let uncompressedJs = 0;
    for (const [id, n] of this.bytes) {
      allBytes += n;
      if (this.types.get(id) !== 'Script') continue;
      jsBytes += n;
      if (!this.encodings.get(id) && n > 1024) uncompressedJs += 1;
    }
    return { jsBytes, allBytes, requests: this.requests, uncompressedJs };
  }
}

// Installed before any of the page's scripts: every LCP entry from navigation start.
const LCP_OBSERVER = `(() => {
  window.__lcp = null;
  window.__cls = 0;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__lcp = e.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  } catch {}
})();`;

interface Measurement {
  jsBytes: number;
  allBytes: number;
  requests: number;
  uncompressedJs: number;
  /** ms from navigation start; null when not read; Infinity over the cap. */
  lcpMs: number | null;
  /** cumulative layout shift until the network is idle; null when not read. */
  cls: number | null;
  /** ms from the click; null for page loads; Infinity over the cap. */
  firstQuestionMs: number | null;
  overCap: boolean;
}

async function withPage<T>(
  browser: Browser,
  profile: Profile,
  fn: (page: Page, traffic: Traffic, remaining: () => number) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({ viewport: profile.viewport });
  try {
    await context.addInitScript(LCP_OBSERVER);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (profile.cpuRate > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuRate });
    if (profile.network)
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
    const traffic = new Traffic(cdp);
    const deadline = Date.now() + profile.capMs;
    const remaining = () => {
      const ms = deadline - Date.now();
      if (ms <= 0) throw new OverCap();
      return ms;
    };
    return await fn(page, traffic, remaining);
  } finally {
    await context.close();
  }
}

const isTimeout = (err: unknown) =>
  err instanceof OverCap || (err instanceof Error && err.name === 'TimeoutError');

async function measureLoad(browser: Browser, profile: Profile, url: string): Promise<Measurement> {
  return withPage(browser, profile, async (page, traffic, remaining) => {
    try {
      await page.goto(url, { waitUntil: 'load', timeout: remaining() });
      await page.locator('h1').first().waitFor({ state: 'visible', timeout: remaining() });
      await page.waitForLoadState('networkidle', { timeout: remaining() });
      await traffic.settled(remaining());
      const { lcp, cls } = await page.evaluate(() => {
        const w = window as unknown as { __lcp: number | null; __cls: number };
        return { lcp: w.__lcp, cls: w.__cls };
      });
      return { ...traffic.snapshot(), lcpMs: lcp, cls, firstQuestionMs: null, overCap: false };
    } catch (err) {
      if (!isTimeout(err)) throw err;
      return { ...traffic.snapshot(), lcpMs: Infinity, cls: null, firstQuestionMs: null, overCap: true };
    }
  });
}

// The first question is on screen and its first input can be used.
const FIRST_QUESTION_READY = () => {
  const q = document.querySelector('.reclaim-survey [data-name]');
  if (!q) return false;
  const box = q.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return false;
  const input = q.querySelector<HTMLInputElement>('input, select, textarea');
  if (!input || input.disabled) return false;
  return performance.now();
};

// The questionnaire's own first question is on screen (no light first step left).
const TAKEN_OVER = () =>
  document.querySelector('[data-light-step]') === null &&
  document.querySelector('.reclaim-survey [data-name]') !== null;

async function measureQuestionnaire(browser: Browser, profile: Profile, url: string): Promise<Measurement> {
  return withPage(browser, profile, async (page, traffic, remaining) => {
    try {
      await page.goto(url, { waitUntil: 'load', timeout: remaining() });
      const link = page.getByRole('link', { name: ASSESSMENT_LINK }).first();
      await link.waitFor({ state: 'visible', timeout: remaining() });
      await page.evaluate(() =>
        document.addEventListener(
          'click',
          () => ((window as unknown as { __clickAt: number }).__clickAt = performance.now()),
          { capture: true, once: true },
        ),
      );
      await link.click({ timeout: remaining() });
      const ready = await page.waitForFunction(FIRST_QUESTION_READY, null, {
        polling: 'raf',
        timeout: remaining(),
      });
      const readyAt = (await ready.jsonValue()) as number;
      const clickAt = await page.evaluate(() => (window as unknown as { __clickAt: number }).__clickAt);
      const bytes = traffic.snapshot();
      // CLS until the questionnaire (SurveyJS) has taken over from the light first step, if any,
      // and the network is idle: the takeover must not move anything either.
      await page.waitForFunction(TAKEN_OVER, null, { polling: 'raf', timeout: remaining() });
      await page.waitForLoadState('networkidle', { timeout: remaining() });
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      return { ...bytes, lcpMs: null, cls, firstQuestionMs: readyAt - clickAt, overCap: false };
    } catch (err) {
      if (!isTimeout(err)) throw err;
      return { ...traffic.snapshot(), lcpMs: null, cls: null, firstQuestionMs: Infinity, overCap: true };
    }
  });
}

/** One row: the product's page (or the click → first question) beside its baseline. */
interface Row {
  label: string;
  kind: 'load' | 'questionnaire';
  product: Measurement[];
  baseline: Measurement[];
}

/** Rows: `/`, every prerendered public page (baseline: the bare static HTML of the same
 * content), and the questionnaire click (baseline: the minimal React page's same click). */
async function measureProfile(
  browser: Browser,
  profile: Profile,
  productUrl: string,
  minimalUrl: string,
  paths: string[],
): Promise<Row[]> {
  const pages = process.env.BENCH_WEB_PAGES?.split(',').map((p) => p.trim());
  const wanted = (label: string) => !pages || pages.includes(label);
  // `/` is prerendered since issue 31 (lcp31); a build from before that still gets its row.
  const rows: Row[] = [...new Set(['/', ...paths])].filter(wanted).map((path) => ({
    label: path,
    kind: 'load',
    product: [],
    baseline: [],
  }));
  const questionnaire: Row = {
    label: `${SERVICE_PAGE}: click → 1st question`,
    kind: 'questionnaire',
    product: [],
    baseline: [],
  };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['product', 'baseline'] as const) : (['baseline', 'product'] as const);
    for (const side of order) {
      for (const row of rows) {
        // A page not prerendered has no bare copy.
        if (side === 'baseline' && !paths.includes(row.label)) continue;
        const bare = `${minimalUrl}/bare/${bareName(row.label)}`;
        row[side].push(
          await measureLoad(browser, profile, side === 'product' ? `${productUrl}${row.label}` : bare),
        );
      }
      if (!wanted('questionnaire')) continue;
      questionnaire[side].push(
        side === 'product'
          ? await measureQuestionnaire(browser, profile, `${productUrl}${SERVICE_PAGE}`)
          : await measureQuestionnaire(browser, profile, `${minimalUrl}/`),
      );
    }
  }
  return wanted('questionnaire') ? [...rows, questionnaire] : rows;
}

const kb = (bytes: number) => `${fmt(bytes / 1024, 1)}`;

/** median (min–max) of times (one figure when all rounds agree), "> cap" when the median run went over the cap. */
function showTimes(values: (number | null)[], capMs: number): string {
  const xs = values.filter((v): v is number => v !== null);
  if (xs.length === 0) return '—';
  const s = spread(xs);
  if (!Number.isFinite(s.median)) return `> ${fmt(capMs / 1000)} s`;
  const top = Number.isFinite(s.max) ? fmt(s.max) : `> ${fmt(capMs / 1000)} s`;
  return s.n === 1 || s.min === s.max ? fmt(s.median) : `${fmt(s.median)} (${fmt(s.min)}–${top})`;
}

function showBytes(values: number[]): string {
  if (values.length === 0) return '—';
  const s = spread(values);
  return s.n === 1 || kb(s.min) === kb(s.max) ? kb(s.median) : `${kb(s.median)} (${kb(s.min)}–${kb(s.max)})`;
}

function ratioOf(a: (number | null)[], b: (number | null)[]): string {
  const med = (xs: (number | null)[]) => spread(xs.filter((v): v is number => v !== null)).median;
  const x = med(a);
  const y = med(b);
  if (!Number.isFinite(x) || !Number.isFinite(y) || !(y > 0)) return 'n/a';
  return `${fmt(x / y, 2)}×`;
}

function showCls(values: (number | null)[]): string {
  const xs = values.filter((v): v is number => v !== null);
  if (xs.length === 0) return '—';
  return fmt(Math.max(...xs), 3);
}

function printProfile(profile: Profile, rows: Row[]): void {
  console.log(
    `\n${profile.label}: ${ROUNDS} interleaved round(s), each measurement capped at ${fmt(profile.capMs / 1000)} s`,
  );
  const out: (string | number)[][] = [
    [
      'page',
      'KB',
      'JS KB',
      'LCP ms',
      '1st question ms',
      'CLS (max)',
      '| baseline KB',
      'LCP ms',
      '1st question ms',
      '| time ×',
    ],
  ];
  for (const row of rows) {
    const time = row.kind === 'questionnaire' ? 'firstQuestionMs' : 'lcpMs';
    const p = row.product;
    const m = row.baseline;
    out.push([
      row.label,
      showBytes(p.map((r) => r.allBytes)),
      showBytes(p.map((r) => r.jsBytes)),
      showTimes(
        p.map((r) => r.lcpMs),
        profile.capMs,
      ),
      showTimes(
        p.map((r) => r.firstQuestionMs),
        profile.capMs,
      ),
      showCls(p.map((r) => r.cls)),
      `| ${showBytes(m.map((r) => r.allBytes))}`,
      showTimes(
        m.map((r) => r.lcpMs),
        profile.capMs,
      ),
      showTimes(
        m.map((r) => r.firstQuestionMs),
        profile.capMs,
      ),
      `| ${ratioOf(
        p.map((r) => r[time]),
        m.map((r) => r[time]),
      )}`,
    ]);
  }
  table(out);
  const all = rows.flatMap((r) => [...r.product, ...r.baseline]);
  const uncompressed = all.reduce((n, r) => n + r.uncompressedJs, 0);
  const over = all.filter((r) => r.overCap).length;
  if (uncompressed > 0)
    console.log(`warning: ${uncompressed} script response(s) over 1 KB arrived uncompressed`);
  if (over > 0) console.log(`${over} measurement(s) went over the cap (figures up to the cap)`);
}

export async function runWebBench(): Promise<void> {
  const only = process.env.BENCH_WEB_PROFILES?.split(',');
  const profiles = PROFILES.filter((p) => (only ?? DEFAULT_PROFILES).includes(p.key));
  const webDist = join(repoRoot, 'web', 'dist');
  const paths = prerenderedPaths(webDist);
  if (paths.length === 0) throw new Error('web/dist/_pages is empty: build the web app (npm run build)');
  console.log(`machine: ${machineLoad()} before`);
  // As `npm start` runs it (NODE_ENV unset: development), on its own fresh SQLite data directory.
  const server = await startServer({ NODE_ENV: 'development', LOG_LEVEL: 'error' });
  let minimalDir: string | undefined;
  let minimal: Awaited<ReturnType<typeof startChild>> | undefined;
  let browser: Browser | undefined;
  try {
    const definition = await fetch(`${server.baseUrl}/api/definitions/${SERVICE_TYPE}/published/`);
    if (!definition.ok) throw new Error(`definition → ${definition.status}`);
    minimalDir = await buildMinimalReactPage(await definition.text());
    const news = await renderedNewsPages(server.baseUrl);
    paths.push(...news.keys());
    writeBarePages(webDist, join(minimalDir, 'dist'), paths, news);
    await precompressDir(join(minimalDir, 'dist'));
    minimal = await startChild(here('./lib/static-child.ts'), [join(minimalDir, 'dist')]);
    browser = await launchBrowser();
    console.log(
      `product: api/dist/main.js serving web/dist; minimal: React page built now with the same Vite, pre-compressed, served by Fastify + @fastify/static; Chromium, fresh context per measurement; baseline of each public page: a bare static HTML page of the same content (its prerendered HTML, the same stylesheet as a link, no script; the product inlines it) served by the minimal page's server`,
    );
    console.log(
      'KB / JS KB: bytes on the wire (compressed bodies + headers) until the network is idle (questionnaire: until the first question is interactive, service page included); LCP from navigation start; CLS: layout shifts until then (questionnaire: until SurveyJS has taken over from the light first step and the network is idle; max over rounds); 1st question from the click on "Check your eligibility" (baseline: the minimal React page\'s same click)',
    );
    for (const profile of profiles) {
      const s = await measureProfile(browser, profile, server.baseUrl, minimal.ready as string, paths);
      printProfile(profile, s);
    }
    console.log(`\nmachine: ${machineLoad()} after`);
  } finally {
    await browser?.close();
    await stopChild(minimal);
    await server.stop();
    if (minimalDir) rmSync(minimalDir, { recursive: true, force: true });
  }
}
