// Embedded-mode benchmark (issue #22 §4): `node apps/embedded/dist/main.js` (what `npm start` runs
// after its build) on an empty data directory until /healthz answers 200, again on the same data
// (restart), and the process's resident memory 20 s after it is healthy. The floor, measured in
// the same run: a bare Node process that opens one PGlite database on existing data and answers
// SELECT 1 — what any embedded start costs before Quire's own work. Each start also reports the
// CPU seconds the process spent, which a busy machine inflates far less than the wall time.
// Results: bench/results/embedded.md.
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { spawn } = require('node:child_process');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { ROOT, log, summary } = require('./support');
const { measure, writeResults } = require('./results');

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 28480);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 20_000);
const TICKS_PER_SECOND = 100;

/** user + system CPU seconds of a live process. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

function rssMb(pid) {
  return Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]) / 1024;
}

/** Starts embedded Quire on `dataDir`; answers when /healthz is 200, with the phases its log shows. */
async function start(dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, [join(ROOT, 'apps/embedded/dist/main.js')], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: String(PORT), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const phases = {};
  let buffered = '';
  child.stdout.on('data', (chunk) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop();
    for (const line of lines) {
      const msg = line.includes('"msg"') ? JSON.parse(line).msg : '';
      if (/^(opening the embedded database|embedded database open|identity service started)$/.test(msg) && !phases[msg])
        phases[msg] = performance.now() - started;
    }
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`embedded Quire exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/healthz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 180_000) throw new Error('not healthy within 180 s');
    await new Promise((r) => setTimeout(r, 10));
  }
  const ms = performance.now() - started;
  return {
    ms,
    cpu: cpuSeconds(child.pid),
    phases,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGINT');
      await exited;
    },
  };
}

/** A bare PGlite open on existing data in a fresh process, until SELECT 1 answers. */
function floorOnce(dataDir) {
  const script = `const { PGlite } = require('@electric-sql/pglite');
    PGlite.create({ dataDir: ${JSON.stringify(join(dataDir, 'postgres'))} }).then((db) => db.query('SELECT 1')).then(() => process.exit(0));`;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['-e', script], { cwd: join(ROOT, 'packages/platform'), stdio: 'ignore' });
    child.once('exit', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`floor process exited with ${code}`))));
  });
}

/** Loading the code alone in a fresh process (require of the launcher): CPU ms and modules loaded. */
function codeLoadOnce() {
  const script = `const t = process.cpuUsage(); require(${JSON.stringify(join(ROOT, 'apps/embedded/dist/launcher.js'))});
    const u = process.cpuUsage(t); process.stdout.write(JSON.stringify({ cpuMs: (u.user + u.system) / 1000, modules: Object.keys(require.cache).length }));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`code-load process exited with ${code}`))));
  });
}

const phaseText = (p) =>
  [
    ['modules loaded', p['opening the embedded database']],
    ['database open', p['embedded database open']],
    ['identity up', p['identity service started']],
  ]
    .filter(([, ms]) => ms !== undefined)
    .map(([name, ms]) => `${name} ${Math.round(ms)}`)
    .join(', ');

