// The definitions:validate command (scripts/definitions-validate.ts): checks every definition,
// parameter and site file with the engine's standalone Ajv validators and semantic checks; lists
// every problem with its path. Resolves to the exit code.
import { relative } from 'node:path';
import { loadAllDefinitions } from './load-all-definitions';

export function runDefinitionsValidateCli(argv: string[]): number {
  // --root <dir>: another definitions folder (default: definitions/)
  const rootIdx = argv.indexOf('--root');
  const root = rootIdx >= 0 ? argv[rootIdx + 1] : undefined;
  const all = loadAllDefinitions({ strict: false, ...(root ? { root } : {}) });
  const rel = (file: string): string => relative(process.cwd(), file);

  for (const name of Object.keys(all.parameterSets).sort()) console.log(`ok    parameters/${name}.json`);
  for (const { file, definition } of all.definitions) {
    console.log(
      `ok    ${rel(file)} (${definition.id} v${definition.version}, ${definition.status}, ${definition.tests.length} tests)`,
    );
  }
  if (all.siteData) {
    console.log(
      `ok    site/ (${all.siteData.services.length} services, ${all.siteData.redirects.length} redirects)`,
    );
  }
  for (const problem of all.problems) {
    console.log(`FAIL  ${rel(problem.file)}`);
    if (problem.issues)
      for (const issue of problem.issues) console.log(`      ${issue.path || '/'}: ${issue.message}`);
    else console.log(`      ${problem.message}`);
  }
  const total =
    all.definitions.length +
    Object.keys(all.parameterSets).length +
    (all.siteData ? 1 : 0) +
    all.problems.length;
  console.log(`${total - all.problems.length} valid, ${all.problems.length} invalid`);
  return all.problems.length > 0 ? 1 : 0;
}
