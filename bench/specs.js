// Specs benchmark: from create (PUT with a new text) to `complete` for a 5.8 MB OpenAPI document
// (GitHub's REST API description), through the gateway in embedded mode, side by side with the
// floor in the same run: the same parse and validation called directly in this process.
// Results: bench/results/specs.md.
const { mkdtempSync } = require('node:fs');
const { measure, writeResults } = require('./results');
const { spawn } = require('node:child_process');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { randomBytes } = require('node:crypto');
const { ROOT, log, specFixtureText, summary, waitReady } = require('./support');

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const PORT = Number(process.env.BENCH_PORT ?? 28380);

/** Each run gets a distinct document (info.version changes), so each makes a new version. */
const variant = (doc, i) => JSON.stringify({ ...doc, info: { ...doc.info, version: `bench-${i}-${Date.now()}` } });

async function floor(doc) {
  const { checkSpecDocument } = require(join(ROOT, 'services/specs/dist/modules/openapi-specs/domain/spec-document.js'));
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const text = variant(doc, i);
    const started = performance.now();
    const result = await checkSpecDocument(text);
    times.push(performance.now() - started);
    if (!result.ok) throw new Error(`the fixture does not validate: ${JSON.stringify(result.errors).slice(0, 300)}`);
  }
  return times;
}

async function endToEnd(doc) {
  const dir = mkdtempSync(join(tmpdir(), 'quire-bench-specs-'));
  const token = `qr_${randomBytes(24).toString('base64url')}`;
  const child = spawn(process.execPath, [join(ROOT, 'apps/embedded/dist/main.js')], {
    env: { PATH: process.env.PATH, DATA_DIR: dir, PORT: String(PORT), BOOTSTRAP_TOKEN: token, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000' },
    stdio: 'ignore',
  });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    await waitReady(`${base}/readyz`, 60000);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const orgId = (await (await fetch(`${base}/v1/orgs`, { headers })).json()).items[0].id;
    const spec = `${base}/v1/orgs/${orgId}/openapi/github`;
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const body = JSON.stringify({ source: { text: variant(doc, i) } });
      const started = performance.now();
      const put = await fetch(spec, { method: 'PUT', headers, body });
      if (put.status !== 200 && put.status !== 201) throw new Error(`PUT answered ${put.status}: ${await put.text()}`);
      for (;;) {
        const state = await (await fetch(spec, { headers })).json();
        if (state.processingState === 'complete') {
          if (state.lastProcessErrorCode) throw new Error(`processing failed: ${JSON.stringify(state.lastProcessedErrors)}`);
          break;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      times.push(performance.now() - started);
      log(`run ${i + 1}/${RUNS}: ${Math.round(times[i])} ms from PUT to complete`);
    }
    return times;
  } finally {
    child.kill('SIGTERM');
  }
}

async function main() {
  const text = specFixtureText();
  const doc = JSON.parse(text);
  log(`fixture: ${(text.length / 1e6).toFixed(1)} MB, ${Object.keys(doc.paths).length} paths; ${RUNS} runs each`);
  const direct = summary(await floor(doc));
  log(`floor (parse + validate in process): p50 ${Math.round(direct.p50)} ms`);
  const e2e = summary(await endToEnd(doc));
  const fmt = (s) => `p50 ${Math.round(s.p50)} ms, min ${Math.round(s.min)} ms, max ${Math.round(s.max)} ms`;
  const report = [
    '# Specs benchmark',
    '',
    `Command: \`npm run bench -- specs\` (BENCH_RUNS=${RUNS}), ${new Date().toISOString().slice(0, 10)}, 2-core machine.`,
    `Document: GitHub's REST API description (@octokit/openapi 10.0.0), ${(text.length / 1e6).toFixed(1)} MB JSON, a new version each run.`,
    '',
    '| path | time |',
    '|---|---|',
    `| PUT → \`complete\` through the gateway (embedded: outbox → in-process bus → job) | ${fmt(e2e)} |`,
    `| floor: parse + validate called directly | ${fmt(direct)} |`,
    '',
  ].join('\n');
  const measures = [
    measure({
      name: 'PUT → complete through the gateway, p50',
      mode: 'embedded',
      value: e2e.p50,
      unit: 'ms',
      floor: { name: 'parse + validate in process', value: direct.p50 },
    }),
  ];
  writeResults('specs', { command: 'npm run bench -- specs', markdown: report, measures });
  process.stdout.write(report);
}

module.exports = { main };
