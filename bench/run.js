#!/usr/bin/env node
// `npm run bench -- <name>`: runs a benchmark and writes its results under bench/results/
// (<name>.md and <name>.json). `all` runs every bench in sequence and prints one table of ratios.
// `--smoke` (or BENCH_SMOKE=1): the smoke size of bench/smoke.js, seconds each, results in a temporary folder.
const { applySmoke } = require('./smoke');
const { runInGroup, stopWithParent } = require('./process-group');
const { runCleanups } = require('./support');

const args = process.argv.slice(2).filter((a) => a !== '--smoke');
if (args.length < process.argv.length - 2 || process.env.BENCH_SMOKE === '1') applySmoke(args[0]);
// After applySmoke: results.js reads BENCH_RESULTS_DIR when loaded.
const { writeSummary } = require('./results');

const BENCHES = {
  content: () => require('./content').main(),
  'change-requests': () => require('./change-requests').main(),
  links: () => require('./links').main(),
  'content-write': () => require('./content-write').main(),
  gateway: () => require('./gateway').main(),
  insights: () => require('./insights').main(),
  specs: () => require('./specs').main(),
  'specs-stall': () => require('./specs-stall').main(),
  search: () => require('./search').main(),
  embedded: () => require('./embedded').main(),
  'git-sync': () => require('./git-sync').main(),
  webhooks: () => require('./webhooks').main(),
  redirects: () => require('./redirects').main(),
  'site-search': () => require('./site-search').main(),
  'site-search-load': () => require('./site-search-load').main(),
  reader: () => require('./reader').main(),
  'audit-log': () => require('./audit-log').main(),
};

const name = args[0];
const COMMANDS = new Set(['all', 'table']);
if (!name || name === '--help' || name === '-h' || (!BENCHES[name] && !COMMANDS.has(name))) {
  process.stdout.write(
    `Usage: npm run bench -- <${Object.keys(BENCHES).join('|')}>\n\n` +
      '  content   zip import of 1,000 pages (pages/s) vs unzip + convert in process; page reads p50/p99; rows per one-page revision\n' +
      '  change-requests  merge and update of 50+50 changed pages of 1,000 vs the merge in process; open a change request (rows); list 1,000 comments\n' +
      '  links     GET links, page links and file backlinks of a 1,000-page space (p50/p99) vs GET /v1/spaces/{id}\n' +
      '  content-write  batch content edits into a change request of a 1,000-page space: 50 inserts, one update (p50/p99) vs in process\n' +
      '  gateway   GET /v1/user through the gateway, straight to identity, and through nginx (wrk, same machine, same run)\n' +
      '  insights  ingest events/s end to end vs raw ClickHouse inserts; aggregate p50/p99 on 10M events\n' +
      '            (BENCH_SKIP_INGEST=1: aggregates only, nothing written; BENCH_EVENTS sets the event count)\n' +
      '  specs     PUT → complete for a 5.8 MB OpenAPI document (embedded) vs parse + validate in process\n' +
      "  specs-stall  event-loop stall while GitHub's description (JSON, and as YAML) is parsed and validated: inline vs the worker thread\n" +
      '  search    org search p50/p99 on 10,000 pages in 100 spaces vs the bare tsvector query; indexing lag and pages/s\n' +
      '  git-sync  Git Sync import of a 1,000-page repository (pages/s) vs git clone --depth 1 + convert in process;\n' +
      '            export vs git add/commit/push by the CLI; a one-page export (objects pushed)\n' +
      '  embedded  embedded first start and restart to /healthz 200 (ms, CPU s) and RSS 20 s after healthy vs a bare PGlite open\n' +
      '  webhooks  event → delivery latency p50/p99 at 500 events/s to 10 endpoints; deliveries/s vs a bare POST loop (distributed)\n' +
      '  redirects getSiteRedirectBySource p50/p95 on a site with 10 redirects vs one with 10,000, same run (embedded by default)\n' +
      '  site-search  searchSiteContent p50/p95 on a published site of 10,000 pages (scopes all, default, specific) vs org search (embedded by default)\n' +
      '  site-search-load  ~search on a 2,000-page site, 12 concurrent clients: p95 and /healthz max (embedded by default)\n' +
      '  reader    published pages through the gateway: a cached page (req/s, p50) beside nginx serving the same HTML; cold pages,\n' +
      '            llms-full.txt and sitemap.xml of a 10,000-page site; publish-to-live p50/p99; page view → aggregates (both modes)\n' +
      '  audit-log createSpace p50 with the audit log vs AUDIT_LOG=off (embedded); listOrganizationAuditEvents p50 per filter\n' +
      '            over 10M events in PostgreSQL (BENCH_AUDIT_EVENTS sets the count)\n' +
      '  all       every bench above in sequence (each in its own process), then one table of every measure\n' +
      '            with its floor, ratio and goal (also written to bench/results/all.md)\n' +
      '  table     that table from the last results, without running anything\n\n' +
      '  --smoke   (or BENCH_SMOKE=1) tiny counts and durations, seconds each (bench/smoke.js); results go to\n' +
      '            a temporary folder (or BENCH_RESULTS_DIR), never over bench/results/\n',
  );
  process.exit(name && name !== '--help' && name !== '-h' ? 2 : 0);
}
if (COMMANDS.has(name)) {
  (name === 'all' ? runAll() : Promise.resolve([])).then((failed) => {
    printTable();
    if (failed.length) {
      process.stderr.write(`failed: ${failed.join(', ')}\n`);
      process.exit(1);
    }
    process.exit(0);
  });
} else {
  // Killed (a timeout, Ctrl-C): the servers this bench started itself stop too (they run in sessions
  // of their own); its other processes are in its process group and get the signal with it.
  stopWithParent();
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.once(signal, () => {
      runCleanups();
      process.exit(128 + (signal === 'SIGTERM' ? 15 : 2));
    });
  }
  BENCHES[name]().catch((err) => {
    process.stderr.write(`bench ${name} failed: ${err.stack || err.message}\n`);
    process.exit(1);
  });
}

/**
 * Each bench in a process group of its own (bench/process-group.js): one that fails or leaks state
 * does not spoil the next, and what it started stops with it. BENCH_TIMEOUT (seconds) bounds each.
 */
async function runAll() {
  const failed = [];
  const timeoutMs = Number(process.env.BENCH_TIMEOUT ?? 0) * 1000;
  for (const bench of Object.keys(BENCHES)) {
    process.stderr.write(`==> bench ${bench}\n`);
    const result = await runInGroup(process.execPath, [require('node:path').join(__dirname, 'run.js'), bench], { stdio: 'inherit', timeoutMs });
    process.stderr.write(
      `==> bench ${bench}: ${result.timedOut ? 'timed out' : `exit ${result.status ?? result.signal}`} after ${(result.ms / 1000).toFixed(1)} s\n`,
    );
    if (result.status !== 0) failed.push(bench);
  }
  return failed;
}

function printTable() {
  process.stdout.write(writeSummary(Object.keys(BENCHES)));
}
