// Issue 26 §4: web feature folders (web/src/features/<feature>/) do not import each other's
// internals. A feature's public surface is the files directly in its folder (routes.tsx, types.ts,
// use-auth.ts, page-chunks.ts …); everything in its subfolders (components/, pages/, lib/ …) is
// its own. Shared UI lives in web/src/components/ and web/src/lib/ (test helpers in web/src/test/),
// which every feature imports. Static imports, dynamic import() and vi.mock() paths all count.
// The first case proves the check finds a violation.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../e2e/harness';

const webSrc = join(repoRoot, 'web', 'src');
const features = join(webSrc, 'features');
const SPECIFIER = /(?:\bfrom|\bimport|vi\.mock|vi\.doMock|importActual)\s*\(?\s*(['"])(\.{1,2}\/[^'"]*)\1/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function resolve(from: string, specifier: string): string {
  const target = normalize(join(dirname(from), specifier));
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts')]) {
    if (existsSync(candidate) && !candidate.endsWith(sep)) return candidate;
  }
  return target;
}

/** The imports in `text` (of the file at `file`) that reach into another feature's internals. */
function violations(file: string, text: string): string[] {
  const own = relative(features, file).split(sep)[0];
  const found: string[] = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const target = relative(features, resolve(file, match[2]!));
    if (target.startsWith('..')) continue; // outside features/: shared code
    const [feature, ...rest] = target.split(sep);
    if (feature !== own && rest.length > 1) found.push(`${relative(webSrc, file)} → ${match[2]}`);
  }
  return found;
}

describe('web feature boundaries', () => {
  it('the check finds an import of another feature’s internals, and allows its top-level files', () => {
    const file = join(features, 'admin', 'pages', 'Sample.tsx');
    const text = [
      "import { Section } from '../../portal/components/ClaimsTable';",
      "const page = () => import('../../portal/pages/ClaimsListPage');",
      "vi.mock('../../auth/use-auth');",
      "import type { Claim } from '../../portal/types';",
      "import { buttonPrimary } from '../../../components/ui';",
      "import { Local } from '../components/Local';",
    ].join('\n');
    expect(violations(file, text)).toEqual([
      'features/admin/pages/Sample.tsx → ../../portal/components/ClaimsTable',
      'features/admin/pages/Sample.tsx → ../../portal/pages/ClaimsListPage',
    ]);
  });

  it('no feature imports another feature’s internals', () => {
    const files = sourceFiles(features);
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => violations(file, readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('shared UI lives outside the features', () => {
    for (const shared of ['ui.ts', 'States.tsx', 'PageHeader.tsx', 'PagedResults.tsx', 'ListFilters.tsx']) {
      expect(existsSync(join(webSrc, 'components', shared)), shared).toBe(true);
    }
  });
});
