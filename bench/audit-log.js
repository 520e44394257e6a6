// Audit log benchmark (docs/audit-log.md). Two measures:
// 1. What auditing adds to a write: POST /v1/orgs/{org}/spaces p50 on an embedded Quire with the
//    audit log on, against a fresh one with AUDIT_LOG=off (the floor), both running at once and
//    called in turn, so the machine's load falls on both alike. Both the actor carried in every
//    outbox event and the audit consumer (in embedded mode it shares the one PGlite with the
//    write) are in the difference.
// 2. listOrganizationAuditEvents over 10 million stored events (BENCH_AUDIT_EVENTS), through the
//    store's own query (listAuditEventRows) on PostgreSQL, the distributed store: the rows are
//    generated in the database (INSERT … SELECT generate_series), the indexes built after.
//    Every filter of the reference alone, two together, a one-month window and a deep page.
//    BENCH_SKIP_SEED=1 reads the table a previous run left (deploy/local keeps Postgres' data).
// Results: bench/results/audit-log.md.
const { spawn } = require('node:child_process');
const { mkdtempSync, readFileSync } = require('node:fs');
const { randomBytes } = require('node:crypto');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Client } = require('pg');
const { measure, writeResults } = require('./results');
const { ROOT, log, percentile, recreatePgDatabase, startInfra, timed, waitReady } = require('./support');
const { isSmoke } = require('./smoke');

const WRITES = Number(process.env.BENCH_WRITES ?? 200);
const EVENTS = Number(process.env.BENCH_AUDIT_EVENTS ?? 10_000_000);
const READS = Number(process.env.BENCH_READS ?? 200);
// Unmeasured writes first, and the wait for their events to be recorded (the smoke run's: 3 and 200 ms).
const WARMUP_WRITES = Number(process.env.BENCH_WARMUP_WRITES ?? 20);
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 2000);
const PORT = Number(process.env.BENCH_PORT ?? 28391);
const ORGS = 10;
/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in these ticks. */
const CLOCK_TICKS = 100;

const p = (samples, q) =>
  percentile(
    [...samples].sort((a, b) => a - b),
    q,
  );

