// Search benchmark, both ways of running side by side (BENCH_MODE), through the gateway:
// 1. 10,000 pages in 100 spaces (bench/make-search-zips.py), imported as one zip per space; the
//    lag from an import's answer to all its pages being found (the search-index consumer follows
//    content.events), and the indexing throughput it implies; in embedded mode also a full
//    rebuild by the admin CLI (`search rebuild`), which indexes without the bus;
// 2. organization search p50/p99 per kind of query (broad to selective), and the floor: the bare
//    tsvector match + rank + limit on the same database (EXPLAIN ANALYZE execution time, no HTTP,
//    no grouping, no snippets).
// Results: bench/results/search.md.
const { spawnSync } = require('node:child_process');
const { mkdtempSync, readFileSync } = require('node:fs');
const { measure, writeResults } = require('./results');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { ROOT, inParallel, log, summary, timed } = require('./support');
const { MODES, caller, zipFolderServer } = require('./content-stacks');

const SPACES = Number(process.env.BENCH_SPACES ?? 100);
const PAGES = Number(process.env.BENCH_PAGES ?? 100);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const FLOOR_RUNS = 20;
const IMPORT_WIDTH = 2;

const FLOOR_SQL = `EXPLAIN (ANALYZE, FORMAT JSON)
  SELECT space_id, page_id, ts_rank(document, q.query) AS rank
  FROM search_sections, (SELECT websearch_to_tsquery('english', $2) || websearch_to_tsquery('simple', $2) AS query) q
  WHERE organization_id = $1 AND document @@ q.query ORDER BY rank DESC LIMIT 20`;

function makeZips(dir) {
  const made = spawnSync('python3', [join(ROOT, 'bench/make-search-zips.py'), dir, String(SPACES), String(PAGES)], { stdio: 'inherit' });
  if (made.status !== 0) throw new Error('bench/make-search-zips.py failed');
  return JSON.parse(readFileSync(join(dir, 'queries.json'), 'utf8'));
}

/** Execution time (ms) of an EXPLAIN ANALYZE answer, from PostgreSQL or PGlite. */
function executionTime(rows) {
  const plan = rows[0]['QUERY PLAN'];
  return (typeof plan === 'string' ? JSON.parse(plan) : plan)[0]['Execution Time'];
}

async function endToEnd(zipDir, queries, mode, dataDir, startStack) {
  const fixture = await zipFolderServer(zipDir);
  const fixtureUrl = fixture.url;
  const stack = await startStack();
  try {
    const call = caller(stack);
    const orgId = (await call('GET', '/v1/orgs')).items[0].id;
    const spaceIds = [];
    for (let i = 0; i < SPACES; i++) spaceIds.push((await call('POST', `/v1/orgs/${orgId}/spaces`, { title: `Search bench ${i}` })).id);

    // Each worker imports a space, then polls its search until all its pages are found.
    const lags = [];
    const importTimes = [];
    const started = performance.now();
    await inParallel(
      spaceIds.map((spaceId, i) => async () => {
        const [importMs] = await timed(() =>
          call('POST', `/v1/spaces/${spaceId}/content/import`, { source: 'zip', url: `${fixtureUrl}/space-${String(i).padStart(3, '0')}.zip` }),
        );
        importTimes.push(importMs);
        const answered = performance.now();
        const token = `spacetok${String(i).padStart(3, '0')}`;
        while ((await call('GET', `/v1/spaces/${spaceId}/search?query=${token}&limit=0`)).count < PAGES) await new Promise((r) => setTimeout(r, 25));
        lags.push(performance.now() - answered);
        if ((i + 1) % 10 === 0) log(`${i + 1}/${SPACES} spaces imported and searchable`);
      }),
      IMPORT_WIDTH,
    );
    const importAndIndexMs = performance.now() - started;

    const searchTimes = {};
    for (const [kind, query] of Object.entries(queries)) {
      const path = `/v1/orgs/${orgId}/search?query=${encodeURIComponent(query)}`;
      const first = await call('GET', path);
      // A broad query ranks a sample and answers no `count`.
      searchTimes[kind] = { spaces: first.count ?? `sampled: ${first.items.length} shown`, times: [] };
      for (let i = 0; i < RUNS; i++) searchTimes[kind].times.push((await timed(() => call('GET', path)))[0]);
      log(`${kind} (${JSON.stringify(query)}): ${searchTimes[kind].spaces} spaces, p50 ${summary(searchTimes[kind].times).p50.toFixed(1)} ms`);
    }
    // The floors after every search is timed: in distributed mode probes run at once (one at a time).
    for (const [kind, query] of Object.entries(queries)) for (let i = 0; i < FLOOR_RUNS; i++) stack.probe(`floor:${kind}:${i}`, FLOOR_SQL, [orgId, query]);
    stack.probe('rows', 'SELECT (SELECT count(*)::int FROM search_pages) AS pages, (SELECT count(*)::int FROM search_sections) AS sections');

    let rebuild = null;
    if (mode === 'embedded') {
      const [ms, cli] = await timed(async () =>
        spawnSync(process.execPath, [join(ROOT, 'tools/cli/dist/main.js'), 'search', 'rebuild'], {
          env: { PATH: process.env.PATH, DATA_DIR: dataDir },
          encoding: 'utf8',
        }),
      );
      if (cli.status !== 0) throw new Error(`search rebuild failed: ${cli.stderr}`);
      rebuild = { ms, output: cli.stdout.trim() };
      log(`CLI rebuild: ${rebuild.output} in ${Math.round(ms)} ms`);
    }

    const probes = await stack.stop();
    const floors = {};
    for (const kind of Object.keys(queries)) floors[kind] = Array.from({ length: FLOOR_RUNS }, (_, i) => executionTime(probes[`floor:${kind}:${i}`]));
    return { lags, importTimes, importAndIndexMs, searchTimes, floors, rows: probes.rows[0], rebuild };
  } finally {
    await stack.stop();
    fixture.close();
  }
}

