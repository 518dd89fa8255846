#!/usr/bin/env node
// `npm start`: install what is missing, build, then serve the API and the web app on one port
// (default 3000). The API creates, migrates and seeds the SQLite database under ./data on first start.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstall } from './ensure-install.mjs';
import { build } from './build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
ensureInstall();
build();

const child = spawn(process.execPath, [join(root, 'api', 'dist', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.PORT || '3000',
    DATA_DIR: process.env.DATA_DIR || join(root, 'data'),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
