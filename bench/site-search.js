// Site search benchmark (the goal: p95 < 100 ms on a site of 10,000 pages). One stack, one
// organization: 10,000 pages in 100 spaces (bench/make-search-zips.py, the search bench's content),
// imported as one zip per space and indexed (the search-index consumer), all 100 spaces on one
// published site with two sections. Then POST …/sites/{site}/search (searchSiteContent) through
// the gateway for every kind of query (broad to selective) and three scopes — `all` (10,000 pages),
// `default` (each section's default) and `specific` (one site space) — and, interleaved in the same
// run, the floor: the organization search (GET /v1/orgs/{org}/search) of the same queries over the
// same 100 spaces. Also the plan of the candidates query with the site's space ids (EXPLAIN
// ANALYZE, probed after the stack stops in embedded mode, warm: the third of three runs). Embedded by default (BENCH_MODE).
// Results: bench/results/site-search.md.
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { measure, writeResults } = require('./results');
const { importZipSpaces, log, makeSearchZips, percentile, publishSiteOfSpaces, timed, waitSearchIndexed } = require('./support');
const { caller, zipFolderServer, measureEachMode } = require('./content-stacks');

const SPACES = Number(process.env.BENCH_SPACES ?? 100);
const PAGES = Number(process.env.BENCH_PAGES ?? 100);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const IMPORT_WIDTH = 2;

// The search store's candidates query for one tier (services/content/src/modules/search/store/search.store.ts).
const PLAN_SQL = `EXPLAIN (ANALYZE, FORMAT JSON)
  WITH q AS (SELECT websearch_to_tsquery('english', $2) || websearch_to_tsquery('simple', $2) AS query)
  SELECT s.space_id, s.page_id, s.position, ts_rank(s.document, q.query) AS rank
  FROM search_sections s, q WHERE (s.space_id || '') = ANY($1::text[]) AND s.document @@ q.query LIMIT 500`;

