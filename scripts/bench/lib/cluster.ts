// Two (or more) instances of the built product (api/dist/main.js, NODE_ENV=production) on one
// PostgreSQL database behind nginx, as docs/deployment.md describes: used by the cluster bench
// (scripts/bench/cluster.ts) and its test (tests/cluster/cluster.test.ts). nginx runs as a child
// of this process (daemon off) with a configuration written to a temporary directory; it listens
// on two ports: `url` proxies to every instance, `singleUrl` to the first one only (the "one
// instance" figure beside the cluster's, through the same proxy).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export async function freePort(): Promise<number> {
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

/** Polls `check` until it returns true (every 50 ms), or throws `what` after `timeoutMs`. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const status = async (url: string): Promise<number> => {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
};

/** A temporary database on the server `serverUrl` names; `drop()` removes it. */
export async function createTempDatabase(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `reclaim_cluster_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

/** Every instance and nginx process started, so that a failed run still ends them all. */
const started = new Set<ChildProcess>();
// and if this process ends without stopping its cluster (an exception, process.exit)
process.once('exit', () => {
  for (const child of started) child.kill('SIGKILL');
});

export class Instance {
  private child: ChildProcess | null = null;
  private output = '';
  readonly url: string;

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  logs(): string {
    return this.output;
  }

  /** CPU time (user + system, ms) the running process has used, from /proc (0 when not running). */
  cpuMs(): number {
    const pid = this.child?.pid;
    if (!pid || this.child?.exitCode !== null) return 0;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // fields after the command's closing parenthesis: utime and stime are the 12th and 13th
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {
      return 0;
    }
  }

  /** Starts the process and resolves once its readiness answers 200. */
  async start(): Promise<void> {
    const child = spawn(process.execPath, [join(repoRoot, 'api', 'dist', 'main.js')], {
      cwd: repoRoot,
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    started.add(child);
    child.once('exit', () => started.delete(child));
    child.stdout?.on('data', (d: Buffer) => (this.output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (this.output += d.toString()));
    await waitFor(`instance :${this.port} to be ready`, async () => {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(
          `instance :${this.port} exited (${child.exitCode ?? child.signalCode}):\n${this.output}`,
        );
      return (await status(`${this.url}/api/health/`)) === 200;
    }).catch((err: unknown) => {
      if (child.exitCode !== null) throw new Error(`instance :${this.port} exited:\n${this.output}`);
      throw err;
    });
  }

  private exited(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => child.once('exit', () => resolve()));
  }

  /** SIGKILL: the process dies with whatever it had in flight. */
  async kill(): Promise<void> {
    const exited = this.exited();
    this.child?.kill('SIGKILL');
    await exited;
  }

  /** SIGTERM (graceful drain), resolving when the process has exited. */
  async terminate(): Promise<{ code: number | null }> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null)
      return { code: child?.exitCode ?? null };
    const exited = this.exited();
    child.kill('SIGTERM');
    await exited;
    return { code: child.exitCode };
  }
}

export interface ClusterOptions {
  nginx: string;
  databaseUrl: string;
  instances?: number;
  /** nginx worker processes (default 1: the machine's cores go to the instances). */
  nginxWorkers?: number;
}

/** The nginx configuration docs/deployment.md documents, with this run's ports and paths. */
export function nginxConfig(
  dir: string,
  listen: number,
  singleListen: number,
  ports: number[],
  workers: number,
): string {
  const servers = (list: number[]) =>
    list.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=1s;`).join('\n');
  const site = (port: number, upstream: string) => `
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 30m;
    location / {
      proxy_pass http://${upstream};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      add_header X-Upstream $upstream_addr always;
    }
  }`;
  return `worker_processes ${workers};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  upstream reclaim {
    zone reclaim 64k;
${servers(ports)}
    keepalive 256;
    keepalive_timeout 4s;
  }
  upstream reclaim_single {
    zone reclaim_single 64k;
${servers(ports.slice(0, 1))}
    keepalive 256;
    keepalive_timeout 4s;
  }
${site(listen, 'reclaim')}
${site(singleListen, 'reclaim_single')}
}
`;
}

export class Cluster {
  private nginxProcess: ChildProcess | null = null;
  private nginxOutput = '';
  url = '';
  singleUrl = '';
  readonly instances: Instance[] = [];
  readonly secrets = {
    JWT_ACCESS_SECRET: randomBytes(48).toString('base64'),
    JWT_REFRESH_SECRET: randomBytes(48).toString('base64'),
  };
  private readonly dir = mkdtempSync(join(tmpdir(), 'reclaim-cluster-'));

  constructor(private readonly options: ClusterOptions) {}

