// Gateway benchmark: the same `GET /v1/user` (1) straight to identity's HTTP port, (2) through
// nginx proxying to identity, (3) through the Quire gateway (auth cache, rate limit, signing,
// proxy). Same machine, same run, measured with wrk. Results: bench/results/gateway.md.
const { spawn, spawnSync } = require('node:child_process');
const { mkdtempSync, writeFileSync, readFileSync } = require('node:fs');
const { measure, writeResults } = require('./results');
const { tmpdir, availableParallelism } = require('node:os');
const { join } = require('node:path');
const {
  ROOT,
  log,
  run,
  recreatePgDatabase,
  startInfra,
  cpuProfileEnv,
  treeCpuSeconds,
  infraPid,
  stopChild,
  spawnBareNodeProxy,
  freePort,
  medianBy,
  wrkRun: runWrk,
  installInfra,
  kafkaNamespace,
} = require('./support');
const { randomBytes } = require('node:crypto');
const { signPrincipal } = require('@quire/access');
const { LocalStack } = require('@quire/stack');

const DURATION = process.env.BENCH_DURATION ?? '15s';
const WARMUP = process.env.BENCH_WARMUP ?? '3s';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const NGINX_PORT = 28090;

function ensureTools() {
  installInfra();
  for (const [bin, pkg] of [
    ['wrk', 'wrk'],
    ['nginx', 'nginx-light'],
  ]) {
    // A smoke run installs nothing: without wrk it loads with bench/http-load.js (support.js); nginx must be there.
    if (require('./smoke').isSmoke()) continue;
    if (spawnSync('bash', ['-c', `command -v ${bin} || test -x /usr/sbin/${bin}`], { stdio: 'ignore' }).status !== 0) {
      log(`installing ${pkg}`);
      run('apt-get', ['install', '-y', '-q', '--no-install-recommends', pkg], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    }
  }
}

/** CPU seconds of this process's reaped children (wrk, once spawnSync returns). */
function reapedChildrenCpuSeconds() {
  try {
    const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(f[13]) + Number(f[14])) / 100;
  } catch {
    return 0;
  }
}

/**
 * Runs wrk and returns requests/s, latency percentiles in ms, and the CPU each process group
 * (`cpuOf`: name → root pid) spent per request meanwhile, in µs: on a shared machine a
 * component's cost shows there even when the others' share of the cores decides throughput.
 */
function wrk(label, url, headers, cpuOf = {}) {
  // Unmeasured warm-up: each target's JIT starts warm, as identity's does after the first run.
  wrkRun(url, headers, WARMUP);
  const before = Object.fromEntries(Object.entries(cpuOf).map(([k, pid]) => [k, treeCpuSeconds(pid)]));
  const wrkBefore = reapedChildrenCpuSeconds();
  const report = wrkRun(url, headers, DURATION, label);
  const cpuUs = {};
  for (const [k, pid] of Object.entries(cpuOf)) cpuUs[k] = ((treeCpuSeconds(pid) - before[k]) * 1e6) / report.requests;
  cpuUs.wrk = ((reapedChildrenCpuSeconds() - wrkBefore) * 1e6) / report.requests;
  return { label, ...report, cpuUs };
}

const wrkRun = (url, headers, duration, label) => runWrk(url, headers, duration, { connections: CONNECTIONS, label });

