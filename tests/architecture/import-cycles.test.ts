// No import cycles in engine/, api/ or web/ (type-only imports count too): madge over each
// package's sources with its TypeScript config. The first case proves the check finds a cycle.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../e2e/harness';

const madge = join(repoRoot, 'node_modules', '.bin', 'madge');

/** The import cycles madge finds under `dirs` (each a list of files, relative to the first dir). */
function cyclesIn(dirs: string[], tsConfig: string): string[][] {
  // madge exits 1 when it finds a cycle: the JSON on stdout is the answer either way
  const run = spawnSync(
    madge,
    ['--circular', '--json', '--no-spinner', '--extensions', 'ts,tsx', '--ts-config', tsConfig, ...dirs],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 16 * 1024 * 1024 },
  );
  const start = run.stdout.indexOf('[');
  if (start < 0) throw new Error(`madge gave no answer: ${run.stderr}`);
  return JSON.parse(run.stdout.slice(start)) as string[][];
}

describe('import cycles', () => {
  it('the check finds a cycle (a.ts → b.ts → a.ts)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cycle-'));
    try {
      writeFileSync(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      writeFileSync(
        join(dir, 'b.ts'),
        "import type { a } from './a';\nexport const b = (x?: typeof a) => x;\n",
      );
      writeFileSync(join(dir, 'tsconfig.json'), '{"compilerOptions":{"strict":true}}');
      expect(cyclesIn([dir], join(dir, 'tsconfig.json'))).toEqual([['a.ts', 'b.ts']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['engine', ['engine/src', 'engine/scripts']],
    ['api', ['api/src', 'api/test']],
    ['web', ['web/src']],
  ])('%s has none', (pkg, dirs) => {
    const cycles = cyclesIn(
      dirs.map((d) => join(repoRoot, d)),
      join(repoRoot, pkg, 'tsconfig.json'),
    );
    expect(cycles, cycles.map((c) => c.join(' → ')).join('\n')).toEqual([]);
  });
});
