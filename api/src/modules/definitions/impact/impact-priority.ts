// Imported first by the impact worker (impact-worker.ts), so that the thread gives way to the API
// before it loads the engine and the draft. Both settings are per thread on Linux, so the API's
// main thread (and every other thread) keeps its own:
// - nice 19 (any OS): the lowest share of the CPU when both want it;
// - Linux's SCHED_IDLE policy (util-linux's chrt, where there is one): a thread of any other
//   policy that wakes up (the event loop with a request to answer) takes the CPU from it at once,
//   where with nice alone it may wait for the end of the worker's time slice (some milliseconds).
import { spawnSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

try {
  setPriority(19);
} catch {
  // not allowed here (some containers): the worker still runs, only less politely
}

if (process.platform === 'linux') {
  try {
    const tid = readlinkSync('/proc/thread-self').split('/').pop() ?? '';
    if (/^\d+$/.test(tid))
      spawnSync('chrt', ['--idle', '--pid', '0', tid], { stdio: 'ignore', timeout: 5000 });
  } catch {
    // no chrt (or no /proc): nice 19 alone
  }
}