function startNginx(dir, upstreamPort, principalHeaders, workers) {
  const conf = `
worker_processes ${workers};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
events { worker_connections 4096; }
http {
  # Both proxies log every request, as the gateway does by default (ACCESS_LOG=on at LOG_LEVEL=info):
  # nginx buffered, the gateway through its asynchronous log writes.
  access_log ${dir}/access.log combined buffer=64k flush=1s;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream identity { server 127.0.0.1:${upstreamPort}; keepalive 128; }
  server {
    listen 127.0.0.1:${NGINX_PORT};
    location / {
      proxy_pass http://identity;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header x-quire-principal "${principalHeaders['x-quire-principal']}";
      proxy_set_header x-quire-signature "${principalHeaders['x-quire-signature']}";
    }
  }
}`;
  writeFileSync(join(dir, 'nginx.conf'), conf);
  const nginx = spawnSync('bash', ['-c', 'command -v nginx || echo /usr/sbin/nginx'], { encoding: 'utf8' }).stdout.trim();
  const child = spawn(nginx, ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' });
  return child;
}

async function waitFor(url) {
  for (let i = 0; i < 100; i++) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

/**
 * The worker counts compared, the same for nginx and the gateway: one, and one per core (the
 * gateway's default). On a machine that also runs identity, Postgres and wrk, a second proxy worker
 * competes with them for the cores, so both counts are measured. `GATEWAY_WORKERS=2` or `=1,2`.
 */
const workersLabel = (n) => `${n} worker${n === 1 ? '' : 's'}`;

function workerCounts() {
  const raw = process.env.GATEWAY_WORKERS ?? `1,${availableParallelism()}`;
  return [...new Set(raw.split(',').map(Number))].filter((n) => Number.isInteger(n) && n > 0);
}

/** Rounds of nginx against the gateway (BENCH_ROUNDS, 3; the smoke size 1). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const roundLabel = (round) => (ROUNDS > 1 ? ` (round ${round + 1} of ${ROUNDS})` : '');

/**
 * nginx, the gateway and (at one worker) the bare Node proxy back to back, ROUNDS times, in an order
 * reversed every other round. Identity behind them keeps warming up for minutes (its CPU per
 * request fell by a fifth over one run), and this machine's speed drifts from one minute to the
 * next, so one pair measured once in a fixed order favoured whichever came second; a ratio is
 * taken within a round, a minute apart at most.
 */
function proxyRounds(targets) {
  return Array.from({ length: ROUNDS }, (_, round) => {
    const names = Object.keys(targets);
    const order = round % 2 === 0 ? names : names.reverse();
    const measured = {};
    for (const name of order) measured[name] = targets[name](round);
    return measured;
  });
}

/** The round whose gateway ÷ nginx ratio is the median one. */
const medianRound = (rounds) => medianBy(rounds, (round) => round.gateway.rps / round.nginx.rps);

async function main() {
  ensureTools();
  const stopInfra = startInfra(['postgres', 'redis']);
  const dir = mkdtempSync(join(tmpdir(), 'quire-bench-'));
  const token = `qr_${randomBytes(30).toString('hex').slice(0, 40)}`;
  const internalSecret = randomBytes(32).toString('base64url');
  const stack = new LocalStack({
    repoRoot: ROOT,
    logDir: join(dir, 'logs'),
    gatewayPort: 28080,
    httpPortBase: 28081,
    grpcPortBase: 29081,
    databaseUrls: { identity: await recreatePgDatabase('quire_bench_identity') },
    redisUrl: `redis://127.0.0.1:${process.env.QUIRE_REDIS_PORT ?? 26379}`,
    kafkaBrokers: `127.0.0.1:${process.env.QUIRE_KAFKA_PORT ?? 27092}`,
    clickhouseUrl: 'http://127.0.0.1:1',
    internalSecret,
    bootstrapToken: token,
    extraEnv: {
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      // Topics and consumer groups of its own: never those of a stack running beside it.
      KAFKA_NAMESPACE: kafkaNamespace('gateway'),
      // BENCH_CPU_PROFILE=<dir>: every process (gateway workers, identity) writes a .cpuprofile there on exit.
      ...cpuProfileEnv(),
    },
  });
  let nginx;
  let bareProxy;
  try {
    await stack.start('identity');
    await stack.start('gateway');
    // Direct calls and nginx carry a signed principal, as the gateway would add it.
    const userId = (await (await fetch(`${stack.url}/v1/user`, { headers: { authorization: `Bearer ${token}` } })).json()).id;
    await stack.stop('gateway');
    // A principal is good for 5 minutes either side of its time; rounds take longer than that, so
    // each worker count's proxies get one dated 4 minutes ahead (good for the next 9).
    const principalHeaders = () => {
      const signed = signPrincipal({ userId, tokenId: 'bench' }, internalSecret, Date.now() + 240_000);
      return { 'x-quire-principal': signed.principal, 'x-quire-signature': signed.signature };
    };
    const upstream = { identity: stack.processes.get('identity').child.pid, postgres: infraPid('postgres') };

    const direct = wrk('identity direct', `http://127.0.0.1:${stack.httpPort('identity')}/v1/user`, principalHeaders(), upstream);
    const pairs = [];
    for (const workers of workerCounts()) {
      const added = principalHeaders();
      nginx = startNginx(dir, stack.httpPort('identity'), added, workers);
      await waitFor(`http://127.0.0.1:${NGINX_PORT}/healthz`);
      await stack.start('gateway', 30000, { GATEWAY_WORKERS: String(workers), LOG_LEVEL: 'info', ACCESS_LOG: 'on' });
      // The bare Node proxy is one process whatever the worker count: measured once, at one worker.
      const bareProxyPort = workers === 1 ? await freePort() : 0;
      bareProxy = bareProxyPort ? spawnBareNodeProxy(bareProxyPort, stack.httpPort('identity'), added) : undefined;
      if (bareProxy) await waitFor(`http://127.0.0.1:${bareProxyPort}/healthz`);
      const targets = {
        nginx: (round) =>
          wrk(
            `nginx → identity, ${workersLabel(workers)}${roundLabel(round)}`,
            `http://127.0.0.1:${NGINX_PORT}/v1/user`,
            {},
            { proxy: nginx.pid, ...upstream },
          ),
        gateway: (round) =>
          wrk(
            `gateway → identity, ${workersLabel(workers)}${roundLabel(round)}`,
            `${stack.url}/v1/user`,
            { authorization: `Bearer ${token}` },
            { proxy: stack.processes.get('gateway').child.pid, ...upstream },
          ),
        ...(bareProxy && {
          node: (round) =>
            wrk(`bare Node proxy → identity${roundLabel(round)}`, `http://127.0.0.1:${bareProxyPort}/v1/user`, {}, { proxy: bareProxy.pid, ...upstream }),
        }),
      };
      const rounds = proxyRounds(targets);
      await stack.stop('gateway');
      await stopChild(nginx);
      await stopChild(bareProxy);
      pairs.push({ workers, rounds, ...medianRound(rounds) });
    }
    // The regression row: what the access log costs the gateway at one worker (it once measured
    // 1.08× nginx without it, 0.74× after it arrived with synchronous writes).
    let quiet;
    if (pairs.some((p) => p.workers === 1)) {
      await stack.start('gateway', 30000, { GATEWAY_WORKERS: '1', LOG_LEVEL: 'warn', ACCESS_LOG: 'off' });
      quiet = wrk(
        'gateway → identity, 1 worker, access log off',
        `${stack.url}/v1/user`,
        { authorization: `Bearer ${token}` },
        {
          proxy: stack.processes.get('gateway').child.pid,
          ...upstream,
        },
      );
      await stack.stop('gateway');
    }
    report(direct, pairs, quiet);
  } finally {
    await stopChild(nginx);
    await stopChild(bareProxy);
    await stack.stopAll();
    stopInfra();
  }
}

const signed = (ms) => `${ms >= 0 ? '+' : '−'}${Math.abs(ms).toFixed(1)}`;

/** The goal of the gateway ÷ nginx at a worker count: at one worker it must match nginx (both logging every request). */
const ratioGoal = (workers) => (workers === 1 ? 1.0 : 0.7);

function report(direct, pairs, quiet) {
  // The regression row's pair: the gateway at one worker with its access log on (quiet: off).
  const logged = quiet && pairs.find((p) => p.workers === 1)?.gateway;
  const pct = (a, b) => `${((a / b) * 100).toFixed(0)}%`;
  const ratio = (round) => (round.gateway.rps / round.nginx.rps).toFixed(2);
  const medianOf = ROUNDS > 1 ? `the round with the median ratio of ${ROUNDS}` : 'one round';
  const us = (r, k) => (r.cpuUs[k] === undefined ? '–' : Math.round(r.cpuUs[k]));
  const measured = pairs.flatMap((p) => p.rounds.flatMap((round) => [round.nginx, round.node, round.gateway].filter(Boolean)));
  const rows = [direct, ...measured, ...(quiet ? [quiet] : [])].map(
    (r) =>
      `| ${r.label} | ${Math.round(r.rps)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${pct(r.rps, direct.rps)} | ${us(r, 'proxy')} | ${us(r, 'identity')} | ${us(r, 'postgres')} | ${us(r, 'wrk')} |`,
  );
  const md = [
    `Command: \`npm run bench -- gateway\` (wrk, 2 threads, ${CONNECTIONS} connections, ${DURATION} each after ${WARMUP} of warm-up; proxy workers: ${pairs.map((p) => p.workers).join(' and ')}, the same for nginx and the gateway; ${availableParallelism()} cores, same machine, same run, ${new Date().toISOString().slice(0, 10)})`,
    '',
    '| target | requests/s | p50 ms | p99 ms | of direct | CPU µs/request: proxy | identity | postgres | wrk |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    ...pairs.map(
      (p) =>
        `Gateway / nginx, ${workersLabel(p.workers)} each, both logging every request, ${medianOf}: **${ratio(p)}×** the requests/s (goal ≥ ${ratioGoal(p.workers).toFixed(1)}×), p50 **${signed(p.gateway.p50 - p.nginx.p50)} ms** (goal ≤ +5 ms)${p.rounds.length > 1 ? `; each round: ${p.rounds.map(ratio).join(', ')}` : ''}.`,
    ),
    ...pairs.filter((p) => p.node).map(nodeFloorLine),
    ...(logged ? [accessLogCost(logged, quiet)] : []),
  ].join('\n');
  const measures = [measure({ name: 'GET /v1/user straight to identity', value: direct.rps, unit: 'req/s' })];
  for (const { workers, node, nginx } of pairs.filter((p) => p.node))
    measures.push(
      measure({
        name: `GET /v1/user through a bare Node proxy, ${workersLabel(workers)}`,
        value: node.rps,
        unit: 'req/s',
        floor: { name: `nginx → identity, ${workersLabel(workers)}`, value: nginx.rps },
      }),
    );
  for (const { workers, nginx, gateway } of pairs) {
    const floorRps = { name: `nginx → identity, ${workersLabel(workers)}`, value: nginx.rps };
    const floorP50 = { name: `nginx → identity, ${workersLabel(workers)}`, value: nginx.p50 };
    measures.push(
      measure({
        name: `GET /v1/user through the gateway, ${workersLabel(workers)}`,
        value: gateway.rps,
        unit: 'req/s',
        floor: floorRps,
        goal: { ratioAtLeast: ratioGoal(workers) },
      }),
      measure({
        name: `GET /v1/user through the gateway, ${workersLabel(workers)}, p50`,
        value: gateway.p50,
        unit: 'ms',
        floor: floorP50,
        goal: { addedAtMost: 5 },
      }),
    );
    if (gateway.cpuUs.proxy !== undefined && nginx.cpuUs.proxy !== undefined)
      measures.push(
        measure({
          name: `proxy CPU per request, ${workersLabel(workers)}`,
          value: gateway.cpuUs.proxy,
          unit: 'µs',
          floor: { name: 'nginx', value: nginx.cpuUs.proxy },
        }),
      );
  }
  if (logged)
    measures.push(
      measure({
        name: 'GET /v1/user through the gateway, 1 worker, access log on',
        value: logged.rps,
        unit: 'req/s',
        floor: { name: 'the same, access log off', value: quiet.rps },
      }),
    );
  writeResults('gateway', { command: 'npm run bench -- gateway', markdown: md, measures });
  process.stdout.write(md + '\n');
}

/** What any Node proxy reaches here: the bare Node proxy against nginx, and the gateway against it, in the median round. */
function nodeFloorLine(p) {
  const x = (a, b) => (a.rps / b.rps).toFixed(2);
  const cpu = (r) => Math.round(r.cpuUs.proxy);
  return `Bare Node proxy / nginx, 1 worker each, same round: **${x(p.node, p.nginx)}×** (proxy CPU ${cpu(p.node)} µs a request against nginx's ${cpu(p.nginx)}); gateway / bare Node proxy: **${x(p.gateway, p.node)}×** (gateway ${cpu(p.gateway)} µs)${p.rounds.length > 1 ? `; each round: ${p.rounds.map((r) => `${x(r.node, r.nginx)} and ${x(r.gateway, r.node)}`).join(', ')}` : ''}.`;
}

/** The access log's cost at one worker: requests/s and proxy CPU with it on (`logged`), against off (`quiet`). */
function accessLogCost(logged, quiet) {
  const cpu = (r) => (r.cpuUs.proxy === undefined ? '–' : `${Math.round(r.cpuUs.proxy)} µs`);
  return `Access log, 1 worker: on ${Math.round(logged.rps)} req/s (${cpu(logged)} of gateway CPU a request), off ${Math.round(quiet.rps)} req/s (${cpu(quiet)}): **${(logged.rps / quiet.rps).toFixed(2)}×** with it on.`;
}

module.exports = { main };
