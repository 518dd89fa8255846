// Shared harness of the end-to-end tests: a real server (the built API serving the built web app,
// exactly what `npm start` runs) on a free port with its own temporary data directory, and Debian's
// Chromium driven by playwright-core.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const artifactsDir = join(repoRoot, 'tests', 'artifacts');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ADMIN_EMAIL = 'admin.e2e@reclaim.example';
export const ADMIN_PASSWORD = 'E2e-admin-Passphrase-2026';

export interface TestServer {
  baseUrl: string;
  dataDir: string;
  port: number;
  logs: () => string;
  /** keepData: leave DATA_DIR for a next server (e.g. the same database with the clock moved). */
  stop: (options?: { keepData?: boolean }) => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts `node api/dist/main.js` (API + built web app) on a free port with a fresh SQLite database,
 * or on an earlier server's DATA_DIR when `env.DATA_DIR` names one.
 */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'reclaim-e2e-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [join(repoRoot, 'api', 'dist', 'main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/health/`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy in 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    dataDir,
    port,
    logs: () => output,
    stop: async (options = {}) => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  // Reduced motion, as many visitors ask for: no smooth scrolling (the site honours the
  // preference), so a click never waits on a scroll still animating on a loaded machine.
  const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  return { context, page };
}

/** Saves a full-page screenshot under tests/artifacts/screenshots/ (kept as a test artifact). */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = join(artifactsDir, 'screenshots');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** The newest e-mail the server wrote under DATA_DIR/mail/ (optionally the newest to `to`). */
export function readLatestMail(dataDir: string, to?: string): string {
  const dir = join(dataDir, 'mail');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => ({ f, t: statSync(join(dir, f)).mtimeMs }))
    .sort((a, b) => b.t - a.t);
  for (const { f } of files) {
    const text = readFileSync(join(dir, f), 'utf8');
    if (!to || text.toLowerCase().includes(to.toLowerCase())) return decodeQuotedPrintable(text);
  }
  throw new Error(`no e-mail${to ? ` to ${to}` : ''} in ${dir}`);
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** A unique e-mail address for a test user. */
export function uniqueEmail(prefix = 'client'): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}
