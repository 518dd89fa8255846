import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';

// The one place that reads process.env. Everything else receives an AppConfig.

export type NodeEnv = 'development' | 'production' | 'test';
export type DatabaseDriver = 'sqlite' | 'postgresql';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface JwtSecrets {
  access: string;
  refresh: string;
}

/** S3-compatible object storage for uploads (all four of endpoint, bucket and keys, or none). */
export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Path-style URLs (endpoint/bucket/key): what MinIO, s3rver and most S3-compatible stores expect. */
  forcePathStyle: boolean;
}

export interface ConfigValues {
  nodeEnv: NodeEnv;
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  database: { driver: DatabaseDriver; url: string | null; sqlitePath: string };
  adminEmail: string | null;
  adminPassword: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  firmEmail: string;
  publicUrl: string;
  trustedProxies: string[];
  corsOrigins: string[];
  webDist: string;
  logLevel: LogLevel;
  logFile: string | null;
  bodyLimitBytes: number;
  /** SHUTDOWN_DELAY_MS: on SIGTERM, how long readiness answers 503 before the listener closes. */
  shutdownDelayMs: number;
  jwt: JwtSecrets;
  /** Where the JWT secrets came from: JWT_ACCESS_SECRET/JWT_REFRESH_SECRET, or DATA_DIR/jwt-secret.json. */
  jwtSource: 'environment' | 'file';
  /** REDIS_URL: rate limits in Redis instead of the database. */
  redisUrl: string | null;
  /** Uploads in object storage instead of DATA_DIR/uploads/. */
  s3: S3Config | null;
  /** API_DOCS_PUBLIC: in production the OpenAPI document is staff-only unless this is true. */
  apiDocsPublic: boolean;
  version: string;
}

// Injection token and typed value in one: `constructor(private readonly config: AppConfig)`.
export class AppConfig implements ConfigValues {
  readonly nodeEnv!: NodeEnv;
  readonly isProduction!: boolean;
  readonly port!: number;
  readonly host!: string;
  readonly dataDir!: string;
  readonly database!: { driver: DatabaseDriver; url: string | null; sqlitePath: string };
  readonly adminEmail!: string | null;
  readonly adminPassword!: string | null;
  readonly smtpUrl!: string | null;
  readonly mailFrom!: string;
  readonly firmEmail!: string;
  readonly publicUrl!: string;
  readonly trustedProxies!: string[];
  readonly corsOrigins!: string[];
  readonly webDist!: string;
  readonly logLevel!: LogLevel;
  readonly logFile!: string | null;
  readonly bodyLimitBytes!: number;
  readonly shutdownDelayMs!: number;
  readonly jwt!: JwtSecrets;
  readonly jwtSource!: 'environment' | 'file';
  readonly redisUrl!: string | null;
  readonly s3!: S3Config | null;
  readonly apiDocsPublic!: boolean;
  readonly version!: string;

  constructor(values: ConfigValues) {
    Object.assign(this, values);
    Object.freeze(this);
  }

  /** A path under DATA_DIR (uploads, mail, ...). */
  dataPath(...parts: string[]): string {
    return join(this.dataDir, ...parts);
  }
}

export class ConfigError extends Error {}

export interface ConfigOverrides {
  dataDir?: string;
  databaseUrl?: string | null;
  port?: number;
  host?: string;
  nodeEnv?: NodeEnv;
  logFile?: string | null;
  logLevel?: LogLevel;
  adminEmail?: string | null;
  adminPassword?: string | null;
  webDist?: string;
  trustedProxies?: string[];
  corsOrigins?: string[];
  smtpUrl?: string | null;
  publicUrl?: string;
  redisUrl?: string | null;
  s3?: S3Config | null;
  apiDocsPublic?: boolean;
}

const API_PACKAGE_DIR = resolve(__dirname, '..', '..');

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(API_PACKAGE_DIR, 'package.json'), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

