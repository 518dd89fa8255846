/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-explicit-any -- response bodies are read as untyped JSON; the assertions check their shape */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTestDatabaseUrl } from '../src/config/config';
import { createTemporaryPostgresDatabase, type TemporaryDatabase } from '../src/database/temp-database';
import { multipart, pdfBytes, sdltAnswers } from './fixtures/domain';
import { startS3Server, type TestS3Server } from './helpers/s3';

// SECURITY row 32 and issue 10 point 5: two real API processes (`node api/dist/main.js`, as a
// firm runs them behind a load balancer) on one PostgreSQL database and one S3 server behave as
// one. PostgreSQL only: SQLite is one machine by design.
const serverUrl = readTestDatabaseUrl();
const apiDir = resolve(__dirname, '..');
const ADMIN_EMAIL = 'admin.two@reclaim.example';
const ADMIN_PASSWORD = `Two-instances-${randomBytes(6).toString('hex')}`;

/** api/dist is what runs; build it when a source file is newer (npm test has built it already). */
function ensureBuilt(): void {
  const newest = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce((max, entry) => {
      const path = join(dir, entry.name);
      return Math.max(max, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
    }, 0);
  let built = 0;
  try {
    built = statSync(join(apiDir, 'dist', 'main.js')).mtimeMs;
  } catch {
    built = 0;
  }
  if (built >= newest(join(apiDir, 'src'))) return;
  const res = spawnSync(
    process.execPath,
    [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
    {
      cwd: apiDir,
      encoding: 'utf8',
    },
  );
  if (res.status !== 0) throw new Error(`api build failed:\n${res.stdout}${res.stderr}`);
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() =>
        typeof addr === 'object' && addr ? resolvePort(addr.port) : reject(new Error('no port')),
      );
    });
  });
}

interface Instance {
  url: string;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
}

