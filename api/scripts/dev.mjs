// `npm run dev` for the API: compile once, then keep `tsc --watch` and `node --watch dist/main.js`
// running side by side, so a saved .ts file is recompiled and the server restarts on it.
// Turborepo's `dev` task builds the engine first (dependsOn ^build). Ctrl-C (or SIGTERM to this
// process) stops both children.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = createRequire(join(apiDir, 'package.json')).resolve('typescript/bin/tsc');

// The first build must finish before node starts, or node --watch would run a stale or missing dist.
const first = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
  cwd: apiDir,
  stdio: 'inherit',
});
if (first.status !== 0) {
  console.error('[api dev] the first build failed; fix the errors above and run npm run dev again');
  process.exit(first.status ?? 1);
}

const children = [
  spawn(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput'], {
    cwd: apiDir,
    stdio: 'inherit',
  }),
  spawn(process.execPath, ['--watch', '--enable-source-maps', 'dist/main.js'], {
    cwd: apiDir,
    stdio: 'inherit',
  }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(0));
