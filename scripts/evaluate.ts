// npm run evaluate -- --service <type> [--version N] [--as-of YYYY-MM-DD] [--inputs] <file.json | ->
// Runs on the engine's sources (no build): generates its validators first when missing.
import { ensureValidators } from './lib/ensure-validators';

ensureValidators();
const { runEvaluateCli } = await import('./lib/evaluate-cli');
process.exitCode = await runEvaluateCli(process.argv.slice(2));
