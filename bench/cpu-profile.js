// Preloaded (`--require`) into the processes a bench starts when BENCH_CPU_PROFILE names a folder:
// a CPU profile of the whole process, written there when it exits (SIGTERM included), to open in
// Chrome DevTools or summarize with `node bench/cpu-profile.js top <file>`. `--cpu-prof` itself is
// not allowed in NODE_OPTIONS, hence the inspector.
const inspector = require('node:inspector');
const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { basename, join } = require('node:path');

function record(dir) {
  mkdirSync(dir, { recursive: true });
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    session.post('Profiler.stop', (err, answer) => {
      if (!err) writeFileSync(join(dir, `${basename(process.argv[1] ?? 'node', '.js')}-${process.pid}.cpuprofile`), JSON.stringify(answer.profile));
    });
  };
  process.on('exit', write);
  for (const signal of ['SIGTERM', 'SIGINT']) process.prependListener(signal, write);
}

/** The frames with the most self time, and the functions with the most time below them. */
function top(file, count = 25) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const key = (n) =>
    `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\/(node_modules|dist)\//, '$1/')}:${n.callFrame.lineNumber + 1}`;
  const self = new Map();
  const total = new Map();
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    self.set(key(byId.get(id)), (self.get(key(byId.get(id))) ?? 0) + ms);
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const k = key(byId.get(cur));
      if (!seen.has(k)) (total.set(k, (total.get(k) ?? 0) + ms), seen.add(k));
    }
  });
  const print = (title, map) => {
    process.stdout.write(`${title}\n`);
    for (const [k, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, count)) process.stdout.write(`${String(Math.round(ms)).padStart(8)} ms  ${k}\n`);
  };
  print('self time', self);
  print('total time', total);
}

if (require.main === module && process.argv[2] === 'top') top(process.argv[3], Number(process.argv[4] ?? 25));
else if (process.env.BENCH_CPU_PROFILE) record(process.env.BENCH_CPU_PROFILE);
