// Preloaded into a server under measurement (NODE_OPTIONS=--require …/cpu-probe.cjs) by
// scripts/bench/route-cpu.ts. It writes its pid to CPU_PROBE_DIR/pid.<pid>; each SIGWINCH writes
// process.cpuUsage() to CPU_PROBE_DIR/cpu.<pid>.<n>, and with CPU_PROBE_PROFILE=1 the first
// SIGWINCH starts V8's sampling profiler and the second writes CPU_PROBE_DIR/<pid>.cpuprofile:
// a profile of the measured window only (not start-up, not warm-up).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const inspector = require('node:inspector');

const dir = process.env.CPU_PROBE_DIR;
if (dir) {
  fs.writeFileSync(path.join(dir, `pid.${process.pid}`), '');
  let n = 0;
  let session = null;
  process.on('SIGWINCH', () => {
    const usage = process.cpuUsage();
    const file = path.join(dir, `cpu.${process.pid}.${n++}`);
    if (process.env.CPU_PROBE_PROFILE !== '1') {
      fs.writeFileSync(file, JSON.stringify(usage));
      return;
    }
    if (!session) {
      session = new inspector.Session();
      session.connect();
      session.post('Profiler.enable');
      session.post('Profiler.setSamplingInterval', { interval: 200 });
      session.post('Profiler.start', () => fs.writeFileSync(file, JSON.stringify(usage)));
      return;
    }
    session.post('Profiler.stop', (err, result) => {
      if (!err) fs.writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
      session.disconnect();
      session = null;
      fs.writeFileSync(file, JSON.stringify(usage));
    });
  });
}