function planOf(rows) {
  const plan = rows[0]['QUERY PLAN'];
  const root = (typeof plan === 'string' ? JSON.parse(plan) : plan)[0];
  const nodes = [];
  const walk = (node) => {
    nodes.push(node['Index Name'] ? `${node['Node Type']} (${node['Index Name']})` : node['Node Type']);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(root.Plan);
  return { nodes: nodes.join(' → '), ms: root['Execution Time'] };
}

const p = (samples, q) =>
  percentile(
    [...samples].sort((a, b) => a - b),
    q,
  );

async function measureSiteSearch(zipDir, queries, startStack) {
  const fixture = await zipFolderServer(zipDir);
  const stack = await startStack();
  try {
    const call = caller(stack);
    const orgId = (await call('GET', '/v1/orgs')).items[0].id;
    let spaceIds;
    const [seedMs] = await timed(async () => {
      spaceIds = await importZipSpaces(call, orgId, fixture.url, {
        count: SPACES,
        title: 'Site search bench',
        width: IMPORT_WIDTH,
        afterImport: (spaceId, i) => waitSearchIndexed(call, spaceId, i, PAGES),
      });
    });
    // Half the spaces at the site's root, the other half in a second section (the first gathers the root).
    const { base } = await publishSiteOfSpaces(call, orgId, 'Site search bench', spaceIds);
    const siteSpaces = (await call('GET', `${base}/site-spaces?limit=1000`)).items;
    if (siteSpaces.length !== SPACES) throw new Error(`the site has ${siteSpaces.length} site spaces, not ${SPACES}`);
    const scopes = {
      all: { mode: 'all' },
      default: { mode: 'default' },
      specific: { mode: 'specific', siteSpaceIds: [siteSpaces[Math.min(7, siteSpaces.length - 1)].id] },
    };

    const times = { floor: [] };
    const counts = {};
    for (const scope of Object.keys(scopes)) times[scope] = [];
    for (const [kind, query] of Object.entries(queries)) {
      for (const [scope, body] of Object.entries(scopes)) {
        const first = await call('POST', `${base}/search`, { query, scope: body });
        counts[`${kind}:${scope}`] = first.count ?? `sampled (${first.items.reduce((n, s) => n + s.pages.length, 0)} shown)`;
      }
      for (let i = 0; i < RUNS; i++) {
        for (const [scope, body] of Object.entries(scopes)) times[scope].push((await timed(() => call('POST', `${base}/search`, { query, scope: body })))[0]);
        times.floor.push((await timed(() => call('GET', `/v1/orgs/${orgId}/search?query=${encodeURIComponent(query)}`)))[0]);
      }
      log(`${kind} (${JSON.stringify(query)}): all p95 ${p(times.all.slice(-RUNS), 95).toFixed(1)} ms, ${counts[`${kind}:all`]} pages`);
    }
    // Three runs of each plan: the first after the stack stops reads a cold cache; the last is reported.
    for (const [kind, query] of Object.entries(queries)) for (let i = 0; i < 3; i++) stack.probe(`plan:${kind}:${i}`, PLAN_SQL, [spaceIds, query]);
    const probes = await stack.stop();
    const plans = Object.fromEntries(Object.keys(queries).map((kind) => [kind, planOf(probes[`plan:${kind}:2`])]));
    return { seedMs, times, counts, plans };
  } finally {
    await stack.stop();
    fixture.close();
  }
}

async function main() {
  process.env.BENCH_MODE ??= 'embedded';
  const dir = mkdtempSync(join(tmpdir(), 'quire-bench-site-search-'));
  const queries = makeSearchZips(join(dir, 'zips'), SPACES, PAGES);
  const { modes, results } = await measureEachMode(dir, 'site-search', (startStack) => measureSiteSearch(join(dir, 'zips'), queries, startStack));
  const ms = (t) => `p50 ${p(t, 50).toFixed(1)} ms, p95 ${p(t, 95).toFixed(1)} ms`;
  const row = (label, pick) => `| ${label} | ${modes.map((m) => pick(results[m])).join(' | ')} |`;
  const total = SPACES * PAGES;
  const report = [
    '# Site search benchmark',
    '',
    `Command: \`npm run bench -- site-search\` (BENCH_SPACES=${SPACES}, BENCH_PAGES=${PAGES}, BENCH_RUNS=${RUNS}, BENCH_MODE=${modes.join(',')}), ${new Date().toISOString().slice(0, 10)}, 2-core machine shared with other work.`,
    `A published site of ${total.toLocaleString('en')} pages: ${SPACES} spaces (bench/make-search-zips.py) in two sections. POST …/sites/{site}/search (searchSiteContent) through the gateway, default limit (20 pages, 3 sections each, snippets), ${Object.keys(queries).length} kinds of query × ${RUNS} runs per scope. Floor: organization search of the same queries over the same spaces, interleaved. Goal (issue #35 §3): p95 < 100 ms.`,
    '',
    `| measure | ${modes.join(' | ')} |`,
    `|---|${modes.map(() => '---|').join('')}`,
    row(`import + index of ${total.toLocaleString('en')} pages (wall)`, (r) => `${(r.seedMs / 1000).toFixed(1)} s`),
    row(`**site search, scope all (${total.toLocaleString('en')} pages)**`, (r) => `**${ms(r.times.all)}**`),
    row('site search, scope default (each section’s default site space)', (r) => ms(r.times.default)),
    row(`site search, scope specific (one site space, ${PAGES} pages)`, (r) => ms(r.times.specific)),
    row('floor: organization search, same queries and spaces', (r) => ms(r.times.floor)),
    ...Object.keys(queries).map((kind) =>
      row(
        `plan, \`${queries[kind].replace(/\|/g, '\\|')}\` (${kind})`,
        (r) => `${r.plans[kind].nodes}, ${r.plans[kind].ms.toFixed(1)} ms; ${r.counts[`${kind}:all`]} pages`,
      ),
    ),
    '',
  ].join('\n');
  const measures = modes.flatMap((mode) => {
    const r = results[mode];
    const floor = (q) => ({ name: 'organization search of the same queries', value: p(r.times.floor, q) });
    return [
      measure({ name: 'site search p50, scope all, 10,000 pages', mode, value: p(r.times.all, 50), unit: 'ms', floor: floor(50) }),
      measure({ name: 'site search p95, scope all, 10,000 pages', mode, value: p(r.times.all, 95), unit: 'ms', floor: floor(95), goal: { atMost: 100 } }),
      measure({ name: 'site search p95, scope default', mode, value: p(r.times.default, 95), unit: 'ms', floor: floor(95), goal: { atMost: 100 } }),
      measure({ name: 'site search p95, scope specific', mode, value: p(r.times.specific, 95), unit: 'ms', floor: floor(95), goal: { atMost: 100 } }),
    ];
  });
  writeResults('site-search', { command: 'npm run bench -- site-search', markdown: report, measures });
  process.stdout.write(report);
}

module.exports = { main };
