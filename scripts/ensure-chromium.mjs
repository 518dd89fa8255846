#!/usr/bin/env node
// Makes sure Debian's Chromium is present for the browser tests and benchmarks.
// `npx playwright install` cannot download browsers here; Debian's package can be installed.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function ensureChromium({ quiet = false } = {}) {
  if (existsSync(CHROMIUM_PATH)) return true;
  const log = (m) => quiet || console.error(m);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = isRoot ? [] : ['sudo', '-n'];
  log('[chromium] /usr/bin/chromium is missing: installing Debian package "chromium" (apt-get)…');
  const run = (args) => {
    const [cmd, ...rest] = [...sudo, ...args];
    return spawnSync(cmd, rest, {
      stdio: quiet ? 'ignore' : 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  };
  run(['apt-get', 'update', '-qq']);
  const res = run([
    'apt-get',
    'install',
    '-y',
    '-qq',
    '--no-install-recommends',
    'chromium',
    'fonts-liberation',
  ]);
  if (res.status !== 0 || !existsSync(CHROMIUM_PATH)) {
    log('[chromium] could not install Chromium; browser tests cannot run.');
    return false;
  }
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(ensureChromium() ? 0 : 1);
}
