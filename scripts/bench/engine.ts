// Engine benchmark: full SDLT assessments/s through evaluateAssessment (Engines built once and
// reused, and built per call) beside a hand-written TypeScript function of the same rules
// (./sdlt-handwritten.ts), plus the time to validate and load every definition.
// `npm run bench -- --only engine`, or run this file directly.
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { ensureValidators } from '../lib/ensure-validators';

export async function runEngineBench(options: { seconds?: number } = {}): Promise<void> {
  ensureValidators(); // the benchmark runs on the engine's sources: no build needed
  const { runEngineBenchLoaded } = await import('../lib/engine-bench');
  await runEngineBenchLoaded(options);
}

const invokedDirectly =
  process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) await runEngineBench();
