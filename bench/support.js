// Shared by the benchmarks: progress lines, commands, databases and the local servers.
const { spawn, spawnSync } = require('node:child_process');
const { createServer } = require('node:net');
const { join, resolve } = require('node:path');
const { readdirSync, readFileSync } = require('node:fs');
const { Client } = require('pg');

const ROOT = resolve(__dirname, '..');
const PG = `postgres://quire:quire@127.0.0.1:${process.env.QUIRE_PG_PORT ?? 25432}`;
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

/**
 * One fresh database per service of the distributed stack, named `${prefix}_<service>`: a LocalStack
 * that starts every service (startAll) needs a DATABASE_URL for each, and the list is topology's, so
 * a service added there (the reader was) gets its database here without each bench listing it.
 */
async function recreateServiceDatabases(prefix) {
  const { SERVICE_NAMES } = require('@quire/platform/topology');
  const urls = {};
  for (const service of SERVICE_NAMES) urls[service] = await recreatePgDatabase(`${prefix}_${service}`);
  return urls;
}

/**
 * Installs the local servers' binaries when missing (deploy/local/install.sh). A smoke run installs
 * nothing: it uses what the test setup installed and started.
 */
function installInfra() {
  if (!require('./smoke').isSmoke()) run('bash', [INFRA.replace(/infra\.sh$/, 'install.sh')]);
}

// Synchronous stops of what outlives a killed bench (the servers startInfra started), run by
// bench/run.js when the bench gets SIGTERM or SIGINT.
const cleanups = new Set();

function runCleanups() {
  for (const cleanup of cleanups) {
    try {
      cleanup();
    } catch (err) {
      process.stderr.write(`cleanup failed: ${err.message}\n`);
    }
  }
}

/** Starts local servers; the returned function stops those this run started, and only those. */
function startInfra(components) {
  const wasUp = components.filter((c) => spawnSync('bash', [INFRA, 'status', c], { stdio: 'ignore' }).status === 0);
  run('bash', [INFRA, 'start', ...components]);
  const stop = () => {
    cleanups.delete(stop);
    const started = components.filter((c) => !wasUp.includes(c));
    if (started.length) run('bash', [INFRA, 'stop', ...started]);
  };
  cleanups.add(stop);
  return stop;
}

/**
 * A Kafka namespace (KAFKA_NAMESPACE: the prefix of every topic and consumer group) of this run's
 * own, `bench-<name>-<random>.`: a bench's services beside a running stack (the distributed test
 * run's) never join its consumer groups nor read its events.
 */
function kafkaNamespace(name) {
  return `bench-${name.replace(/[^A-Za-z0-9-]/g, '-')}-${require('node:crypto').randomBytes(4).toString('hex')}.`;
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

/**
 * Runs `load()` (a wrk run: `{ requests, ... }`) and answers it with `cpuUs`: the CPU each named
 * process tree (`pids`: name → root pid) spent per request meanwhile, in µs. Read from /proc, so
 * other work on a shared machine does not inflate it as it inflates times.
 */
function cpuPerRequest(pids, load) {
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, treeCpuSeconds(pid)]));
  const report = load();
  const cpuUs = Object.fromEntries(
    Object.entries(pids).map(([name, pid]) => [name, ((treeCpuSeconds(pid) - before[name]) * 1e6) / Math.max(1, report.requests)]),
  );
  return { ...report, cpuUs };
}

/** The pid of a server deploy/local/infra.sh started (postgres, redis, kafka, clickhouse), from its pid file. */
function infraPid(component) {
  const dir = process.env.QUIRE_INFRA_DIR ?? join(ROOT, '.infra');
  const file = component === 'postgres' ? join(dir, 'postgres/data/postmaster.pid') : join(dir, component, `${component}.pid`);
  return Number(readFileSync(file, 'utf8').split('\n')[0]);
}

/**
 * The search benchmark's content (bench/make-search-zips.py): `spaces` zips of `pages` markdown
 * pages in `dir/space-NNN.zip`; answers the queries it wrote to `dir/queries.json`.
 */
function makeSearchZips(dir, spaces, pages) {
  const made = spawnSync('python3', [join(ROOT, 'bench/make-search-zips.py'), dir, String(spaces), String(pages)], { stdio: 'inherit' });
  if (made.status !== 0) throw new Error('bench/make-search-zips.py failed');
  return JSON.parse(readFileSync(join(dir, 'queries.json'), 'utf8'));
}

