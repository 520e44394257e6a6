// Webhooks benchmark: event → delivery latency at a steady rate, and deliveries/s for
// a burst, against a floor measured in the same run: a bare HTTP POST loop to the same receiver.
// The webhooks service runs as in distributed mode (its process, real PostgreSQL and Kafka from
// deploy/local); the bench publishes the events to `content.events` itself, as content's outbox
// relay would, so the figures are the webhooks service's own (consume → schedule → claim → sign →
// POST → record), not content's. Results: bench/results/webhooks.md.
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { createServer } = require('node:http');
const { join } = require('node:path');
const { measure, writeResults } = require('./results');
const { ROOT, log, recreatePgDatabase, startInfra, summary, waitReady, installInfra, kafkaNamespace } = require('./support');

const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BURST = Number(process.env.BENCH_BURST ?? 3000);
const ENDPOINTS = 10;
const HTTP_PORT = Number(process.env.BENCH_PORT ?? 28487);
const KAFKA = `127.0.0.1:${process.env.QUIRE_KAFKA_PORT ?? 27092}`;
const REDIS = `redis://127.0.0.1:${process.env.QUIRE_REDIS_PORT ?? 26379}`;
/** The service's default: attempts in flight per process; the floor loop gets the same concurrency. */
const IN_FLIGHT = 64;

const now = () => performance.timeOrigin + performance.now();

/** The receiver: answers 204 at once and notes when each event (webhook-id) arrived. */
function startReceiver() {
  const arrivals = new Map();
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = req.headers['webhook-id'];
      if (id && !arrivals.has(id)) arrivals.set(id, now());
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, arrivals, port: server.address().port })));
}

async function waitFor(check, ms, what) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}: not done within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** `space.created` envelopes as content's relay publishes them; event i goes to organization i % 10. */
function envelope(id, i) {
  const spaceId = `bench-space-${i}`;
  return {
    key: spaceId,
    value: JSON.stringify({
      id,
      type: 'space.created',
      occurredAt: new Date().toISOString(),
      data: { spaceId, organizationId: `bench-org-${i % ENDPOINTS}`, parent: null },
    }),
  };
}

/** The floor: the same number of POSTs of a like body to the same receiver, IN_FLIGHT at a time. */
async function postLoop(port, count) {
  const body = envelope('floor', 0).value;
  let next = 0;
  const started = now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < count) {
        const i = next++;
        const res = await fetch(`http://127.0.0.1:${port}/floor`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'webhook-id': `floor-${i}` },
          body,
        });
        await res.arrayBuffer();
      }
    }),
  );
  return count / ((now() - started) / 1000);
}

