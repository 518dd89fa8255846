import { expect } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { type CreateAppOptions, createApp } from '../../src/bootstrap';
import { AppConfig, readTestDatabaseUrl } from '../../src/config/config';
import { createTemporaryPostgresDatabase, type TemporaryDatabase } from '../../src/database/temp-database';

export const TEST_ADMIN_EMAIL = 'admin@reclaim.test';
export const TEST_ADMIN_PASSWORD = 'Admin-pass-for-tests-9d2f';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  dataDir: string;
  logFile: string;
  driver: 'sqlite' | 'postgresql';
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  readLog(): string;
  close(): Promise<void>;
}

/**
 * A complete app on a fresh database: a temporary SQLite file, or a temporary PostgreSQL
 * database when TEST_DATABASE_URL is set. Logs go to DATA_DIR/test.log at info level.
 */
export async function createTestApp(options: CreateAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'reclaim-test-'));
  const logFile = join(dataDir, 'test.log');
  const serverUrl = readTestDatabaseUrl();
  let temp: TemporaryDatabase | null = null;
  if (serverUrl) temp = await createTemporaryPostgresDatabase(serverUrl, 'reclaim_test');
  let app: NestFastifyApplication;
  try {
    app = await createApp({
      dataDir,
      databaseUrl: temp?.url ?? null,
      nodeEnv: 'test',
      logFile,
      logLevel: 'info',
      adminEmail: TEST_ADMIN_EMAIL,
      adminPassword: TEST_ADMIN_PASSWORD,
      webDist: join(dataDir, 'no-web-dist'),
      announce: () => undefined,
      ...options,
    });
  } catch (err) {
    await temp?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const config = app.get(AppConfig);
  return {
    app,
    config,
    dataDir,
    logFile,
    driver: config.database.driver,
    request: (opts) => app.inject(opts),
    readLog: () => readFileSafe(logFile),
    close: async () => {
      await app.close();
      await temp?.drop();
      // SECURITY row 21 for every test file: its whole log is scanned before it is deleted.
      const leaks = findSecretsInLog(readFileSafe(logFile));
      rmSync(dataDir, { recursive: true, force: true });
      if (leaks.length > 0) throw new Error(`secrets found in the test log: ${leaks.join(', ')}`);
    },
  };
}

/**
 * Another instance on the same DATA_DIR and database as `t` (what a second API process behind a
 * load balancer is), with its own log. Closing it leaves the database to `t`.
 */
export async function createSecondApp(t: TestApp, options: CreateAppOptions = {}): Promise<TestApp> {
  const logFile = join(t.dataDir, `second-${Date.now()}-${Math.random().toString(36).slice(2)}.log`);
  const app = await createApp({
    dataDir: t.dataDir,
    databaseUrl: t.config.database.url,
    nodeEnv: 'test',
    logFile,
    logLevel: 'info',
    adminEmail: TEST_ADMIN_EMAIL,
    adminPassword: TEST_ADMIN_PASSWORD,
    webDist: join(t.dataDir, 'no-web-dist'),
    announce: () => undefined,
    s3: t.config.s3,
    redisUrl: t.config.redisUrl,
    ...options,
  });
  const config = app.get(AppConfig);
  return {
    app,
    config,
    dataDir: t.dataDir,
    logFile,
    driver: config.database.driver,
    request: (opts) => app.inject(opts),
    readLog: () => readFileSafe(logFile),
    close: async () => {
      await app.close();
      const leaks = findSecretsInLog(readFileSafe(logFile));
      if (leaks.length > 0) throw new Error(`secrets found in the test log: ${leaks.join(', ')}`);
    },
  };
}

// Passwords the helpers used in this process; every test log is checked for them.
const usedPasswords = new Set<string>([TEST_ADMIN_PASSWORD]);

// Short ones ("password") would match ordinary words in the log.
function rememberPassword(password: string): void {
  if (password.length >= 12) usedPasswords.add(password);
}

function readFileSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** Names what leaked: a JWT-shaped string or a password used by these helpers. */
export function findSecretsInLog(log: string): string[] {
  const leaks: string[] = [];
  if (/eyJ[\w-]{8,}/.test(log)) leaks.push('a JWT (eyJ…)');
  for (const password of usedPasswords)
    if (log.includes(password)) leaks.push(`the password "${password.slice(0, 3)}…"`);
  return leaks;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

export interface Registered {
  access: string;
  refresh: string;
  user: { id: string; email: string; role: string };
  email: string;
  password: string;
}

let counter = 0;
export async function registerUser(
  t: TestApp,
  overrides: { email?: string; password?: string; remember?: boolean } = {},
): Promise<Registered> {
  counter += 1;
  const email = overrides.email ?? `client${counter}-${Date.now()}@example.test`;
  const password = overrides.password ?? `Correct-horse-${counter}-battery`;
  rememberPassword(password);
  // Distinct addresses so the per-IP register limit does not interfere between tests.
  const remoteAddress = `10.9.${Math.floor(counter / 250)}.${counter % 250}`;
  const res = await t.request({
    method: 'POST',
    url: '/auth/register/',
    payload: { email, password, display_name: `Client ${counter}`, remember: overrides.remember },
    remoteAddress,
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  // Registration answers the same for every address (no tokens): sign in as the web does.
  const signedIn = await t.request({
    method: 'POST',
    url: '/auth/login/',
    payload: { username: email, password, remember: overrides.remember },
    remoteAddress,
  });
  if (signedIn.statusCode !== 200)
    throw new Error(`login after register failed: ${signedIn.statusCode} ${signedIn.body}`);
  const tokens = signedIn.json<{ access: string; refresh: string }>();
  const me = await t.request({
    method: 'GET',
    url: '/users/current/',
    headers: { authorization: `Bearer ${tokens.access}` },
    remoteAddress,
  });
  if (me.statusCode !== 200) throw new Error(`current user after register: ${me.statusCode} ${me.body}`);
  return { ...tokens, user: me.json<Registered['user']>(), email, password };
}

export async function login(
  t: TestApp,
  email: string,
  password: string,
  extra: Partial<InjectOptions> = {},
): Promise<{ access: string; refresh: string }> {
  rememberPassword(password);
  const res = await t.request({
    method: 'POST',
    url: '/auth/login/',
    payload: { username: email, password },
    ...extra,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<{ access: string; refresh: string }>();
}

/** The contract's error body, plus whatever a success body carries (for reading test answers). */
export interface ApiBody {
  statusCode?: number;
  error?: string;
  message?: string;
  detail?: string;
  requestId?: string;
  errors?: { field: string; message: string }[];
  [key: string]: unknown;
}

// Vitest types its asymmetric matchers as `any`; these keep object literals in tests type-safe.
export const anyString: unknown = expect.any(String);
export const anyNumber: unknown = expect.any(Number);
export const matching = (pattern: RegExp): unknown => expect.stringMatching(pattern);
export const notMatching = (pattern: RegExp): unknown => expect.not.stringMatching(pattern);
export const containing = (value: Record<string, unknown>): unknown => expect.objectContaining(value);