function nonEmpty(value: string | undefined): string | null {
  if (value === undefined) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function parsePort(raw: string | null, name: string): number {
  if (raw === null) return 3000;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a port number, got "${raw}"`);
  const port = Number(raw);
  if (port < 1 || port > 65535) throw new ConfigError(`${name} must be between 1 and 65535, got ${port}`);
  return port;
}

function parseList(raw: string | null): string[] {
  if (raw === null) return [];
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function parseNodeEnv(raw: string | null): NodeEnv {
  if (raw === null) return 'development';
  if (raw === 'development' || raw === 'production' || raw === 'test') return raw;
  throw new ConfigError(`NODE_ENV must be development, production or test, got "${raw}"`);
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function parseLogLevel(raw: string | null, fallback: LogLevel): LogLevel {
  if (raw === null) return fallback;
  const found = LOG_LEVELS.find((l) => l === raw);
  if (!found) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`);
  return found;
}

function parseDatabaseUrl(raw: string | null): string | null {
  if (raw === null) return null;
  if (!/^postgres(ql)?:\/\//.test(raw)) {
    throw new ConfigError(
      'DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset for SQLite)',
    );
  }
  return raw;
}

function parseEmail(raw: string | null, name: string): string | null {
  if (raw === null) return null;
  if (!/^[^\s@]+@[^\s@]+$/.test(raw)) throw new ConfigError(`${name} must be an e-mail address`);
  return raw.toLowerCase();
}

export const MIN_JWT_SECRET_BYTES = 32;

/**
 * JWT_ACCESS_SECRET and JWT_REFRESH_SECRET: what several instances share (each must verify the
 * others' tokens). Both or neither; each at least 32 bytes; different from each other (a refresh
 * token must never verify as an access token). Null when neither is set.
 */
export function readJwtSecretsFromEnv(env: NodeJS.ProcessEnv): JwtSecrets | null {
  const access = env.JWT_ACCESS_SECRET ?? '';
  const refresh = env.JWT_REFRESH_SECRET ?? '';
  if (access === '' && refresh === '') return null;
  if (access === '' || refresh === '') {
    throw new ConfigError(
      `${access === '' ? 'JWT_ACCESS_SECRET' : 'JWT_REFRESH_SECRET'} is not set: set both JWT_ACCESS_SECRET and JWT_REFRESH_SECRET, or neither (then DATA_DIR/jwt-secret.json is used)`,
    );
  }
  for (const [name, value] of [
    ['JWT_ACCESS_SECRET', access],
    ['JWT_REFRESH_SECRET', refresh],
  ] as const) {
    const bytes = Buffer.byteLength(value, 'utf8');
    if (bytes < MIN_JWT_SECRET_BYTES) {
      throw new ConfigError(
        `${name} must be at least ${MIN_JWT_SECRET_BYTES} bytes (it has ${bytes}); generate one with: openssl rand -base64 48`,
      );
    }
  }
  if (access === refresh) throw new ConfigError('JWT_ACCESS_SECRET and JWT_REFRESH_SECRET must differ');
  return { access, refresh };
}

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** The S3 variables: the four required ones together (or none), S3_REGION and S3_FORCE_PATH_STYLE optional. */
export function readS3Config(env: NodeJS.ProcessEnv): S3Config | null {
  const values = S3_REQUIRED.map((name) => nonEmpty(env[name]));
  const missing = S3_REQUIRED.filter((_, i) => values[i] === null);
  if (missing.length === S3_REQUIRED.length) return null;
  if (missing.length > 0) {
    throw new ConfigError(
      `S3 storage needs ${S3_REQUIRED.join(', ')} together; missing: ${missing.join(', ')}`,
    );
  }
  const [endpoint, bucket, accessKeyId, secretAccessKey] = values as string[] as [
    string,
    string,
    string,
    string,
  ];
  if (!/^https?:\/\/[^\s/]+/.test(endpoint))
    throw new ConfigError(`S3_ENDPOINT must be an http:// or https:// URL, got "${endpoint}"`);
  const pathStyle = nonEmpty(env.S3_FORCE_PATH_STYLE);
  if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false')
    throw new ConfigError(`S3_FORCE_PATH_STYLE must be true or false, got "${pathStyle}"`);
  return {
    endpoint: endpoint.replace(/\/+$/, ''),
    bucket,
    accessKeyId,
    secretAccessKey,
    region: nonEmpty(env.S3_REGION) ?? 'us-east-1',
    forcePathStyle: pathStyle !== 'false',
  };
}