async function main() {
  const firsts = [];
  const restarts = [];
  const dirs = [];
  const rss = {};
  const floors = [];
  const loads = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const dir = mkdtempSync(join(tmpdir(), 'quire-bench-embedded-'));
      dirs.push(dir);
      const first = await start(dir);
      log(`first start ${i + 1}/${RUNS}: healthy after ${Math.round(first.ms)} ms, ${first.cpu.toFixed(1)} CPU s (${phaseText(first.phases)})`);
      if (i === 0) {
        await new Promise((r) => setTimeout(r, IDLE_MS));
        rss.first = rssMb(first.pid);
        log(`RSS ${IDLE_MS / 1000} s after a first start: ${Math.round(rss.first)} MB`);
      }
      await first.stop();
      firsts.push(first);
      const again = await start(dir);
      log(`restart ${i + 1}/${RUNS}: healthy after ${Math.round(again.ms)} ms, ${again.cpu.toFixed(1)} CPU s (${phaseText(again.phases)})`);
      if (i === 0) {
        await new Promise((r) => setTimeout(r, IDLE_MS));
        rss.restart = rssMb(again.pid);
        log(`RSS ${IDLE_MS / 1000} s after a restart: ${Math.round(rss.restart)} MB`);
      }
      await again.stop();
      restarts.push(again);
      floors.push(await floorOnce(dir));
      log(`floor ${i + 1}/${RUNS}: bare PGlite open + SELECT 1 in ${Math.round(floors[i])} ms`);
      loads.push(await codeLoadOnce());
      log(`code load ${i + 1}/${RUNS}: ${Math.round(loads[i].cpuMs)} CPU ms, ${loads[i].modules} modules`);
    }
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }

  const first = summary(firsts.map((s) => s.ms));
  const restart = summary(restarts.map((s) => s.ms));
  const floor = summary(floors);
  const cpu = (runs) => summary(runs.map((s) => s.cpu)).p50.toFixed(1);
  const load = summary(loads.map((l) => l.cpuMs));
  const floorMeasure = { name: 'bare PGlite open + SELECT 1 (fresh process, existing data)', value: floor.p50 };
  const measures = [
    measure({ name: 'first start → /healthz 200, p50', mode: 'embedded', value: first.p50, unit: 'ms', floor: floorMeasure, goal: { atMost: 4000 } }),
    measure({ name: 'restart → /healthz 200, p50', mode: 'embedded', value: restart.p50, unit: 'ms', floor: floorMeasure, goal: { atMost: 1500 } }),
    measure({ name: 'loading the code (require of the launcher), CPU p50', mode: 'embedded', value: load.p50, unit: 'ms' }),
    measure({ name: 'RSS 20 s after healthy, first start', mode: 'embedded', value: rss.first, unit: 'MB', goal: { atMost: 350 } }),
    measure({ name: 'RSS 20 s after healthy, restart', mode: 'embedded', value: rss.restart, unit: 'MB', goal: { atMost: 350 } }),
  ];
  const fmt = (s) => `p50 ${Math.round(s.p50)} ms (min ${Math.round(s.min)}, max ${Math.round(s.max)})`;
  const report = [
    '# Embedded benchmark',
    '',
    `Command: \`npm run bench -- embedded\` (BENCH_RUNS=${RUNS}), ${new Date().toISOString().slice(0, 10)}, 2-core machine shared with other work (load average ${require('node:os')
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')} at the end of the run).`,
    'A start is `node apps/embedded/dist/main.js` (what `npm start` runs after its build) until `/healthz` answers 200; a restart is the same on the data the first start left.',
    '',
    '| measure | value | CPU s of the process (p50) | goal |',
    '|---|---|---|---|',
    `| first start (empty data directory) | ${fmt(first)} | ${cpu(firsts)} | < 4,000 ms |`,
    `| restart (same data) | ${fmt(restart)} | ${cpu(restarts)} | < 1,500 ms |`,
    `| RSS ${IDLE_MS / 1000} s after healthy, first start | ${Math.round(rss.first)} MB | | ≤ 350 MB |`,
    `| RSS ${IDLE_MS / 1000} s after healthy, restart | ${Math.round(rss.restart)} MB | | ≤ 350 MB |`,
    `| loading the code alone (require of the launcher, fresh process) | ${loads[0].modules} modules | ${(load.p50 / 1000).toFixed(2)} | |`,
    `| floor: bare PGlite open + SELECT 1, fresh process | ${fmt(floor)} | | |`,
    '',
    `Phases of the first start (ms after spawn): ${phaseText(firsts[0].phases)}; of a restart: ${phaseText(restarts[0].phases)}.`,
    '',
  ].join('\n');
  writeResults('embedded', { command: 'npm run bench -- embedded', markdown: report, measures });
  process.stdout.write(report);
}

module.exports = { main };