function startInstance(port: number, env: Record<string, string>): Instance {
  const dataDir = mkdtempSync(join(tmpdir(), 'reclaim-two-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [join(apiDir, 'dist', 'main.js')], {
    cwd: apiDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'no-web-dist'),
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitHealthy(instance: Instance, deadlineMs = 120_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    try {
      if ((await fetch(`${instance.url}/api/health/`)).ok) return;
    } catch {
      // not listening yet
    }
    if (/Reclaim failed to start/.test(instance.output()))
      throw new Error(`an instance failed to start:\n${instance.output()}`);
    if (Date.now() > deadline) throw new Error(`not healthy in time:\n${instance.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Registers (an answer without tokens, issue 25 §3), then signs in on the same instance. */
async function registerAndSignIn(
  instance: Instance,
  email: string,
  password: string,
): Promise<{ status: number; body: any }> {
  const reg = await call(instance, 'POST', '/auth/register/', { json: { email, password } });
  if (reg.status !== 201) return reg;
  const signedIn = await call(instance, 'POST', '/auth/login/', { json: { username: email, password } });
  if (signedIn.status !== 200) return signedIn;
  const me = await call(instance, 'GET', '/users/current/', { token: signedIn.body.access });
  return { status: reg.status, body: { ...signedIn.body, user: me.body } };
}

async function call(
  instance: Instance,
  method: string,
  path: string,
  options: { token?: string; json?: unknown; body?: Buffer; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; body: any; raw: Buffer }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Buffer | undefined = options.body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const res = await fetch(`${instance.url}${path}`, { method, headers, body });
  const raw = Buffer.from(await res.arrayBuffer());
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    parsed = null;
  }
  return { status: res.status, headers: res.headers, body: parsed, raw };
}

describe.skipIf(!serverUrl)('two API instances on one PostgreSQL database and one S3 server', () => {
  let db: TemporaryDatabase;
  let s3: TestS3Server;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    ensureBuilt();
    db = await createTemporaryPostgresDatabase(serverUrl!, 'reclaim_two');
    s3 = await startS3Server('reclaim-two');
    const env = {
      DATABASE_URL: db.url,
      JWT_ACCESS_SECRET: randomBytes(48).toString('base64'),
      JWT_REFRESH_SECRET: randomBytes(48).toString('base64'),
      S3_ENDPOINT: s3.config.endpoint,
      S3_BUCKET: s3.config.bucket,
      S3_ACCESS_KEY_ID: s3.config.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
      S3_REGION: s3.config.region,
    };
    const [portA, portB] = [await freePort(), await freePort()];
    // Both at once, on an empty database: both must come up (migrations are locked).
    a = startInstance(portA, env);
    b = startInstance(portB, env);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.drop();
    await s3?.stop();
  });

  it('both, started at the same time on an empty database, come up', async () => {
    await Promise.all([waitHealthy(a), waitHealthy(b)]);
  }, 180_000);

  it('a token from one works on the other', async () => {
    const reg = await registerAndSignIn(a, 'two-token@example.test', 'Two-instances-passphrase-1');
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    const me = await call(b, 'GET', '/users/current/', { token: reg.body.access });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('two-token@example.test');
    // The refresh token rotates on the other instance too.
    const refreshed = await call(b, 'POST', '/auth/refresh/', { json: { refresh: reg.body.refresh } });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect((await call(a, 'GET', '/users/current/', { token: refreshed.body.access })).status).toBe(200);
  });

  it('10 wrong passwords spread across both trip the limit on both', async () => {
    const email = 'two-throttle@example.test';
    const password = 'Two-instances-passphrase-2';
    expect((await call(a, 'POST', '/auth/register/', { json: { email, password } })).status).toBe(201);
    for (let i = 0; i < 10; i++) {
      const res = await call(i % 2 === 0 ? a : b, 'POST', '/auth/login/', {
        json: { username: email, password: `wrong-guess-${i}` },
      });
      expect(res.status).toBe(401);
    }
    for (const instance of [a, b]) {
      const res = await call(instance, 'POST', '/auth/login/', { json: { username: email, password } });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('a publish on one, and a rollback on the other, are served by both', async () => {
    const login = await call(a, 'POST', '/auth/login/', {
      json: { username: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(login.status).toBe(200);
    const token: string = login.body.access;
    // Four eyes (issue 9): a staff adviser drafts and submits, the admin approves and publishes.
    const staffEmail = 'two-staff@example.test';
    const staffPassword = 'Two-instances-staff-passphrase-5';
    const registered = await registerAndSignIn(a, staffEmail, staffPassword);
    expect(registered.status, JSON.stringify(registered.body)).toBeLessThan(300);
    const promoted = await call(a, 'PATCH', `/admin/users/${registered.body.user.id}/`, {
      token,
      json: { role: 'STAFF', confirm_role_change: true },
    });
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    const staffLogin = await call(b, 'POST', '/auth/login/', {
      json: { username: staffEmail, password: staffPassword },
    });
    const staffToken: string = staffLogin.body.access;
    const current = await call(b, 'GET', '/api/definitions/sdlt_refund/published/');
    const v1 = current.body.definition;
    const draft = await call(a, 'PUT', '/api/definitions/sdlt_refund/draft/', {
      token: staffToken,
      json: { definition: { ...v1, tests: [] } },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    const version: number = draft.body.version;
    const submitted = await call(b, 'POST', `/api/definitions/sdlt_refund/drafts/${version}/submit/`, {
      token: staffToken,
      json: { release_note: 'Two instances', source_url: 'https://www.gov.uk/' },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const approved = await call(a, 'POST', `/api/definitions/sdlt_refund/drafts/${version}/approve/`, {
      token,
      json: { checksum: submitted.body.checksum },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const published = await call(a, 'POST', `/api/definitions/sdlt_refund/drafts/${version}/publish/`, {
      token,
      json: {},
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);

    // Poll the other instance until it serves the new version; the deadline only stops a hang.
    const served = async (instance: Instance, want: number): Promise<number> => {
      const started = Date.now();
      for (;;) {
        const res = await call(instance, 'GET', '/api/definitions/sdlt_refund/published/');
        if (res.body?.definition?.version === want) return Date.now() - started;
        if (Date.now() - started > 20_000) throw new Error(`still v${res.body?.definition?.version}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const afterPublish = await served(b, version);
    // A new assessment on the other instance records the new version (the issue saw v1 there).
    const saved = await call(b, 'POST', '/api/assessment/save/', {
      token,
      json: { service_type: 'sdlt_refund', answers: sdltAnswers(), current_step: 0 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBeLessThan(300);
    expect(saved.body.definition_version).toBe(version);

    const rollback = await call(b, 'POST', '/api/definitions/sdlt_refund/rollback/', {
      token,
      json: { reason: 'Two-instance emergency rollback' },
    });
    expect(rollback.status, JSON.stringify(rollback.body)).toBeLessThan(300);
    const afterRollback = await served(a, v1.version as number);
    process.stdout.write(
      `two instances: publish seen by the other after ${afterPublish} ms, rollback after ${afterRollback} ms\n`,
    );
  });

  it('an upload through one downloads through the other (object storage)', async () => {
    const reg = await registerAndSignIn(a, 'two-upload@example.test', 'Two-instances-passphrase-3');
    const form = multipart({ name: 'deed.pdf', content: pdfBytes(), type: 'application/pdf' });
    const up = await call(a, 'POST', '/api/documents/', {
      token: reg.body.access,
      body: form.payload,
      headers: form.headers,
    });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const down = await call(b, 'GET', `/api/documents/${up.body.id}/download/`, { token: reg.body.access });
    expect(down.status).toBe(200);
    expect(down.raw.equals(pdfBytes())).toBe(true);
    // Nothing on either instance's disk: the bytes are in the bucket.
    expect(await s3.keys()).toHaveLength(2); // this upload and the seeded demo document
    const del = await call(b, 'DELETE', `/api/documents/${up.body.id}/`, { token: reg.body.access });
    expect(del.status).toBe(204);
    expect(
      (await call(a, 'GET', `/api/documents/${up.body.id}/download/`, { token: reg.body.access })).status,
    ).toBe(404);
  });
});
