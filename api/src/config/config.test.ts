import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
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
});
