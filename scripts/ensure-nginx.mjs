#!/usr/bin/env node
// Makes sure nginx is present for the cluster bench and test (two API instances behind nginx).
// Installs Debian's package "nginx" with apt-get when it is missing: as root directly, otherwise
// through `sudo -n` (never prompts). Only the binary is used: the bench writes its own
// configuration and runs its own nginx master as a child (no system service is started).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const CANDIDATES = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'].filter(Boolean);

/** The nginx binary's path, or null when there is none. */
export function findNginx() {
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

/**
 * The nginx binary's path, installing Debian's package first when it is missing; null (with the
 * reason on stderr unless quiet) when it cannot be installed.
 */
export function ensureNginx({ quiet = false } = {}) {
  const found = findNginx();
  if (found) return found;
  const log = (m) => quiet || console.error(m);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    const sudo = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
    if (sudo.status !== 0) {
      log('[nginx] nginx is missing, and installing it needs root or password-less sudo');
      return null;
    }
  }
  const prefix = isRoot ? [] : ['sudo', '-n'];
  log('[nginx] nginx is missing: installing Debian package "nginx" (apt-get)…');
  const run = (args) => {
    const [cmd, ...rest] = [...prefix, ...args];
    return spawnSync(cmd, rest, {
      stdio: quiet ? 'ignore' : 'inherit',
      // no service started by the package's scripts: the bench runs its own nginx
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' },
    });
  };
  run(['apt-get', 'update', '-qq']);
  const res = run([
    'apt-get',
    'install',
    '-y',
    '-qq',
    '--no-install-recommends',
    '-o',
    'Dpkg::Options::=--force-confdef',
    '-o',
    'Dpkg::Options::=--force-confold',
    'nginx',
  ]);
  const path = findNginx();
  if (res.status !== 0 || !path) {
    log('[nginx] could not install nginx from Debian packages');
    return null;
  }
  return path;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = ensureNginx();
  if (path) console.log(path);
  process.exit(path ? 0 : 1);
}
