#!/usr/bin/env node
// `npm test`: installs what is missing (npm packages, Debian's Chromium), builds, then runs every
// suite in turn and ends with one summary line "Total: N passed, N failed".
//   engine        unit tests of the engine (Vitest)
//   definitions   every definition's embedded tests, boundaries, CGT worked examples, site data
//   api           integration tests against a temporary SQLite file
//   api:postgres  the same suite against PostgreSQL when TEST_DATABASE_URL is set
//   web           unit and component tests (jsdom)
//   tests         cross-package: engine parity, end-to-end in Chromium against `npm start`'s server
//   lint          ESLint over the whole repository (type-aware, zero warnings), counted as one check
//   format        Prettier --check over the whole repository, counted as one check
// Options: --only <suite,...>   run just these suites (after install and build).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstall } from './ensure-install.mjs';
import { build } from './build.mjs';
import { ensureChromium } from './ensure-chromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const onlyIdx = process.argv.indexOf('--only');
const only = onlyIdx > 0 ? new Set(process.argv[onlyIdx + 1].split(',')) : null;

ensureInstall();
build();

const reports = join(root, 'tests', 'artifacts', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const suites = [
  { name: 'engine', dir: 'engine' },
  { name: 'definitions', dir: 'definitions' },
  { name: 'api', dir: 'api', env: { TEST_DATABASE_URL: '' } },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'api:postgres', dir: 'api', env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL } }]
    : []),
  { name: 'web', dir: 'web' },
  { name: 'tests', dir: 'tests', needsBrowser: true },
];

const results = [];
for (const suite of suites) {
  if (only && !only.has(suite.name)) continue;
  if (!['ts', 'mts', 'js', 'mjs'].some((ext) => existsSync(join(root, suite.dir, `vitest.config.${ext}`)))) {
    console.error(`\n[test] ${suite.name}: no vitest config in ${suite.dir}/: FAILING this suite.`);
    results.push({ name: suite.name, passed: 0, failed: 1, skipped: 0, ok: false });
    continue;
  }
  if (suite.needsBrowser && !ensureChromium()) {
    console.error(
      `\n[test] ${suite.name}: Chromium is not available and could not be installed: FAILING this suite.`,
    );
    results.push({ name: suite.name, passed: 0, failed: 1, skipped: 0, ok: false });
    continue;
  }
  console.log(`\n━━━ ${suite.name} ━━━`);
  const out = join(reports, `${suite.name.replace(':', '-')}.json`);
  const res = spawnSync(
    join(root, 'node_modules', '.bin', 'vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    {
      cwd: join(root, suite.dir),
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ...suite.env, FORCE_COLOR: process.env.CI ? '0' : '1' },
    },
  );
  let passed = 0,
    failed = 0,
    skipped = 0;
  if (existsSync(out)) {
    const json = JSON.parse(readFileSync(out, 'utf8'));
    passed = json.numPassedTests ?? 0;
    failed = (json.numFailedTests ?? 0) + (json.numRuntimeErrorTestSuites ?? 0);
    skipped = (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
  }
  const ok = res.status === 0;
  if (!ok && failed === 0) failed = 1; // crashed before reporting
  results.push({ name: suite.name, passed, failed, skipped, ok });
}

if (!only || only.has('lint')) {
  console.log('\n━━━ lint ━━━');
  const res = spawnSync(join(root, 'node_modules', '.bin', 'eslint'), ['.', '--max-warnings', '0'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const ok = res.status === 0;
  console.log(ok ? 'eslint: no problems' : 'eslint: problems found (see above)');
  results.push({ name: 'lint', passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, ok });
}

if (!only || only.has('format')) {
  console.log('\n━━━ format ━━━');
  const res = spawnSync(
    join(root, 'node_modules', '.bin', 'prettier'),
    ['--check', '.', '--log-level', 'warn'],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const ok = res.status === 0;
  console.log(ok ? 'prettier: every file formatted' : 'prettier: unformatted files (run `npm run format`)');
  results.push({ name: 'format', passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, ok });
}

console.log('\n━━━ summary ━━━');
for (const r of results)
  console.log(
    `${r.name.padEnd(14)} ${r.ok ? 'ok  ' : 'FAIL'}  ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`,
  );
const total = results.reduce(
  (a, r) => ({ passed: a.passed + r.passed, failed: a.failed + r.failed, skipped: a.skipped + r.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);
console.log(
  `Total: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
);
process.exit(results.every((r) => r.ok) ? 0 : 1);
