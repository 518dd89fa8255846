// The definitions:test command (scripts/definitions-test.ts): runs the tests every definition file
// carries, then the tests of each parameter set (each against the version of its definition in
// force on its date), and prints each; ends with "<n> passed, <m> failed"; resolves to a non-zero
// exit code on any failure (or invalid file).
import { relative } from 'node:path';
import { versionInForce } from '../../engine/src/definitions/registry';
import { runDefinitionTests, runTestWithTrace } from '../../engine/src/testing/index';
import { loadAllDefinitions } from './load-all-definitions';

export async function runDefinitionsTestCli(argv: string[]): Promise<number> {
  // --root <dir>: another definitions folder (default: definitions/)
  const rootIdx = argv.indexOf('--root');
  const root = rootIdx >= 0 ? argv[rootIdx + 1] : undefined;
  const all = loadAllDefinitions({ strict: false, ...(root ? { root } : {}) });
  let passed = 0;
  let failed = 0;

  for (const problem of all.problems) {
    failed += 1;
    console.log(`✗ ${relative(process.cwd(), problem.file)} does not load:\n${problem.message}`);
  }
  for (const { definition } of all.definitions) {
    const results = await runDefinitionTests(definition);
    console.log(`${definition.id} v${definition.version}`);
    for (const result of results) {
      if (result.passed) {
        passed += 1;
        console.log(`  ✓ ${result.name}`);
      } else {
        failed += 1;
        console.log(`  ✗ ${result.name}`);
        if (result.error) console.log(`      error: ${result.error}`);
        for (const f of result.failures) {
          console.log(
            `      ${f.path}: expected ${JSON.stringify(f.expected)}, got ${JSON.stringify(f.actual)}`,
          );
        }
      }
    }
  }
  for (const set of Object.values(all.parameterSets)) {
    if (!set.tests?.length) continue;
    console.log(`parameters ${set.id}`);
    for (const test of set.tests) {
      const versions = all.definitions
        .map((d) => d.definition)
        .filter((d) => d.id === test.definition || d.aliases?.includes(test.definition));
      const definition = versionInForce(versions, test.asOf);
      const run = definition ? await runTestWithTrace(definition, test) : null;
      if (run?.passed) {
        passed += 1;
        console.log(`  ✓ ${test.name}`);
      } else {
        failed += 1;
        console.log(
          `  ✗ ${test.name}${definition ? '' : ` (no published ${test.definition} on ${test.asOf})`}`,
        );
      }
    }
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}
