// Shared by the benchmarks: progress lines, commands, databases and the local servers.
const { spawnSync } = require('node:child_process');
const { join, resolve } = require('node:path');
const { readdirSync, readFileSync } = require('node:fs');
const { Client } = require('pg');

const ROOT = resolve(__dirname, '..');
const PG = `postgres://quire:quire@127.0.0.1:${process.env.QUIRE_PG_PORT ?? 55432}`;
const INFRA = join(ROOT, 'deploy/local/infra.sh');

const log = (message) => process.stderr.write(`==> ${message}\n`);

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${result.status}`);
  return result;
}

/** Drops and creates a Postgres database on the local server; returns its URL. */
async function recreatePgDatabase(name) {
  const admin = new Client({ connectionString: `${PG}/postgres` });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  return `${PG}/${name}`;
}

/** Starts local servers; the returned function stops those this run started, and only those. */
function startInfra(components) {
  const wasUp = components.filter((c) => spawnSync('bash', [INFRA, 'status', c], { stdio: 'ignore' }).status === 0);
  run('bash', [INFRA, 'start', ...components]);
  return () => {
    const started = components.filter((c) => !wasUp.includes(c));
    if (started.length) run('bash', [INFRA, 'stop', ...started]);
  };
}

/** The value at percentile `p` of ascending `sorted` samples. */
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** p50, p99, min and max of samples in any order. */
function summary(samples) {
  const s = [...samples].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p99: percentile(s, 99), min: s[0], max: s[s.length - 1] };
}

/** Polls `url` until it answers 2xx, for at most `ms`. */
async function waitReady(url, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not ready within ${ms} ms`);
}

/** `fn()`'s answer and how long it took: `[ms, result]`. */
async function timed(fn) {
  const started = performance.now();
  const result = await fn();
  return [performance.now() - started, result];
}

/** Runs `tasks` (functions answering promises) with at most `width` in flight. */
async function inParallel(tasks, width) {
  const queue = [...tasks];
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (queue.length) await queue.shift()();
    }),
  );
}

/** The environment that makes a process a bench starts write a CPU profile (BENCH_CPU_PROFILE=<folder>, bench/cpu-profile.js), else {}. */
function cpuProfileEnv() {
  const folder = process.env.BENCH_CPU_PROFILE;
  return folder ? { BENCH_CPU_PROFILE: folder, NODE_OPTIONS: `--require ${require('node:path').join(__dirname, 'cpu-profile.js')}` } : {};
}

/** CPU seconds used so far by `pid` and every process under it (Linux /proc; 0 elsewhere). */
function treeCpuSeconds(pid) {
  const stats = new Map();
  let names = [];
  try {
    names = readdirSync('/proc').filter((n) => /^\d+$/.test(n));
  } catch {
    return 0;
  }
  for (const name of names) {
    try {
      // Fields after the ")" that ends the command name: state ppid ... utime(12) stime(13).
      const f = readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1].split(' ');
      stats.set(Number(name), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      // the process ended while being read
    }
  }
  let ticks = 0;
  const queue = [pid];
  while (queue.length) {
    const p = queue.pop();
    ticks += stats.get(p)?.ticks ?? 0;
    for (const [child, s] of stats) if (s.ppid === p) queue.push(child);
  }
  return ticks / 100;
}

/** The pid of a server deploy/local/infra.sh started (postgres, redis, kafka, clickhouse), from its pid file. */
function infraPid(component) {
  const dir = process.env.QUIRE_INFRA_DIR ?? join(ROOT, '.infra');
  const file = component === 'postgres' ? join(dir, 'postgres/data/postmaster.pid') : join(dir, component, `${component}.pid`);
  return Number(readFileSync(file, 'utf8').split('\n')[0]);
}

module.exports = { ROOT, log, run, recreatePgDatabase, startInfra, percentile, summary, waitReady, timed, inParallel, cpuProfileEnv, treeCpuSeconds, infraPid };