async function embedded(auditLog, port) {
  const token = `qr_${randomBytes(24).toString('base64url')}`;
  const child = spawn(process.execPath, [join(ROOT, 'apps/embedded/dist/main.js')], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'quire-bench-audit-')),
      PORT: String(port),
      BOOTSTRAP_TOKEN: token,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000',
      AUDIT_LOG: auditLog ? 'on' : 'off',
    },
    stdio: 'ignore',
  });
  const stopped = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  await waitReady(`${base}/readyz`, 120000);
  const call = async (method, path, body) => {
    const res = await fetch(base + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  return {
    call,
    /** CPU time the process has used so far (user + system), in ms: what a write costs whatever the machine's load. */
    cpuMs: () => {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await stopped;
    },
  };
}

/** createSpace times on two fresh embedded Quires, log off and on, called in turn; then how long until the last one is recorded. */
async function createSpaces() {
  // Started together: nothing is timed while they start.
  const [off, on] = await Promise.all([embedded(false, PORT), embedded(true, PORT + 1)]);
  try {
    const orgOf = async (stack) => (await stack.call('GET', '/v1/orgs')).items[0].id;
    const stacks = [
      { name: 'off', stack: off, orgId: await orgOf(off), samples: [] },
      { name: 'on', stack: on, orgId: await orgOf(on), samples: [] },
    ];
    for (let i = 0; i < WARMUP_WRITES; i++) for (const s of stacks) await s.stack.call('POST', `/v1/orgs/${s.orgId}/spaces`, { title: `Warm-up ${i}` });
    // Let the warm-up's events be recorded before CPU time is counted.
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    for (const s of stacks) s.cpuBefore = s.stack.cpuMs();
    let last;
    for (let i = 0; i < WRITES; i++) {
      for (const s of stacks) {
        const [ms, space] = await timed(() => s.stack.call('POST', `/v1/orgs/${s.orgId}/spaces`, { title: `Space ${i}` }));
        s.samples.push(ms);
        if (s.name === 'on') last = space;
      }
    }
    const started = performance.now();
    const audited = `/v1/orgs/${stacks[1].orgId}/audit-events?target=${last.id}`;
    while (!(await on.call('GET', audited)).items.length) await new Promise((r) => setTimeout(r, 20));
    const recordedMs = performance.now() - started;
    // The relay and the consumers run after the answer: counted once the last event is recorded.
    const cpuPerWrite = stacks.map((s) => (s.stack.cpuMs() - s.cpuBefore) / WRITES);
    return { off: stacks[0].samples, on: stacks[1].samples, recordedMs, cpuOff: cpuPerWrite[0], cpuOn: cpuPerWrite[1] };
  } finally {
    await Promise.all([off.stop(), on.stop()]);
  }
}

/** Generates EVENTS rows in the database: ORGS organizations, 40 actions, 1,000 actors, 100,000 targets, a year of time. */
async function seed(db) {
  const migration = readFileSync(join(ROOT, 'services/insights/migrations/003_audit_events.sql'), 'utf8');
  const [table, ...indexes] = migration
    .replace(/--.*$/gm, '')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
  await db.query(table);
  const chunk = 1_000_000;
  for (let start = 0; start < EVENTS; start += chunk) {
    const end = Math.min(EVENTS, start + chunk) - 1;
    await db.query(
      `INSERT INTO audit_events (id, organization_id, occurred_at, action, actor_type, actor_id, source, target_type, target_id,
         target_label, execution_id, correlation_id, schema_version, payload)
       SELECT md5(i::text)::uuid, 'org' || (i % ${ORGS}), now() - (i::float / ${EVENTS} * interval '365 days'),
         'action.' || (i % 40), 'user', 'user' || (i % 1000), 'api', 'space', 'target' || (i % 100000),
         'Space ' || (i % 100000), 'ev' || i, 'req' || i, 1, json_build_object('spaceId', 'target' || (i % 100000))::jsonb
       FROM generate_series($1::int, $2::int) AS i`,
      [start, end],
    );
    log(`${end + 1} audit events inserted`);
  }
  for (const index of indexes) await db.query(index);
  await db.query('ANALYZE audit_events');
}

async function listOverMillions() {
  // A full run seeds 10 M rows in a PostgreSQL on a port of its own; a smoke run (beside the distributed
  // test run, whose PostgreSQL holds the data directory) uses the one already up.
  if (!isSmoke()) process.env.QUIRE_PG_PORT ??= '25490';
  const stopInfra = startInfra(['postgres']);
  const { PostgresDatabase } = require(join(ROOT, 'packages/platform/dist/sql/postgres'));
  const { createLogger } = require(join(ROOT, 'packages/platform/dist/logger'));
  const { listAuditEventRows } = require(join(ROOT, 'services/insights/dist/modules/audit/store/audit-events.store'));
  const skipSeed = process.env.BENCH_SKIP_SEED === '1';
  const url = skipSeed
    ? `postgres://quire:quire@127.0.0.1:${process.env.QUIRE_PG_PORT ?? 25432}/quire_bench_audit`
    : await recreatePgDatabase('quire_bench_audit');
  // Seeding takes longer than the port's statement timeout: a plain client.
  const seeder = new Client({ connectionString: url });
  await seeder.connect();
  const [seedMs] = await timed(() => (skipSeed ? Promise.resolve() : seed(seeder)).finally(() => seeder.end()));
  const db = new PostgresDatabase(url, createLogger('bench', 'warn'));
  try {
    log(`seeded in ${Math.round(seedMs / 1000)} s`);
    const month = { from: new Date(Date.now() - 200 * 86400_000), to: new Date(Date.now() - 170 * 86400_000) };
    const filters = {
      'no filter': {},
      action: { action: 'action.7' },
      actor: { actor: 'user17' },
      target: { target: 'target1234' },
      'one month (from, to)': month,
      'action + actor': { action: 'action.7', actor: 'user17' },
      'action in one month': { action: 'action.7', ...month },
    };
    const times = {};
    for (const [name, filter] of Object.entries(filters)) {
      times[name] = [];
      for (let i = 0; i < READS; i++) times[name].push((await timed(() => listAuditEventRows(db, 'org7', filter, null, 20)))[0]);
    }
    // Page 50 of the unfiltered list, followed from the first.
    let cursor = null;
    for (let i = 0; i < 49; i++) cursor = (await listAuditEventRows(db, 'org7', {}, cursor, 20)).next;
    times['page 50 (cursor)'] = [];
    for (let i = 0; i < READS; i++) times['page 50 (cursor)'].push((await timed(() => listAuditEventRows(db, 'org7', {}, cursor, 20)))[0]);
    const size = (await db.query("SELECT pg_size_pretty(pg_total_relation_size('audit_events')) AS size")).rows[0].size;
    return { seedMs, times, size };
  } finally {
    await db.close();
    stopInfra();
  }
}

async function main() {
  const writes = await createSpaces();
  const on = { samples: writes.on, recordedMs: writes.recordedMs, cpu: writes.cpuOn };
  const off = { samples: writes.off, cpu: writes.cpuOff };
  log(`createSpace p50: ${p(on.samples, 50).toFixed(1)} ms with the audit log, ${p(off.samples, 50).toFixed(1)} ms without`);
  log(`CPU per createSpace: ${on.cpu.toFixed(2)} ms with the audit log, ${off.cpu.toFixed(2)} ms without`);
  // BENCH_AUDIT_EVENTS=0 measures the writes alone (seeding 10 M rows takes a quiet quarter of an
  // hour): its results go to a file of their own, so the last listing results stay.
  const list = EVENTS > 0 ? await listOverMillions() : null;
  const name = list ? 'audit-log' : 'audit-log-writes';
  const report = [
    '# Audit log benchmark',
    '',
    `Command: \`${list ? '' : 'BENCH_AUDIT_EVENTS=0 '}npm run bench -- audit-log\` (BENCH_WRITES=${WRITES}, BENCH_AUDIT_EVENTS=${EVENTS}, BENCH_READS=${READS}), ${new Date().toISOString().slice(0, 10)}, 2-core machine shared with other work.`,
    '',
    ...writesReport(on, off),
    ...(list ? listReport(list) : []),
  ].join('\n');
  const measures = [
    measure({
      name: 'createSpace p50 with the audit log',
      mode: 'embedded',
      value: p(on.samples, 50),
      unit: 'ms',
      floor: { name: 'createSpace p50 with AUDIT_LOG=off, same run', value: p(off.samples, 50) },
      goal: { addedAtMost: 5 },
    }),
    measure({
      name: 'CPU per createSpace with the audit log (process total, consumers included)',
      mode: 'embedded',
      value: on.cpu,
      unit: 'ms',
      floor: { name: 'CPU per createSpace with AUDIT_LOG=off, same run', value: off.cpu },
      goal: { addedAtMost: 5 },
    }),
  ];
  if (list) {
    measures.push(
      measure({
        name: `listOrganizationAuditEvents p50 over ${EVENTS} events, slowest filter`,
        mode: 'distributed',
        value: Math.max(...Object.values(list.times).map((t) => p(t, 50))),
        unit: 'ms',
        goal: { atMost: 100 },
      }),
    );
  }
  writeResults(name, { command: `${list ? '' : 'BENCH_AUDIT_EVENTS=0 '}npm run bench -- audit-log`, markdown: report, measures });
  process.stdout.write(report);
}

function writesReport(on, off) {
  return [
    '## What auditing adds to a write (embedded)',
    '',
    `Two fresh embedded Quires at once, called in turn (\`POST /v1/orgs/{org}/spaces\`, after ${WARMUP_WRITES} warm-up calls each).`,
    '',
    '| createSpace | p50 | p99 |',
    '|---|---|---|',
    `| audit log off (AUDIT_LOG=off), floor | ${p(off.samples, 50).toFixed(1)} ms | ${p(off.samples, 99).toFixed(1)} ms |`,
    `| **audit log on** | **${p(on.samples, 50).toFixed(1)} ms** | ${p(on.samples, 99).toFixed(1)} ms |`,
    `| added | ${(p(on.samples, 50) - p(off.samples, 50)).toFixed(1)} ms | |`,
    '',
    "CPU time of the whole process per createSpace (the request, the outbox relay and every consumer, counted until the last write's audit event is recorded), which the machine's load does not inflate as it does wall time:",
    '',
    '| createSpace | CPU per write |',
    '|---|---|',
    `| audit log off, floor | ${off.cpu.toFixed(2)} ms |`,
    `| **audit log on** | **${on.cpu.toFixed(2)} ms** |`,
    `| added | ${(on.cpu - off.cpu).toFixed(2)} ms |`,
    '',
    `The last space's audit event was listed ${Math.round(on.recordedMs)} ms after its createSpace answered.`,
    '',
  ];
}

function listReport(list) {
  const ms = (t) => `p50 ${p(t, 50).toFixed(1)} ms, p99 ${p(t, 99).toFixed(1)} ms`;
  return [
    `## listOrganizationAuditEvents over ${EVENTS.toLocaleString('en')} events (PostgreSQL, the store's query, 20 a page)`,
    '',
    `${ORGS} organizations (the one read holds ${(EVENTS / ORGS).toLocaleString('en')}), 40 actions, 1,000 actors, 100,000 targets over a year; ${process.env.BENCH_SKIP_SEED === '1' ? 'seeded by an earlier run' : `seeded in ${Math.round(list.seedMs / 1000)} s`}; table with indexes ${list.size}.`,
    '',
    '| filter | time |',
    '|---|---|',
    ...Object.entries(list.times).map(([name, t]) => `| ${name} | ${ms(t)} |`),
    '',
  ];
}

module.exports = { main };