async function main() {
  const modes = (process.env.BENCH_MODE ?? 'embedded,distributed').split(',');
  const dir = mkdtempSync(join(tmpdir(), 'quire-bench-search-'));
  const zipDir = join(dir, 'zips');
  const queries = makeZips(zipDir);
  const results = {};
  for (const mode of modes) {
    if (!MODES[mode]) throw new Error(`BENCH_MODE: unknown mode ${mode} (embedded, distributed)`);
    log(`${mode} mode`);
    results[mode] = await endToEnd(zipDir, queries, mode, join(dir, mode), MODES[mode](join(dir, mode), 'search'));
  }
  const ms = (t) => `p50 ${summary(t).p50.toFixed(1)} ms, p99 ${summary(t).p99.toFixed(1)} ms`;
  const row = (label, pick) => `| ${label} | ${modes.map((m) => pick(results[m])).join(' | ')} |`;
  const allSearches = (r) => Object.values(r.searchTimes).flatMap((s) => s.times);
  const allFloors = (r) => Object.values(r.floors).flat();
  const total = SPACES * PAGES;
  const report = [
    '# Search benchmark',
    '',
    `Command: \`npm run bench -- search\` (BENCH_SPACES=${SPACES}, BENCH_PAGES=${PAGES}, BENCH_RUNS=${RUNS}, BENCH_MODE=${modes.join(',')}), ${new Date().toISOString().slice(0, 10)}, 2-core machine.`,
    `Content: ${total} pages in ${SPACES} spaces of one organization (bench/make-search-zips.py: a title, 4 headed sections, a code block per page; Zipf-distributed vocabulary of 5,000 words). Organization search through the gateway, default limit (20 spaces, 5 pages each, 3 sections per page, snippets). Floor: the bare tsvector match + ts_rank + LIMIT 20 on the same database (EXPLAIN ANALYZE execution time). Goals: p50 < 30 ms, p99 < 100 ms.`,
    '',
    `| measure | ${modes.join(' | ')} |`,
    `|---|${modes.map(() => '---|').join('')}`,
    row('rows indexed (pages / sections)', (r) => `${r.rows.pages} / ${r.rows.sections}`),
    row(`zip import of ${PAGES} pages (POST …/content/import, ${IMPORT_WIDTH} at a time)`, (r) => ms(r.importTimes)),
    row('lag: import answered → all its pages found', (r) => ms(r.lags)),
    row('indexing throughput (pages / summed lags, through the bus)', (r) => `${Math.round(total / (r.lags.reduce((a, b) => a + b, 0) / 1000))} pages/s`),
    row(`import + index of all ${total} pages (wall)`, (r) => `${(r.importAndIndexMs / 1000).toFixed(1)} s`),
    row('full rebuild by the CLI (`search rebuild`)', (r) =>
      r.rebuild ? `${(r.rebuild.ms / 1000).toFixed(1)} s, ${Math.round(total / (r.rebuild.ms / 1000))} pages/s` : 'n/a (embedded only)',
    ),
    row('**org search, all queries**', (r) => `**${ms(allSearches(r))}**`),
    row('floor, all queries', (r) => ms(allFloors(r))),
    ...Object.entries(queries).flatMap(([kind, query]) => [
      row(`org search: ${kind} \`${query.replace(/\|/g, '\\|')}\``, (r) => `${ms(r.searchTimes[kind].times)} (${r.searchTimes[kind].spaces} spaces)`),
      row(`floor: ${kind}`, (r) => ms(r.floors[kind])),
    ]),
    '',
  ].join('\n');
  const measures = modes.flatMap((mode) => {
    const r = results[mode];
    const floor = (pick) => ({ name: 'bare tsvector match + ts_rank + LIMIT 20', value: pick(allFloors(r)) });
    return [
      measure({
        name: 'org search p50, all queries',
        mode,
        value: summary(allSearches(r)).p50,
        unit: 'ms',
        floor: floor((t) => summary(t).p50),
        goal: { atMost: 30 },
      }),
      measure({
        name: 'org search p99, all queries',
        mode,
        value: summary(allSearches(r)).p99,
        unit: 'ms',
        floor: floor((t) => summary(t).p99),
        goal: { atMost: 100 },
      }),
      measure({ name: 'lag import → searchable, p50', mode, value: summary(r.lags).p50, unit: 'ms' }),
      measure({ name: 'lag import → searchable, p99', mode, value: summary(r.lags).p99, unit: 'ms' }),
    ];
  });
  writeResults('search', { command: 'npm run bench -- search', markdown: report, measures });
  process.stdout.write(report);
}

module.exports = { main };
