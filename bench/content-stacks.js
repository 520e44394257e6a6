// The two ways of running, started for the content benchmarks (content, change-requests):
// `npm start` (embedded, PGlite) and one process per service on PostgreSQL, Redis and Kafka (and
// ClickHouse when insights runs).
// `probe(name, sql, params)` counts rows in content's database: at once (one at a time) in distributed mode; in
// embedded mode PGlite has one owner, so probes run when `stop()` has stopped the process (write
// probes whose answer does not depend on what happens later, e.g. bounded by time or by id).
// `stop()` answers `{ name: rows }` and may be called again. `pids()`: each process of the stack
// (and of the servers it uses) by name, for CPU per request. BENCH_CPU_PROFILE=<folder>: every
// process started writes a CPU profile there when it stops (bench/cpu-profile.js).
const { spawn } = require('node:child_process');
const { readFileSync } = require('node:fs');
const { createServer } = require('node:http');
const { randomBytes } = require('node:crypto');
const { join } = require('node:path');
const { ROOT, log, recreateServiceDatabases, startInfra, waitReady, cpuProfileEnv, infraPid, kafkaNamespace } = require('./support');

const PORT = Number(process.env.BENCH_PORT ?? 28390);
const CLICKHOUSE = `http://127.0.0.1:${process.env.QUIRE_CLICKHOUSE_HTTP_PORT ?? 27123}`;
const ENV = {
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '1000000',
  READER_RATE_LIMIT_PER_MINUTE: '1000000',
  OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
  // A smoke run's figures mean nothing, and it runs beside a test run (CI): a call between services
  // that waits longer than the 2 s default there is slow, not broken (a site search answered 503).
  ...(require('./smoke').isSmoke() ? { GRPC_DEADLINE_MS: '15000' } : {}),
  ...cpuProfileEnv(),
};

/** Makes `stop` answer the same promise however often it is called. */
function once(stop) {
  let stopping;
  return () => (stopping ??= stop());
}

function embeddedStack(dataDir) {
  return async () => {
    const token = `qr_${randomBytes(24).toString('base64url')}`;
    const child = spawn(process.execPath, [join(ROOT, 'apps/embedded/dist/main.js')], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: String(PORT), BOOTSTRAP_TOKEN: token, ...ENV },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    // Its last words, for a start that fails (a port in use, a broken data directory).
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr = (stderr + chunk).slice(-2000)));
    const stopped = new Promise((resolve) => child.once('exit', resolve));
    const base = `http://127.0.0.1:${PORT}`;
    const exitedEarly = stopped.then((code) => {
      throw new Error(`the embedded process exited (${code ?? child.signalCode}) before ${base}/readyz answered`);
    });
    exitedEarly.catch(() => {}); // only the race below reads it: an exit once it is up is no failure
    try {
      await Promise.race([waitReady(`${base}/readyz`, 60000), exitedEarly]);
    } catch (err) {
      child.kill('SIGKILL');
      throw new Error(`${err.message}; its stderr:\n${stderr}`);
    }
    const probes = [];
    return {
      base,
      token,
      pids: () => ({ 'quire (one process)': child.pid }),
      probe: (name, sql, params) => probes.push({ name, sql, params }),
      stop: once(async () => {
        if (child.exitCode === null) child.kill('SIGTERM');
        await stopped;
        const answers = {};
        if (!probes.length) return answers;
        const { PGlite } = require(require.resolve('@electric-sql/pglite', { paths: [join(ROOT, 'packages/platform')] }));
        // One PGlite for all services (apps/embedded/src/databases.ts); content's tables are in its schema.
        const db = await PGlite.create(join(dataDir, 'postgres'));
        try {
          await db.exec('SET search_path TO content');
          for (const p of probes) answers[p.name] = (await db.query(p.sql, p.params)).rows;
        } finally {
          await db.close();
        }
        return answers;
      }),
    };
  };
}

/** ClickHouse's database for insights (dropped and created): its URL. */
async function recreateClickHouseDatabase(name) {
  const { ClickHouseLogLevel, createClient } = require('@clickhouse/client');
  const ch = createClient({ url: CLICKHOUSE, log: { level: ClickHouseLogLevel.OFF } });
  try {
    await ch.command({ query: `DROP DATABASE IF EXISTS ${name}` });
    await ch.command({ query: `CREATE DATABASE ${name}` });
  } finally {
    await ch.close();
  }
  return `${CLICKHOUSE}/${name}`;
}

/**
 * `processes`: what runs besides the gateway, in start order (identity first: it bootstraps the
 * token); ClickHouse is started (and insights' database made) when insights is among them.
 */