/**
 * Creates `count` spaces titled `${title} N` and imports `${zipsUrl}/space-NNN.zip` into each
 * (`width` imports at a time; the import answers once its revision is written); `afterImport(spaceId, i)`
 * runs after each (e.g. waiting for the search index). Answers the space ids in zip order.
 */
async function importZipSpaces(call, orgId, zipsUrl, { count, title, width = 2, afterImport = async () => {} }) {
  const spaceIds = [];
  for (let i = 0; i < count; i++) spaceIds.push((await call('POST', `/v1/orgs/${orgId}/spaces`, { title: `${title} ${i}` })).id);
  await inParallel(
    spaceIds.map((spaceId, i) => async () => {
      await call('POST', `/v1/spaces/${spaceId}/content/import`, { source: 'zip', url: `${zipsUrl}/space-${String(i).padStart(3, '0')}.zip` });
      await afterImport(spaceId, i);
      if ((i + 1) % 10 === 0) log(`${i + 1}/${count} spaces imported`);
    }),
    width,
  );
  return spaceIds;
}

/**
 * Waits until organization search finds all `pages` pages of zip `i` (make-search-zips.py puts the
 * token `spacetokNNN` on each): the import's indexing is done.
 */
async function waitSearchIndexed(call, spaceId, i, pages) {
  const token = `spacetok${String(i).padStart(3, '0')}`;
  while ((await call('GET', `/v1/spaces/${spaceId}/search?query=${token}&limit=0`)).count < pages) await new Promise((r) => setTimeout(r, 50));
}

/**
 * A published site of `spaceIds`: the first half at the site's root section, the second half in a
 * second section ("Reference"). Answers `{ siteId, base }` (base: the site's API path).
 */
async function publishSiteOfSpaces(call, orgId, title, spaceIds) {
  const siteId = (await call('POST', `/v1/orgs/${orgId}/sites`, { title, spaces: [spaceIds[0]] })).id;
  const base = `/v1/orgs/${orgId}/sites/${siteId}`;
  const half = Math.max(1, Math.floor(spaceIds.length / 2));
  for (const id of spaceIds.slice(1, half)) await call('POST', `${base}/site-spaces`, { spaceId: id });
  if (spaceIds.length > half) {
    const section = await call('POST', `${base}/sections`, { spaceId: spaceIds[half], title: 'Reference' });
    for (const id of spaceIds.slice(half + 1)) await call('POST', `${base}/site-spaces`, { spaceId: id, sectionId: section.id });
  }
  await call('POST', `${base}/publish`);
  return { siteId, base };
}

const hasWrk = () => spawnSync('bash', ['-c', 'command -v wrk'], { stdio: 'ignore' }).status === 0;

