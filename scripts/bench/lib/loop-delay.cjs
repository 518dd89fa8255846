// Preloaded into the API process by the replay bench (NODE_OPTIONS=--require): measures, over named
// windows that may overlap, the main thread's event-loop delay (perf_hooks.monitorEventLoopDelay,
// 1 ms resolution) and utilization, and the process's CPU time (all its threads). The bench writes
// "start NAME" or "stop NAME" to BENCH_LOOP_DELAY_FILE.cmd and sends SIGWINCH (a signal nothing
// else here uses: Nest's shutdown hooks take SIGUSR2 and others); "stop" writes the window's
// figures to BENCH_LOOP_DELAY_FILE.NAME.json. The pid is written to BENCH_LOOP_DELAY_FILE.pid at
// start. Only the process given the variable measures (it is removed here, so the workers and
// child processes that process starts do not).
'use strict';
const file = process.env.BENCH_LOOP_DELAY_FILE;
if (file && require('node:worker_threads').isMainThread) {
  delete process.env.BENCH_LOOP_DELAY_FILE;
  const { readFileSync, renameSync, writeFileSync } = require('node:fs');
  const { monitorEventLoopDelay, performance } = require('node:perf_hooks');
  const windows = new Map();
  // BENCH_API_PROFILE_DIR: a CPU profile of the main thread over the "replay" window, written there.
  const profileDir = process.env.BENCH_API_PROFILE_DIR;
  delete process.env.BENCH_API_PROFILE_DIR;
  const session = profileDir ? new (require('node:inspector').Session)() : null;
  if (session) session.connect();
  const ms = (ns) => Math.round((ns / 1e6) * 100) / 100;
  process.on('SIGWINCH', () => {
    const [command, name] = readFileSync(`${file}.cmd`, 'utf8').trim().split(/\s+/);
    if (!/^[a-z-]+$/.test(name ?? '')) return;
    if (command === 'start') {
      const histogram = monitorEventLoopDelay({ resolution: 1 });
      histogram.enable();
      windows.set(name, { histogram, elu: performance.eventLoopUtilization(), cpu: process.cpuUsage() });
      if (session && name === 'replay')
        session.post('Profiler.enable', () => session.post('Profiler.start', () => undefined));
    } else if (command === 'stop' && windows.has(name)) {
      const w = windows.get(name);
      windows.delete(name);
      w.histogram.disable();
      const used = process.cpuUsage(w.cpu);
      const figures = {
        samples: w.histogram.count,
        p50: ms(w.histogram.percentile(50)),
        p99: ms(w.histogram.percentile(99)),
        max: ms(w.histogram.max),
        // the share of the window the main thread spent running (JavaScript or native calls)
        utilization: Math.round(performance.eventLoopUtilization(w.elu).utilization * 1000) / 1000,
        cpuSeconds: Math.round((used.user + used.system) / 1e4) / 100,
      };
      if (session && name === 'replay')
        session.post('Profiler.stop', (err, result) => {
          if (!err) writeFileSync(`${profileDir}/api-main-replay.cpuprofile`, JSON.stringify(result.profile));
        });
      writeFileSync(`${file}.${name}.tmp`, JSON.stringify(figures));
      renameSync(`${file}.${name}.tmp`, `${file}.${name}.json`);
    }
  });
  writeFileSync(`${file}.pid`, String(process.pid));
}