function distributedStack(dir, name, { processes = ['identity', 'content'] } = {}) {
  return async () => {
    const { LocalStack } = require('@quire/stack');
    const { Client } = require('pg');
    const withInsights = processes.includes('insights');
    const stopInfra = startInfra(['postgres', 'redis', 'kafka', ...(withInsights ? ['clickhouse'] : [])]);
    try {
      return await startServices();
    } catch (err) {
      // What this bench started stops with it, even when the stack never came up: left running, the
      // servers would hold their fixed ports and look like someone else's to the next run.
      stopInfra();
      throw err;
    }

    async function startServices() {
      const token = `qr_${randomBytes(24).toString('base64url')}`;
      const databaseUrls = await recreateServiceDatabases(`quire_bench_${name}`);
      const clickhouseUrl = withInsights ? await recreateClickHouseDatabase(`quire_bench_${name.replace(/\W/g, '_')}`) : 'http://127.0.0.1:1';
      const stack = new LocalStack({
        repoRoot: ROOT,
        logDir: join(dir, 'logs'),
        gatewayPort: PORT,
        httpPortBase: PORT + 1,
        grpcPortBase: PORT + 1001,
        databaseUrls,
        redisUrl: `redis://127.0.0.1:${process.env.QUIRE_REDIS_PORT ?? 26379}`,
        kafkaBrokers: `127.0.0.1:${process.env.QUIRE_KAFKA_PORT ?? 27092}`,
        clickhouseUrl,
        internalSecret: randomBytes(32).toString('base64url'),
        bootstrapToken: token,
        // Topics and consumer groups of its own: never those of a stack running beside it.
        extraEnv: { ...ENV, GATEWAY_WORKERS: '1', KAFKA_NAMESPACE: kafkaNamespace(name) },
      });
      try {
        for (const key of processes) await stack.start(key);
        await stack.start('gateway');
      } catch (err) {
        await stack.stopAll();
        throw err;
      }
      const answers = {};
      // One probe at a time: parallel probes would compete with each other and with what is timed.
      let pending = Promise.resolve();
      const servers = ['postgres', 'redis', 'kafka', ...(withInsights ? ['clickhouse'] : [])];
      return {
        base: stack.url,
        token,
        pids: () => ({
          ...Object.fromEntries([...stack.processes].map(([key, handle]) => [key, handle.child.pid])),
          ...Object.fromEntries(servers.map((server) => [server, infraPid(server)])),
        }),
        probe: (probeName, sql, params) => {
          pending = pending.then(async () => {
            const client = new Client({ connectionString: databaseUrls.content });
            await client.connect();
            try {
              answers[probeName] = (await client.query(sql, params)).rows;
            } finally {
              await client.end();
            }
          });
        },
        stop: once(async () => {
          await pending;
          await stack.stopAll();
          stopInfra();
          return answers;
        }),
      };
    }
  };
}

const MODES = { embedded: embeddedStack, distributed: distributedStack };

/**
 * Runs `measure(startStack, mode)` once for each mode of BENCH_MODE (default both), each on a stack of its
 * own under `dir/<mode>` (`processName`: the stack's own label; `distributed`: distributedStack's
 * options, e.g. `{ processes }`); answers `{ modes, results }`.
 */
async function measureEachMode(dir, processName, measure, distributed = {}) {
  const modes = (process.env.BENCH_MODE ?? 'embedded,distributed').split(',');
  const results = {};
  for (const mode of modes) {
    if (!MODES[mode]) throw new Error(`BENCH_MODE: unknown mode ${mode} (embedded, distributed)`);
    log(`${mode} mode`);
    results[mode] = await measure(MODES[mode](join(dir, mode), processName, distributed), mode);
  }
  return { modes, results };
}

/** JSON calls with the stack's bearer token; a status ≥ 300 throws with the answer. */
function caller(stack) {
  const headers = { authorization: `Bearer ${stack.token}`, 'content-type': 'application/json' };
  return async (method, path, body) => {
    const res = await fetch(stack.base + path, { method, headers, body: body && JSON.stringify(body) });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null; // 204: no body
  };
}

/**
 * A loopback server for the imports: `answer(path)` gives `[contentType, body]` or nothing (404).
 * Resolves `{ url, close }`.
 */
async function fixtureServer(answer) {
  const server = createServer((req, res) => {
    const found = answer(req.url);
    if (!found) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': found[0] }).end(found[1]);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

/** The fixture server of the `space-N.zip` files `makeSearchZips` wrote to `zipDir`. */
function zipFolderServer(zipDir) {
  return fixtureServer((path) => {
    const m = /^\/(space-\d+\.zip)$/.exec(path);
    if (m) return ['application/zip', readFileSync(join(zipDir, m[1]))];
  });
}

module.exports = { MODES, caller, fixtureServer, zipFolderServer, measureEachMode };