/** Installs wrk (Debian package) when it is missing; a smoke run installs nothing (wrkRun falls back to bench/http-load.js). */
function ensureWrk() {
  if (hasWrk() || require('./smoke').isSmoke()) return;
  log('installing wrk');
  run('apt-get', ['install', '-y', '-q', '--no-install-recommends', 'wrk'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/**
 * One wrk run (2 threads, bench/wrk-report.lua): `{ rps, p50, p99 (ms), requests, non2xx, errors }`.
 * Non-2xx answers or socket errors (a request past `timeout`, wrk's default 2 s otherwise) throw.
 * A zero `duration` (BENCH_WARMUP=0s: the smoke run's unmeasured warm-ups) runs nothing and answers null.
 */
function wrkRun(url, headers, duration, { connections, label, timeout }) {
  if (/^0+(\.0+)?(ms|s|m)?$/.test(duration)) return null;
  if (label) log(`wrk ${label}: ${url} (${connections} connection${connections === 1 ? '' : 's'}, ${duration})`);
  const result =
    hasWrk() || !require('./smoke').isSmoke() ? spawnWrk(url, headers, duration, connections, timeout) : spawnHttpLoad(url, headers, duration, connections);
  if (result.status !== 0) throw new Error(`wrk failed: ${result.stderr}`);
  const line = result.stdout.split('\n').find((l) => l.startsWith('QUIRE_BENCH '));
  if (!line) throw new Error(`wrk printed no report:\n${result.stdout}`);
  const report = JSON.parse(line.slice('QUIRE_BENCH '.length));
  if (report.non2xx > 0 || report.errors > 0)
    throw new Error(`${label ?? url}: ${report.non2xx} non-2xx answers and ${report.errors} socket errors\n${result.stdout}`);
  return report;
}

function spawnWrk(url, headers, duration, connections, timeout) {
  const args = ['-t', String(Math.min(2, connections)), '-c', String(connections), '-d', duration, '--latency', '-s', join(__dirname, 'wrk-report.lua')];
  if (timeout) args.push('--timeout', timeout);
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
  args.push(url);
  return spawnSync('wrk', args, { encoding: 'utf8' });
}

/** bench/http-load.js with wrk's arguments (`duration` as wrk reads it: 2s, 1m). */
function spawnHttpLoad(url, headers, duration, connections) {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(duration);
  if (!m) throw new Error(`duration ${duration}: expected e.g. 2s`);
  const seconds = Number(m[1]) * { ms: 0.001, s: 1, m: 60 }[m[2] ?? 's'];
  return spawnSync(process.execPath, [join(__dirname, 'http-load.js'), url, String(seconds), String(connections), JSON.stringify(headers)], {
    encoding: 'utf8',
  });
}

/**
 * The OpenAPI document the specs benches parse, as JSON text: GitHub's 5.8 MB description, or the file
 * BENCH_SPEC_FIXTURE names (gzipped when it ends in .gz, YAML turned into JSON; the smoke run's petstore).
 */
function specFixtureText() {
  const file = process.env.BENCH_SPEC_FIXTURE ?? join(ROOT, 'test/fixtures/openapi/github-api.octokit-openapi-10.0.0.json.gz');
  const bytes = readFileSync(file);
  const text = (file.endsWith('.gz') ? require('node:zlib').gunzipSync(bytes) : bytes).toString('utf8');
  return /\.ya?ml$/.test(file) ? JSON.stringify(require(join(ROOT, 'node_modules/yaml')).parse(text)) : text;
}

/** A loopback TCP port free right now. */
function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * The least any Node proxy costs: a bare keep-alive proxy (`node:http` and its agent, headers and
 * body piped, `addedHeaders` set on every request as a gateway adds its own) from loopback port
 * `port` to `upstreamPort`. The floor of the gateway → service shape in the reader's and the
 * gateway's benches. Returns the child process.
 */
function spawnBareNodeProxy(port, upstreamPort, addedHeaders = {}) {
  return spawn(process.execPath, ['-e', BARE_NODE_PROXY, String(port), String(upstreamPort), JSON.stringify(addedHeaders)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const BARE_NODE_PROXY = `const http = require('http'); const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
const port = Number(process.argv[2]); const added = JSON.parse(process.argv[3]);
http.createServer((q, s) => { const up = http.request({ host: '127.0.0.1', port, path: q.url, method: q.method, headers: { ...q.headers, ...added }, agent }, (r) => { s.writeHead(r.statusCode, r.headers); r.pipe(s); }); up.on('error', () => s.destroy()); q.pipe(up); }).listen(Number(process.argv[1]), '127.0.0.1');`;

/** The item whose `valueOf` is the median one, the lower middle of an even count (a bench's median round). */
function medianBy(items, valueOf) {
  return [...items].sort((a, b) => valueOf(a) - valueOf(b))[Math.floor((items.length - 1) / 2)];
}

/** SIGTERM to a child process; resolves once it has exited (at once if it had). */
function stopChild(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
  child.kill('SIGTERM');
  return exited;
}

module.exports = {
  ROOT,
  log,
  run,
  recreatePgDatabase,
  recreateServiceDatabases,
  installInfra,
  startInfra,
  runCleanups,
  kafkaNamespace,
  percentile,
  summary,
  waitReady,
  timed,
  inParallel,
  cpuProfileEnv,
  treeCpuSeconds,
  cpuPerRequest,
  infraPid,
  makeSearchZips,
  importZipSpaces,
  waitSearchIndexed,
  publishSiteOfSpaces,
  ensureWrk,
  hasWrk,
  wrkRun,
  specFixtureText,
  freePort,
  stopChild,
  spawnBareNodeProxy,
  medianBy,
};
