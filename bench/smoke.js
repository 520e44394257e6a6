// Smoke size (`npm run bench -- <name> --smoke`, or BENCH_SMOKE=1): every bench runs with tiny counts
// and durations, in seconds, so `BENCH_SMOKE=1 npm run bench -- all` shows none has rotted
// (docs/benchmarks.md, Smoke runs). The figures mean nothing; the results go to a temporary folder unless
// BENCH_RESULTS_DIR says where, never over the published bench/results/.
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

// Each bench's own knobs at their smallest useful size; a variable already set wins. BENCH_CONTENT_FOLDERS:
// the content zip (bench/make-content-zip.py) of 200 pages, not 1,000.
// BENCH_MODE=embedded: a bench of both modes runs its embedded half (the distributed-only benches
// — gateway, insights, webhooks — use the servers deploy/local/infra.sh started).
const SMOKE_ENV = {
  content: { BENCH_RUNS: '1', BENCH_READS: '3', BENCH_CONTENT_FOLDERS: '2' },
  'change-requests': { BENCH_RUNS: '1', BENCH_CHANGED: '5', BENCH_COMMENTS: '20', BENCH_READS: '5', BENCH_CONTENT_FOLDERS: '2' },
  links: { BENCH_READS: '3', BENCH_CONTENT_FOLDERS: '2' },
  'content-write': { BENCH_RUNS: '1', BENCH_READS: '2', BENCH_CONTENT_FOLDERS: '2' },
  gateway: { BENCH_DURATION: '1s', BENCH_WARMUP: '0s', BENCH_CONNECTIONS: '2', GATEWAY_WORKERS: '1', BENCH_ROUNDS: '1' },
  insights: { BENCH_IDLE_SERVICES: '0', BENCH_INGEST_EVENTS: '1000', BENCH_EVENTS: '10000', BENCH_CONCURRENCY: '2', BENCH_RUNS: '2' },
  specs: { BENCH_RUNS: '1', BENCH_SPEC_FIXTURE: join(__dirname, '../test/fixtures/openapi/petstore.yaml') },
  'specs-stall': { BENCH_SPEC_FIXTURE: join(__dirname, '../test/fixtures/openapi/petstore.yaml') },
  search: { BENCH_SPACES: '2', BENCH_PAGES: '10', BENCH_RUNS: '3' },
  embedded: { BENCH_RUNS: '1', BENCH_IDLE_MS: '500' },
  'git-sync': { BENCH_RUNS: '1', BENCH_CONTENT_FOLDERS: '2' },
  webhooks: { BENCH_RATE: '20', BENCH_SECONDS: '1', BENCH_BURST: '20' },
  redirects: { BENCH_READS: '3', BENCH_REDIRECTS: '20' },
  'site-search': { BENCH_SPACES: '2', BENCH_PAGES: '10', BENCH_RUNS: '3' },
  'site-search-load': { BENCH_SPACES: '2', BENCH_PAGES: '10', BENCH_SEARCHES: '4' },
  reader: {
    BENCH_SPACES: '2',
    BENCH_PAGES: '10',
    BENCH_COLD: '3',
    BENCH_LIVE: '1',
    BENCH_VIEWS: '1',
    BENCH_DURATION: '1s',
    BENCH_WARMUP: '0s',
    BENCH_CONNECTIONS: '1',
    BENCH_ROUNDS: '1',
  },
  'audit-log': { BENCH_WRITES: '3', BENCH_WARMUP_WRITES: '3', BENCH_SETTLE_MS: '200', BENCH_AUDIT_EVENTS: '1000', BENCH_READS: '2' },
};

const isSmoke = () => process.env.BENCH_SMOKE === '1';

/** Sets the smoke environment of bench `name` (before the bench's module is loaded: it reads its knobs then). */
function applySmoke(name) {
  process.env.BENCH_SMOKE = '1';
  const env = { BENCH_MODE: 'embedded', ...SMOKE_ENV[name] };
  for (const [key, value] of Object.entries(env)) process.env[key] ??= value;
  process.env.BENCH_RESULTS_DIR ??= mkdtempSync(join(tmpdir(), 'quire-bench-smoke-'));
}

module.exports = { SMOKE_ENV, isSmoke, applySmoke };