async function main() {
  installInfra();
  const stopInfra = startInfra(['postgres', 'redis', 'kafka']);
  const receiver = await startReceiver();
  let child;
  let producer;
  let db;
  try {
    const databaseUrl = await recreatePgDatabase('quire_bench_webhooks');
    const internalSecret = randomBytes(32).toString('base64url');
    // Topics and consumer group of the bench's own (KAFKA_NAMESPACE): a Kafka shared with a running
    // stack (the distributed test run's smoke) would otherwise split the bench's events with its webhooks.
    const namespace = kafkaNamespace('webhooks');
    const { Kafka, logLevel } = require('kafkajs');
    const kafka = new Kafka({ clientId: 'bench-webhooks', brokers: [KAFKA], logLevel: logLevel.NOTHING });
    // Made before the service subscribes, so its consumer sees the topic at once.
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ waitForLeaders: true, topics: [{ topic: `${namespace}content.events`, numPartitions: 3 }] });
    await admin.disconnect();
    child = spawn(process.execPath, [join(ROOT, 'services/webhooks/dist/main.js')], {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: databaseUrl,
        REDIS_URL: REDIS,
        KAFKA_BROKERS: KAFKA,
        KAFKA_NAMESPACE: namespace,
        INTERNAL_SECRET: internalSecret,
        HTTP_PORT: String(HTTP_PORT),
        GRPC_PORT: String(HTTP_PORT + 1000),
        OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SHUTDOWN_DRAIN_MS: '0',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitReady(`http://127.0.0.1:${HTTP_PORT}/readyz`, 60_000);

    // The webhooks, made by the service's own command (address check, sealed secret), one per organization.
    const { PostgresDatabase } = require('@quire/platform/sql/postgres');
    const { createLogger } = require('@quire/platform/logger');
    const { OutboundAddressPolicy } = require('@quire/platform/outbound');
    const { createWebhook } = require(join(ROOT, 'services/webhooks/dist/modules/webhooks/application/create-webhook.js'));
    db = new PostgresDatabase(databaseUrl, createLogger('bench', 'silent'));
    // The bench's caller is an admin of every organization (the use case checks it).
    const membership = { membership: async () => ({ role: 'admin' }) };
    const deps = { db, membership, policy: new OutboundAddressPolicy(['127.0.0.1']), serviceSecret: internalSecret, maxPerOrganization: 50 };
    for (let i = 0; i < ENDPOINTS; i++) {
      const input = { url: `http://127.0.0.1:${receiver.port}/endpoint-${i}`, events: ['space_created'] };
      await createWebhook(deps, { userId: 'bench' }, `bench-org-${i}`, input, new Date());
    }

    producer = kafka.producer();
    await producer.connect();
    const runId = randomBytes(4).toString('hex');
    const sentAt = new Map();
    const publish = async (ids, first) => {
      const messages = ids.map((id, k) => envelope(id, first + k));
      const at = now();
      for (const id of ids) sentAt.set(id, at);
      await producer.send({ topic: `${namespace}content.events`, acks: -1, messages });
    };

    // Warm-up: the consumer group joins, connections open.
    const warm = Array.from({ length: 50 }, (_, i) => `warm-${runId}-${i}`);
    await publish(warm, 0);
    await waitFor(() => warm.every((id) => receiver.arrivals.has(id)), 120_000, 'warm-up deliveries');
    log('warm: consumer group joined, 50 events delivered');

    // Steady rate: RATE events/s for SECONDS, in ticks of 10 ms; each event to one of 10 endpoints.
    const total = RATE * SECONDS;
    const perTick = RATE / 100;
    const steady = Array.from({ length: total }, (_, i) => `steady-${runId}-${i}`);
    const startedSteady = now();
    for (let sent = 0, tick = 0; sent < total; tick++) {
      const due = Math.min(total, Math.round((tick + 1) * perTick));
      const batch = steady.slice(sent, due);
      void publish(batch, sent);
      sent = due;
      const wait = startedSteady + (tick + 1) * 10 - now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    await waitFor(() => steady.every((id) => receiver.arrivals.has(id)), 120_000, 'steady deliveries');
    const latency = summary(steady.map((id) => receiver.arrivals.get(id) - sentAt.get(id)));
    const sentRate = total / ((sentAt.get(steady[total - 1]) - startedSteady) / 1000);
    log(`steady: ${total} events at ${Math.round(sentRate)}/s; latency p50 ${Math.round(latency.p50)} ms, p99 ${Math.round(latency.p99)} ms`);

    // Burst: BURST events at once; deliveries/s from the first publish to the last arrival.
    const burst = Array.from({ length: BURST }, (_, i) => `burst-${runId}-${i}`);
    const startedBurst = now();
    for (let i = 0; i < BURST; i += 500) await publish(burst.slice(i, i + 500), i);
    await waitFor(() => burst.every((id) => receiver.arrivals.has(id)), 300_000, 'burst deliveries');
    const lastArrival = Math.max(...burst.map((id) => receiver.arrivals.get(id)));
    const throughput = BURST / ((lastArrival - startedBurst) / 1000);
    log(`burst: ${BURST} deliveries at ${Math.round(throughput)}/s`);
    const floor = await postLoop(receiver.port, BURST);
    log(`floor: bare POST loop (${IN_FLIGHT} at a time) at ${Math.round(floor)}/s`);

    const report = [
      '# Webhooks benchmark',
      '',
      `Command: \`npm run bench -- webhooks\` (BENCH_RATE=${RATE}, BENCH_SECONDS=${SECONDS}, BENCH_BURST=${BURST}), ${new Date().toISOString().slice(0, 10)}, 2-core machine shared with other work.`,
      `One webhooks process (distributed mode: PostgreSQL 15 and Kafka 3.9 from deploy/local, default settings), ${ENDPOINTS} webhooks in ${ENDPOINTS} organizations to ${ENDPOINTS} endpoints of one node HTTP receiver on 127.0.0.1 that answers 204 at once.`,
      `Events are \`space.created\` envelopes the bench publishes to \`content.events\` (acks from all replicas), each for one organization in turn, so each event is one delivery; the time runs from the publish to the receiver's arrival (consume, schedule in Postgres, claim, sign, POST). Content's own relay (commit → Kafka) is not in it.`,
      '',
      '| measure | value |',
      '|---|---|',
      `| event → delivery latency at ${RATE} events/s (${total} events) | p50 ${Math.round(latency.p50)} ms, p99 ${Math.round(latency.p99)} ms, max ${Math.round(latency.max)} ms |`,
      `| deliveries/s, a burst of ${BURST} events | ${Math.round(throughput)} |`,
      `| floor: bare POST loop to the same receiver, ${IN_FLIGHT} at a time | ${Math.round(floor)} requests/s |`,
      `| ratio | ${(throughput / floor).toFixed(2)}× |`,
      '',
    ].join('\n');
    const measures = [
      measure({ name: `event → delivery latency at ${RATE} events/s, p50`, mode: 'distributed', value: latency.p50, unit: 'ms', goal: { atMost: 200 } }),
      measure({ name: `event → delivery latency at ${RATE} events/s, p99`, mode: 'distributed', value: latency.p99, unit: 'ms' }),
      measure({
        name: 'deliveries/s (burst)',
        mode: 'distributed',
        value: throughput,
        unit: 'deliveries/s',
        floor: { name: 'bare POST loop to the same receiver', value: floor },
        goal: { ratioAtLeast: 0.5 },
      }),
    ];
    writeResults('webhooks', { command: 'npm run bench -- webhooks', markdown: report, measures });
    process.stdout.write(report);
  } finally {
    await producer?.disconnect().catch(() => undefined);
    await db?.close().catch(() => undefined);
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    receiver.server.closeAllConnections();
    receiver.server.close();
    stopInfra();
  }
}

module.exports = { main };