function parseFlag(raw: string | null, name: string): boolean {
  if (raw === null) return false;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function parseRedisUrl(raw: string | null): string | null {
  if (raw === null) return null;
  if (!/^rediss?:\/\//.test(raw)) throw new ConfigError('REDIS_URL must be a redis:// or rediss:// URL');
  return raw;
}

/** Without JWT_ACCESS_SECRET/JWT_REFRESH_SECRET, secrets live in DATA_DIR/jwt-secret.json (mode 600), generated once: 256 random bits each. */
export function loadJwtSecrets(dataDir: string): JwtSecrets {
  const file = join(dataDir, 'jwt-secret.json');
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<JwtSecrets>;
    if (
      typeof parsed.access === 'string' &&
      typeof parsed.refresh === 'string' &&
      parsed.access.length >= 43 &&
      parsed.refresh.length >= 43
    ) {
      return { access: parsed.access, refresh: parsed.refresh };
    }
    throw new ConfigError(
      `${file} is malformed; delete it to generate new secrets (this ends every session)`,
    );
  }
  const secrets: JwtSecrets = {
    access: randomBytes(32).toString('base64url'),
    refresh: randomBytes(32).toString('base64url'),
  };
  try {
    writeFileSync(file, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another process on this DATA_DIR created it first (instances starting together): use theirs.
    // It may still be empty for a moment (created, not yet written): wait up to a second.
    if ((err as { code?: unknown }).code === 'EEXIST') {
      for (let i = 0; i < 100 && readFileSync(file, 'utf8').trim() === ''; i++)
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
      return loadJwtSecrets(dataDir);
    }
    throw err;
  }
  chmodSync(file, 0o600);
  return secrets;
}

export function loadConfig(overrides: ConfigOverrides = {}, env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = overrides.nodeEnv ?? parseNodeEnv(nonEmpty(env.NODE_ENV));
  const rawDataDir = overrides.dataDir ?? nonEmpty(env.DATA_DIR) ?? './data';
  const dataDir = isAbsolute(rawDataDir) ? rawDataDir : resolve(process.cwd(), rawDataDir);
  // Created private (owner only); an existing DATA_DIR keeps the mode its operator gave it.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });

  const databaseUrl =
    overrides.databaseUrl !== undefined
      ? overrides.databaseUrl
      : parseDatabaseUrl(nonEmpty(env.DATABASE_URL));
  const port = overrides.port ?? parsePort(nonEmpty(env.PORT), 'PORT');
  // 0.0.0.0 by default: the app is meant to be reached from a browser and from containers;
  // put it behind a proxy (TRUSTED_PROXIES) in production.
  const host = overrides.host ?? nonEmpty(env.HOST) ?? '0.0.0.0';
  const rawWebDist =
    overrides.webDist ?? nonEmpty(env.WEB_DIST) ?? join(API_PACKAGE_DIR, '..', 'web', 'dist');
  const webDist = isAbsolute(rawWebDist) ? rawWebDist : resolve(process.cwd(), rawWebDist);
  const rawLogFile = overrides.logFile !== undefined ? overrides.logFile : nonEmpty(env.LOG_FILE);
  const logFile =
    rawLogFile === null ? null : isAbsolute(rawLogFile) ? rawLogFile : resolve(process.cwd(), rawLogFile);
  const bodyLimitRaw = nonEmpty(env.BODY_LIMIT_BYTES);
  const bodyLimitBytes = bodyLimitRaw === null ? 1_048_576 : Number(bodyLimitRaw);
  if (!Number.isInteger(bodyLimitBytes) || bodyLimitBytes < 1024)
    throw new ConfigError('BODY_LIMIT_BYTES must be an integer ≥ 1024');
  const shutdownDelayRaw = nonEmpty(env.SHUTDOWN_DELAY_MS);
  const shutdownDelayMs = shutdownDelayRaw === null ? 0 : Number(shutdownDelayRaw);
  if (!Number.isInteger(shutdownDelayMs) || shutdownDelayMs < 0 || shutdownDelayMs > 60_000)
    throw new ConfigError('SHUTDOWN_DELAY_MS must be an integer from 0 to 60000');

  const adminPassword =
    overrides.adminPassword !== undefined ? overrides.adminPassword : nonEmpty(env.ADMIN_PASSWORD);
  if (adminPassword !== null && adminPassword.length < 8)
    throw new ConfigError('ADMIN_PASSWORD must be at least 8 characters');
  // The file only when the environment does not give the secrets (one machine); never both.
  const envSecrets = readJwtSecretsFromEnv(env);

  return new AppConfig({
    nodeEnv,
    isProduction: nodeEnv === 'production',
    port,
    host,
    dataDir,
    database: {
      driver: databaseUrl === null ? 'sqlite' : 'postgresql',
      url: databaseUrl,
      sqlitePath: join(dataDir, 'reclaim.sqlite'),
    },
    adminEmail:
      overrides.adminEmail !== undefined
        ? overrides.adminEmail
        : parseEmail(nonEmpty(env.ADMIN_EMAIL), 'ADMIN_EMAIL'),
    adminPassword,
    smtpUrl: overrides.smtpUrl !== undefined ? overrides.smtpUrl : nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? 'Reclaim <no-reply@reclaim.local>',
    firmEmail: parseEmail(nonEmpty(env.FIRM_EMAIL), 'FIRM_EMAIL') ?? 'enquiries@reclaim.local',
    publicUrl: (overrides.publicUrl ?? nonEmpty(env.PUBLIC_URL) ?? `http://localhost:${port}`).replace(
      /\/+$/,
      '',
    ),
    trustedProxies: overrides.trustedProxies ?? parseList(nonEmpty(env.TRUSTED_PROXIES)),
    corsOrigins: overrides.corsOrigins ?? parseList(nonEmpty(env.CORS_ORIGINS)),
    webDist,
    logLevel:
      overrides.logLevel ?? parseLogLevel(nonEmpty(env.LOG_LEVEL), nodeEnv === 'test' ? 'warn' : 'info'),
    logFile,
    bodyLimitBytes,
    shutdownDelayMs,
    jwt: envSecrets ?? loadJwtSecrets(dataDir),
    jwtSource: envSecrets ? 'environment' : 'file',
    redisUrl: overrides.redisUrl !== undefined ? overrides.redisUrl : parseRedisUrl(nonEmpty(env.REDIS_URL)),
    s3: overrides.s3 !== undefined ? overrides.s3 : readS3Config(env),
    apiDocsPublic: overrides.apiDocsPublic ?? parseFlag(nonEmpty(env.API_DOCS_PUBLIC), 'API_DOCS_PUBLIC'),
    version: readVersion(),
  });
}

let current: AppConfig | null = null;

/** Typed getter: the config loaded by createApp (or loaded from the environment on first call). */
export function getConfig(): AppConfig {
  current ??= loadConfig();
  return current;
}

export function setConfig(config: AppConfig): void {
  current = config;
}

/** For the test suite and the migration tool only: a PostgreSQL server to run against. */
export function readTestDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string | null {
  return parseDatabaseUrl(nonEmpty(env.TEST_DATABASE_URL));
}

/** For the test suite only: a Redis server for the Redis rate-limit store's test (TEST_REDIS_URL). */
export function readTestRedisUrl(env: NodeJS.ProcessEnv = process.env): string | null {
  return parseRedisUrl(nonEmpty(env.TEST_REDIS_URL));
}
