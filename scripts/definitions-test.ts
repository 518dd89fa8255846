// npm run definitions:test [-- --root <dir>]: every definition's embedded tests, "<n> passed, <m> failed".
import { ensureValidators } from './lib/ensure-validators';

ensureValidators();
const { runDefinitionsTestCli } = await import('./lib/definitions-test-cli');
process.exitCode = await runDefinitionsTestCli(process.argv.slice(2));
