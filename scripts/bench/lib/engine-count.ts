// One workload of the engine bench run a fixed number of times, for the instruction count
// (./../instructions.ts runs this file under callgrind): `engine-count.ts <engine|hand> <key>
// <warm> <count>` evaluates `warm` answer sets, unmeasured, then `count` more, and exits;
// with `--pace` it prints the workload's assessments per second instead (natively, to size those runs).
import { prepareWorkloads } from './engine-worker';

const [mode = 'engine', key = '', warmArg = '0', countArg = '0'] = process.argv.slice(2);
const { runs } = await prepareWorkloads(mode);
const run = runs.get(key);
if (!run) throw new Error(`no workload ${key} in mode ${mode}`);
if (process.argv.includes('--pace')) {
  // natively, to size the counted runs: warm for a second, then assessments per second for one
  const warmUntil = performance.now() + 1000;
  let i = 0;
  while (performance.now() < warmUntil) await run(i++);
  const start = performance.now();
  let n = 0;
  while (performance.now() - start < 1000) await run(i + n++);
  console.log(`pace ${n / ((performance.now() - start) / 1000)}`);
} else {
  const warm = Number(warmArg);
  const count = Number(countArg);
  for (let i = 0; i < warm + count; i += 1) await run(i);
}
