// Imported first by the impact worker (impact-worker.ts), so that the thread gives way to the API
// before it loads the engine and the draft: nice 19, the lowest share of the CPU whenever the
// API's event loop wants it too. On Linux the nice value is per thread, so the main thread (and
// every other thread of the process) keeps its own. (Linux's SCHED_IDLE policy was tried as
// well, decisions §35: no better for the event loop, and slower replays on a busy machine.)
import { setPriority } from 'node:os';

try {
  setPriority(19);
} catch {
  // not allowed here (some containers): the worker still runs, only less politely
}
