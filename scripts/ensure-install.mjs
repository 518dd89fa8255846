#!/usr/bin/env node
// Installs the workspace's npm dependencies when they are missing or older than the lockfile,
// so `npm start` and `npm test` work on a fresh clone with only Node 20 present.
import { existsSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function ensureInstall() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`Reclaim needs Node 20.19 or newer (found ${process.versions.node}).`);
    process.exit(1);
  }
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  const stale =
    !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);
  if (!stale) return;
  console.error('[setup] installing npm dependencies (first run takes a few minutes)…');
  const args = [existsSync(lock) ? 'ci' : 'install', '--no-audit', '--no-fund', '--loglevel=warn'];
  const res = spawnSync('npm', args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (res.status !== 0) {
    console.error('[setup] npm install failed');
    process.exit(res.status ?? 1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureInstall();
