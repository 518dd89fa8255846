import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTestDatabaseUrl } from '../src/config/config';

// SECURITY row 19, last part: the real server (node dist/main.js on a 45xx port) is killed with
// SIGKILL in the middle of concurrent writes; the SQLite file passes integrity_check and the
// server starts again on it. Also proves a fresh DATA_DIR is created, migrated and seeded.
const API_DIR = resolve(__dirname, '..');
const PORT = 4537;
const BASE = `http://127.0.0.1:${PORT}`;
const sqliteOnly = readTestDatabaseUrl() ? describe.skip : describe;

interface SqliteHandle {
  pragma(source: string): { integrity_check?: string; journal_mode?: string }[];
  prepare(sql: string): { get(): Record<string, number> };
  close(): void;
}
const BetterSqlite = createRequire(join(API_DIR, 'package.json'))('better-sqlite3') as new (
  path: string,
  options?: { readonly?: boolean },
) => SqliteHandle;

function startServer(dataDir: string): ChildProcess {
  return spawn(process.execPath, [join(API_DIR, 'dist', 'main.js')], {
    cwd: API_DIR,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_FILE: join(dataDir, 'app.log'),
      NODE_ENV: 'development',
      ADMIN_EMAIL: 'crash-admin@example.test',
      ADMIN_PASSWORD: 'crash-test-admin-passphrase',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function waitForHealth(timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${BASE}/api/health/`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become healthy');
    await new Promise((r) => setTimeout(r, 200));
  }
}

sqliteOnly('crash safety of the SQLite file', () => {
  let dataDir: string;
  let server: ChildProcess | null = null;
  beforeAll(() => {
    // The suite runs from source; this test needs the compiled server.
    const build = spawnSync(
      process.execPath,
      [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
      { cwd: API_DIR, encoding: 'utf8' },
    );
    if (!existsSync(join(API_DIR, 'dist', 'main.js')))
      throw new Error(`build produced no dist/main.js:\n${build.stdout}`);
    dataDir = mkdtempSync(join(tmpdir(), 'reclaim-crash-'));
  }, 180_000);
  afterAll(() => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('kill -9 during writes → integrity_check ok, committed rows kept, restart works', async () => {
    server = startServer(dataDir);
    await waitForHealth();
    const login = await fetch(`${BASE}/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'crash-admin@example.test', password: 'crash-test-admin-passphrase' }),
    });
    expect(login.status).toBe(200);
    const { access } = (await login.json()) as { access: string };

    // Keep writing until the process dies under us.
    let acknowledged = 0;
    let stop = false;
    const writer = async (n: number) => {
      for (let i = 0; !stop; i++) {
        try {
          const res = await fetch(`${BASE}/users/current/`, {
            method: 'PATCH',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
            body: JSON.stringify({ display_name: `writer ${n} round ${i}` }),
          });
          if (res.status === 200) acknowledged += 1;
        } catch {
          return;
        }
      }
    };
    const writers = Array.from({ length: 20 }, (_, n) => writer(n));
    // Kill once writes are flowing (a count, not a fixed sleep: a loaded machine is just slower).
    while (acknowledged < 20 && server.exitCode === null) await new Promise((r) => setTimeout(r, 20));
    server.kill('SIGKILL');
    await new Promise((r) => server?.once('exit', r));
    stop = true;
    await Promise.all(writers);
    expect(acknowledged).toBeGreaterThan(10);

    const db = new BetterSqlite(join(dataDir, 'reclaim.sqlite'));
    try {
      expect(db.pragma('integrity_check')[0]?.integrity_check).toBe('ok');
      expect(db.pragma('journal_mode')[0]?.journal_mode).toBe('wal');
      // Every acknowledged write was committed: the profile-change activity rows are at least as many.
      const rows = db
        .prepare("select count(*) as n from activity_logs where action = 'profile_update'")
        .get();
      expect(rows.n).toBeGreaterThanOrEqual(acknowledged);
    } finally {
      db.close();
    }

    server = startServer(dataDir);
    await waitForHealth();
    const again = await fetch(`${BASE}/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'crash-admin@example.test', password: 'crash-test-admin-passphrase' }),
    });
    expect(again.status).toBe(200);
    server.kill('SIGTERM');
    await new Promise((r) => server?.once('exit', r));
  }, 120_000);
});
