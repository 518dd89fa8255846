// Preloaded into the API process by the replay bench (NODE_OPTIONS=--require): measures the main
// thread's event-loop delay (perf_hooks.monitorEventLoopDelay, 1 ms resolution) and utilization,
// and the process's CPU time. On SIGWINCH (a signal nothing else here uses: Nest's shutdown hooks
// take SIGUSR2 and others) it writes the figures since the previous signal to
// BENCH_LOOP_DELAY_FILE and starts again; its pid is written to BENCH_LOOP_DELAY_FILE.pid at
// start. Only the process given the variable measures (it is removed here, so workers and child
// processes that process starts do not).
'use strict';
const file = process.env.BENCH_LOOP_DELAY_FILE;
if (file && require('node:worker_threads').isMainThread) {
  delete process.env.BENCH_LOOP_DELAY_FILE;
  const { writeFileSync } = require('node:fs');
  const { monitorEventLoopDelay, performance } = require('node:perf_hooks');
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  let sequence = 0;
  let elu = performance.eventLoopUtilization();
  let cpu = process.cpuUsage();
  process.on('SIGWINCH', () => {
    const ms = (ns) => Math.round((ns / 1e6) * 100) / 100;
    const figures = {
      sequence: ++sequence,
      samples: histogram.count,
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
      // the share of the window the main thread spent running JavaScript or native calls
      utilization: Math.round(performance.eventLoopUtilization(elu).utilization * 1000) / 1000,
    };
    // CPU seconds of the whole process (every thread: main, workers, GC) in the window
    const used = process.cpuUsage(cpu);
    figures.cpuSeconds = Math.round((used.user + used.system) / 1e4) / 100;
    elu = performance.eventLoopUtilization();
    cpu = process.cpuUsage();
    writeFileSync(file, JSON.stringify(figures));
    histogram.reset();
  });
  writeFileSync(`${file}.pid`, String(process.pid));
}