  async start(): Promise<void> {
    const n = this.options.instances ?? 2;
    for (let i = 0; i < n; i++) {
      const dataDir = join(this.dir, `data-${i}`);
      mkdirSync(dataDir, { recursive: true });
      this.instances.push(
        new Instance(await freePort(), {
          NODE_ENV: 'production',
          DATABASE_URL: this.options.databaseUrl,
          DATA_DIR: dataDir,
          TRUSTED_PROXIES: '127.0.0.1',
          PUBLIC_URL: 'http://127.0.0.1',
          ADMIN_EMAIL: 'admin.cluster@reclaim.example',
          ADMIN_PASSWORD: 'Cluster-admin-Passphrase-2026',
          LOG_LEVEL: 'warn',
          ...this.secrets,
        }),
      );
    }
    // all at once, on an empty database: one migrates under the lock while the others wait
    await Promise.all(this.instances.map((i) => i.start()));
    const [listen, single] = [await freePort(), await freePort()];
    mkdirSync(join(this.dir, 'tmp'), { recursive: true });
    // nginx's workers run as "nobody" when the master is root: they write request bodies here
    chmodSync(this.dir, 0o755);
    chmodSync(join(this.dir, 'tmp'), 0o777);
    const conf = join(this.dir, 'nginx.conf');
    writeFileSync(
      conf,
      nginxConfig(
        this.dir,
        listen,
        single,
        this.instances.map((i) => i.port),
        this.options.nginxWorkers ?? 1,
      ),
    );
    const child = spawn(this.options.nginx, ['-c', conf, '-p', this.dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.nginxProcess = child;
    started.add(child);
    child.once('exit', () => started.delete(child));
    child.stdout?.on('data', (d: Buffer) => (this.nginxOutput += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (this.nginxOutput += d.toString()));
    this.url = `http://127.0.0.1:${listen}`;
    this.singleUrl = `http://127.0.0.1:${single}`;
    await waitFor('nginx to answer', async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${this.nginxOutput}`);
      return (
        (await status(`${this.url}/api/health/`)) === 200 &&
        (await status(`${this.singleUrl}/api/health/`)) === 200
      );
    });
  }

  /** nginx's error log (upstream failures, retries to the next server). */
  nginxLog(): string {
    try {
      return this.nginxOutput + readFileSync(join(this.dir, 'error.log'), 'utf8');
    } catch {
      return this.nginxOutput;
    }
  }

  /**
   * Resolves once nginx has passed a request to `instance` again (answers carry X-Upstream): after
   * a restart, nginx tries a server it marked failed again only after `fail_timeout`.
   */
  async waitUntilProxied(instance: Instance): Promise<void> {
    await waitFor(`nginx to send requests to :${instance.port} again`, async () => {
      const res = await fetch(`${this.url}/api/health/live/`);
      await res.arrayBuffer();
      return (
        (res.headers.get('x-upstream') ?? '').split(/,\s*/).includes(`127.0.0.1:${instance.port}`) && res.ok
      );
    });
  }

  async stop(): Promise<void> {
    const child = this.nginxProcess;
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    for (const i of this.instances) await i.kill();
    for (const child of started) child.kill('SIGKILL');
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export interface MixFixture {
  users: { email: string; password: string; token: string }[];
  assessments: { id: string; version: number; user: number }[];
}

async function postJson<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url} → ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Users (registered from distinct forwarded addresses) and `perUser` assessments of each. */
export async function createMixFixture(baseUrl: string, users: number, perUser: number): Promise<MixFixture> {
  const out: MixFixture = { users: [], assessments: [] };
  const password = 'Cluster-Bench-Passphrase-2026';
  for (let u = 0; u < users; u++) {
    const email = `cluster.${Date.now()}.${randomBytes(3).toString('hex')}@example.com`;
    const from = { 'x-forwarded-for': `10.77.${u >> 8}.${u & 255}` };
    await postJson(`${baseUrl}/auth/register/`, { email, password, display_name: `Cluster ${u}` }, from);
    // registration answers without tokens (it must not reveal accounts): sign in as a client does
    const signedIn = await postJson<{ access: string }>(
      `${baseUrl}/auth/login/`,
      { username: email, password },
      from,
    );
    out.users.push({ email, password, token: signedIn.access });
  }
  const jobs: { user: number }[] = [];
  for (let u = 0; u < users; u++) for (let k = 0; k < perUser; k++) jobs.push({ user: u });
  const create = async ({ user }: { user: number }) => {
    const a = await postJson<{ assessment_id: string; version: number }>(
      `${baseUrl}/api/assessment/save/`,
      {
        service_type: 'sdlt_refund',
        answers: { propertyTypeSDR: 'Mixed-Use', purchaseDateSDR: '2026-03-01', purchasePriceSDR: 450000 },
        current_step: 0,
      },
      { authorization: `Bearer ${out.users[user]!.token}` },
    );
    out.assessments.push({ id: a.assessment_id, version: a.version, user });
  };
  for (let i = 0; i < jobs.length; i += 16) await Promise.all(jobs.slice(i, i + 16).map(create));
  return out;
}

export interface LostWrites {
  checked: number;
  /** Acknowledged saves not found: the row's version is lower, or the save's activity row is missing. */
  lost: { id: string; version: number; reason: string }[];
}

/**
 * Looks for every acknowledged save in the database: the assessment's stored version is at least the
 * one the answer gave, and the save's own activity row (written in the same transaction, with the
 * version the save was made from) is there.
 */
export async function findLostWrites(
  databaseUrl: string,
  acknowledged: { id: string; version: number }[],
): Promise<LostWrites> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ids = [...new Set(acknowledged.map((a) => a.id))];
    const rows = await client.query<{ id: string; version: number }>(
      'select id, version from assessment where id = any($1)',
      [ids],
    );
    const stored = new Map(rows.rows.map((r) => [r.id, Number(r.version)]));
    const logs = await client.query<{ target_id: string; detail: unknown }>(
      "select target_id, detail from activity_logs where action = 'assessment_save' and target_id = any($1)",
      [ids],
    );
    const logged = new Set<string>();
    for (const r of logs.rows) {
      const detail = (typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail) as {
        version?: number;
      } | null;
      if (typeof detail?.version === 'number') logged.add(`${r.target_id}@${detail.version}`);
    }
    const lost: LostWrites['lost'] = [];
    for (const a of acknowledged) {
      const v = stored.get(a.id);
      if (v === undefined || v < a.version) lost.push({ ...a, reason: `stored version ${v ?? 'none'}` });
      else if (!logged.has(`${a.id}@${a.version - 1}`)) lost.push({ ...a, reason: 'no activity row' });
    }
    return { checked: acknowledged.length, lost };
  } finally {
    await client.end();
  }
}
