// Loaded into an instance with --require (scripts/bench/cluster-profile.ts). SIGWINCH: start the CPU
// profiler; SIGWINCH again: stop and write the profile to CLUSTER_PROFILE_DIR.
const inspector = require('node:inspector');
const fs = require('node:fs');
const session = new inspector.Session();
session.connect();
let on = false;
process.on('SIGWINCH', () => {
  if (!on) {
    on = true;
    session.post('Profiler.enable', () =>
      session.post('Profiler.setSamplingInterval', { interval: 200 }, () => session.post('Profiler.start')),
    );
  } else {
    on = false;
    session.post('Profiler.stop', (err, { profile }) => {
      fs.writeFileSync(
        `${process.env.CLUSTER_PROFILE_DIR}/instance-${process.pid}-${Date.now()}.cpuprofile`,
        JSON.stringify(profile),
      );
    });
  }
});
