// Preloaded with `--require` (NODE_OPTIONS) when BENCH_CPU_PROF=<dir>: profiles the whole process
// and writes <dir>/<script>-<pid>.cpuprofile on exit. Node 20 refuses --cpu-prof in NODE_OPTIONS,
// and NODE_OPTIONS is what reaches the stack's processes and the gateway's forked workers.
const inspector = require('node:inspector');
const { writeFileSync } = require('node:fs');
const { basename, dirname, join } = require('node:path');

const dir = process.env.BENCH_CPU_PROF;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 200 });
  session.post('Profiler.start');
  process.once('exit', () => {
    // The in-process session answers synchronously, so this completes inside 'exit'.
    session.post('Profiler.stop', (err, result) => {
      if (err) return;
      const script = process.argv[1] ? `${basename(dirname(dirname(process.argv[1])))}` : 'node';
      writeFileSync(join(dir, `${script}-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
