import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  const dirs: string[] = [];
  const dataDir = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'reclaim-config-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('defaults: port 3000, SQLite under DATA_DIR, no proxies, no CORS origins', () => {
    const dir = dataDir();
    const config = loadConfig({}, { DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: dir,
      trustedProxies: [],
      corsOrigins: [],
      isProduction: false,
    });
    expect(config.database).toEqual({ driver: 'sqlite', url: null, sqlitePath: join(dir, 'reclaim.sqlite') });
  });

  it('reads every variable and picks PostgreSQL for a postgres URL', () => {
    const config = loadConfig(
      {},
      {
        DATA_DIR: dataDir(),
        PORT: '4555',
        HOST: '127.0.0.1',
        DATABASE_URL: 'postgresql://u@db:5432/reclaim',
        NODE_ENV: 'production',
        ADMIN_EMAIL: 'Boss@Example.test',
        ADMIN_PASSWORD: 'long-enough-admin',
        TRUSTED_PROXIES: '10.0.0.1, 10.0.0.0/8',
        CORS_ORIGINS: 'https://a.example,https://b.example',
        LOG_LEVEL: 'debug',
        PUBLIC_URL: 'https://reclaim.example/',
      },
    );
    expect(config).toMatchObject({
      port: 4555,
      host: '127.0.0.1',
      isProduction: true,
      adminEmail: 'boss@example.test',
      trustedProxies: ['10.0.0.1', '10.0.0.0/8'],
      corsOrigins: ['https://a.example', 'https://b.example'],
      logLevel: 'debug',
      publicUrl: 'https://reclaim.example',
    });
    expect(config.database.driver).toBe('postgresql');
  });

  it('refuses invalid values with a message naming the variable', () => {
    const env = { DATA_DIR: dataDir() };
    expect(() => loadConfig({}, { ...env, PORT: 'abc' })).toThrow(
      new ConfigError('PORT must be a port number, got "abc"'),
    );
    expect(() => loadConfig({}, { ...env, PORT: '70000' })).toThrow(/PORT must be between 1 and 65535/);
    expect(() => loadConfig({}, { ...env, DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL must be a postgres/,
    );
    expect(() => loadConfig({}, { ...env, NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
    expect(() => loadConfig({}, { ...env, LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({}, { ...env, ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({}, { ...env, ADMIN_EMAIL: 'not-an-email' })).toThrow(/ADMIN_EMAIL/);
  });

  it('generates two 256-bit JWT secrets once, mode 600, and reuses them', () => {
    const dir = dataDir();
    const first = loadConfig({}, { DATA_DIR: dir });
    const file = join(dir, 'jwt-secret.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(first.jwt.access, 'base64url')).toHaveLength(32);
    expect(Buffer.from(first.jwt.refresh, 'base64url')).toHaveLength(32);
    expect(first.jwt.access).not.toBe(first.jwt.refresh);
    const second = loadConfig({}, { DATA_DIR: dir });
    expect(second.jwt).toEqual(first.jwt);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first.jwt);
  });
  const ACCESS = 'a'.repeat(31) + '-access-secret-from-the-environment';
  const REFRESH = 'r'.repeat(31) + '-refresh-secret-from-the-environment';

  it('takes JWT secrets from JWT_ACCESS_SECRET and JWT_REFRESH_SECRET and then writes no file', () => {
    const dir = dataDir();
    const config = loadConfig({}, { DATA_DIR: dir, JWT_ACCESS_SECRET: ACCESS, JWT_REFRESH_SECRET: REFRESH });
    expect(config.jwt).toEqual({ access: ACCESS, refresh: REFRESH });
    expect(config.jwtSource).toBe('environment');
    expect(existsSync(join(dir, 'jwt-secret.json'))).toBe(false);
    expect(loadConfig({}, { DATA_DIR: dir }).jwtSource).toBe('file');
  });

  it('refuses JWT secrets shorter than 32 bytes, only one of the two, or the same one twice', () => {
    const env = { DATA_DIR: dataDir() };
    expect(() =>
      loadConfig({}, { ...env, JWT_ACCESS_SECRET: 'x'.repeat(31), JWT_REFRESH_SECRET: REFRESH }),
    ).toThrow(
      new ConfigError(
        'JWT_ACCESS_SECRET must be at least 32 bytes (it has 31); generate one with: openssl rand -base64 48',
      ),
    );
    // Bytes, not characters: 16 two-byte characters are 32 bytes.
    expect(
      loadConfig({}, { ...env, JWT_ACCESS_SECRET: ACCESS, JWT_REFRESH_SECRET: 'é'.repeat(16) }).jwt.refresh,
    ).toBe('é'.repeat(16));
    expect(() => loadConfig({}, { ...env, JWT_ACCESS_SECRET: ACCESS, JWT_REFRESH_SECRET: 'short' })).toThrow(
      /JWT_REFRESH_SECRET must be at least 32 bytes \(it has 5\)/,
    );
    expect(() => loadConfig({}, { ...env, JWT_ACCESS_SECRET: ACCESS })).toThrow(
      /JWT_REFRESH_SECRET is not set: set both/,
    );
    expect(() => loadConfig({}, { ...env, JWT_REFRESH_SECRET: REFRESH })).toThrow(
      /JWT_ACCESS_SECRET is not set: set both/,
    );
    expect(() => loadConfig({}, { ...env, JWT_ACCESS_SECRET: ACCESS, JWT_REFRESH_SECRET: ACCESS })).toThrow(
      /must differ/,
    );
  });

  it('S3 storage: the four required variables together, region and path style optional', () => {
    const env = { DATA_DIR: dataDir() };
    const s3 = {
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_BUCKET: 'reclaim-uploads',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret-key',
    };
    expect(loadConfig({}, env).s3).toBeNull();
    expect(loadConfig({}, { ...env, ...s3 }).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'reclaim-uploads',
      accessKeyId: 'key-id',
      secretAccessKey: 'secret-key',
      region: 'us-east-1',
      forcePathStyle: true,
    });
    expect(
      loadConfig({}, { ...env, ...s3, S3_REGION: 'eu-west-2', S3_FORCE_PATH_STYLE: 'false' }).s3,
    ).toMatchObject({ region: 'eu-west-2', forcePathStyle: false });
    expect(() => loadConfig({}, { ...env, S3_ENDPOINT: s3.S3_ENDPOINT, S3_BUCKET: s3.S3_BUCKET })).toThrow(
      new ConfigError(
        'S3 storage needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY together; missing: S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
      ),
    );
    expect(() => loadConfig({}, { ...env, ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT must be/);
    expect(() => loadConfig({}, { ...env, ...s3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
  });

  it('REDIS_URL must be a redis URL', () => {
    const env = { DATA_DIR: dataDir() };
    expect(loadConfig({}, env).redisUrl).toBeNull();
    expect(loadConfig({}, { ...env, REDIS_URL: 'redis://127.0.0.1:6379/2' }).redisUrl).toBe(
      'redis://127.0.0.1:6379/2',
    );
    expect(() => loadConfig({}, { ...env, REDIS_URL: 'http://x' })).toThrow(/REDIS_URL must be/);
  });
});
