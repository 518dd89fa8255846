// npm run definitions:validate [-- --root <dir>]: every definition, parameter and site file checked.
import { ensureValidators } from './lib/ensure-validators';

ensureValidators();
const { runDefinitionsValidateCli } = await import('./lib/definitions-validate-cli');
process.exitCode = runDefinitionsValidateCli(process.argv.slice(2));
