#!/usr/bin/env node
// Builds every workspace with Turborepo (cached: a no-change build takes a second or two).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function build() {
  const res = spawnSync(
    join(root, 'node_modules', '.bin', 'turbo'),
    ['run', 'build', '--output-logs=errors-only'],
    {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        TURBO_TELEMETRY_DISABLED: '1',
        DO_NOT_TRACK: '1',
        TURBO_NO_UPDATE_NOTIFIER: '1',
      },
    },
  );
  if (res.status !== 0) {
    console.error('[build] failed');
    process.exit(res.status ?? 1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) build();
