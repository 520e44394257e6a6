// Content benchmark (embedded mode, through the gateway):
// 1. import of a zip of 1,000 markdown pages (~5 MB) with 100 images: pages/s end to end, side by
//    side with the floor in the same run — the same zip read, tree built and every page converted
//    to a GitBook document in this process, no HTTP, no database;
// 2. GET content/pages and GET content/page/{id} of the 1,000-page space (p50, p99);
// 3. the rows one revision writes when it changes 1 page of 1,000 (a page import).
// Results: bench/results/content.md.
const { spawnSync } = require('node:child_process');
const { mkdtempSync, readFileSync } = require('node:fs');
const { measure, writeResults } = require('./results');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { ROOT, log, summary, timed } = require('./support');
const { MODES, caller, fixtureServer } = require('./content-stacks');

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const READS = Number(process.env.BENCH_READS ?? 200);

/** The 1,000-page zip of bench/make-content-zip.py (BENCH_CONTENT_FOLDERS of 100 pages: 10 unless set; the smoke run's 2). */
function makeZip(dir) {
  const out = join(dir, 'content.zip');
  const made = spawnSync('python3', [join(ROOT, 'bench/make-content-zip.py'), out, process.env.BENCH_CONTENT_FOLDERS ?? '10'], { stdio: 'inherit' });
  if (made.status !== 0) throw new Error('bench/make-content-zip.py failed');
  return readFileSync(out);
}

const countPages = (pages) => pages.reduce((n, p) => n + 1 + countPages(p.pages), 0);

/** The floor: read the zip, build the tree and convert every page to a document, in process. */
async function floor(zip) {
  const { readZipContent, markdownToDocument } = require(join(ROOT, 'packages/formats/dist/index.js'));
  const { DEFAULT_IMPORT_LIMITS } = require(join(ROOT, 'services/content/dist/settings.js'));
  const rates = [];
  let pages = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const content = await readZipContent(zip, DEFAULT_IMPORT_LIMITS);
    const walk = (list) => list.forEach((p) => (markdownToDocument(p.markdown), walk(p.pages)));
    walk(content.pages);
    const ms = performance.now() - started;
    pages = countPages(content.pages);
    rates.push((pages / ms) * 1000);
    log(`floor run ${i + 1}/${RUNS}: ${pages} pages in ${Math.round(ms)} ms`);
  }
  return { pages, rates };
}

async function endToEnd(zip, startStack) {
  const fixture = await fixtureServer((path) => {
    if (path === '/content.zip') return ['application/zip', zip];
    if (path === '/one-page.md') return ['text/markdown', '# One page\n\nA new body for one page of 1,000.\n'];
  });
  const fixtureUrl = fixture.url;
  const stack = await startStack();
  try {
    const call = caller(stack);
    const orgId = (await call('GET', '/v1/orgs')).items[0].id;
    const rates = [];
    let spaceId;
    for (let i = 0; i < RUNS; i++) {
      spaceId = (await call('POST', `/v1/orgs/${orgId}/spaces`, { title: `Bench ${i}` })).id;
      const [ms, result] = await timed(() => call('POST', `/v1/spaces/${spaceId}/content/import`, { source: 'zip', url: `${fixtureUrl}/content.zip` }));
      const pages = countPages((await call('GET', `/v1/spaces/${spaceId}/content/pages`)).pages);
      rates.push((pages / ms) * 1000);
      log(`import run ${i + 1}/${RUNS}: ${pages} pages, ${result.importedResources} resources in ${Math.round(ms)} ms`);
    }
    const tree = (await call('GET', `/v1/spaces/${spaceId}/content/pages`)).pages;
    const ids = [];
    const walk = (list) => list.forEach((p) => (ids.push(p.id), walk(p.pages)));
    walk(tree);
    const listTimes = [];
    for (let i = 0; i < Math.max(Math.min(20, READS), READS / 4); i++)
      listTimes.push((await timed(() => call('GET', `/v1/spaces/${spaceId}/content/pages`)))[0]);
    // The floor of any read through the gateway: a space by id (token, membership, one row).
    const spaceTimes = [];
    for (let i = 0; i < READS; i++) spaceTimes.push((await timed(() => call('GET', `/v1/spaces/${spaceId}`)))[0]);
    const pageTimes = [];
    for (let i = 0; i < READS; i++) pageTimes.push((await timed(() => call('GET', `/v1/spaces/${spaceId}/content/page/${ids[(i * 37) % ids.length]}`)))[0]);
    const documentTimes = [];
    for (let i = 0; i < READS; i++)
      documentTimes.push((await timed(() => call('GET', `/v1/spaces/${spaceId}/content/page/${ids[(i * 37) % ids.length]}?format=document`)))[0]);
    const onePage = await call('POST', `/v1/spaces/${spaceId}/content/page/${ids[Math.floor(ids.length / 2)]}/import`, {
      source: 'markdown',
      url: `${fixtureUrl}/one-page.md`,
    });
    stack.probe('rows', ROWS_OF_REVISION, [onePage.revision]);
    const probes = await stack.stop();
    return { pages: ids.length, rates, listTimes, spaceTimes, pageTimes, documentTimes, rows: probes.rows[0] };
  } finally {
    await stack.stop();
    fixture.close();
  }
}

// Bodies are content-addressed: the rows a revision adds are the bodies it holds that its parent does not.
const ROWS_OF_REVISION = `WITH r AS (SELECT tree, parents[1] AS parent FROM revisions WHERE id = $1),
       mine AS (SELECT DISTINCT p->>'body' AS body FROM r, jsonb_array_elements(r.tree->'pages') p WHERE p ? 'body'),
       theirs AS (SELECT DISTINCT p->>'body' AS body FROM r, revisions pr, jsonb_array_elements(pr.tree->'pages') p WHERE pr.id = r.parent AND p ? 'body')
  SELECT (SELECT count(*)::int FROM mine WHERE body NOT IN (SELECT body FROM theirs)) AS bodies,
         (SELECT jsonb_array_length(tree->'pages') FROM r) AS pages`;

async function main() {
  const modes = (process.env.BENCH_MODE ?? 'embedded,distributed').split(',');
  const dir = mkdtempSync(join(tmpdir(), 'quire-bench-content-'));
  const zip = makeZip(dir);
  log(`zip: ${(zip.length / 1e6).toFixed(1)} MB; ${RUNS} runs each; modes: ${modes.join(', ')}`);
  const direct = await floor(zip);
  const results = {};
  for (const mode of modes) {
    if (!MODES[mode]) throw new Error(`BENCH_MODE: unknown mode ${mode} (embedded, distributed)`);
    log(`${mode} mode`);
    results[mode] = await endToEnd(zip, MODES[mode](join(dir, mode), 'content'));
  }
  const rate = (r) => `${Math.round(summary(r).p50)} pages/s (min ${Math.round(summary(r).min)}, max ${Math.round(summary(r).max)})`;
  const ms = (t) => `p50 ${summary(t).p50.toFixed(1)} ms, p99 ${summary(t).p99.toFixed(1)} ms`;
  const row = (label, pick) => `| ${label} | ${modes.map((m) => pick(results[m])).join(' | ')} |`;
  const first = results[modes[0]];
  const report = [
    '# Content benchmark',
    '',
    `Command: \`npm run bench -- content\` (BENCH_RUNS=${RUNS}, BENCH_READS=${READS}, BENCH_MODE=${modes.join(',')}), ${new Date().toISOString().slice(0, 10)}, 2-core machine.`,
    `Zip: ${first.pages} markdown pages in 10 folders, 100 PNG images, ${(zip.length / 1e6).toFixed(1)} MB compressed (bench/make-content-zip.py).`,
    'Embedded: `npm start` (PGlite, blobs on disk, in-memory cache). Distributed: identity, content and gateway processes on PostgreSQL (blobs in it), Redis and Kafka.',
    '',
    `| measure | ${modes.join(' | ')} |`,
    `|---|${modes.map(() => '---|').join('')}`,
    row('import through the gateway (POST content/import → 201: fetch, unzip, tree, links, blobs, revision)', (r) => rate(r.rates)),
    row('floor: unzip + tree + markdown → document for every page, in process', () => rate(direct.rates)),
    row('end to end ÷ floor', (r) => `${(summary(r.rates).p50 / summary(direct.rates).p50).toFixed(2)}×`),
    row(`GET content/pages (${first.pages} pages)`, (r) => ms(r.listTimes)),
    row('GET content/page/{id} (markdown)', (r) => ms(r.pageTimes)),
    row('GET content/page/{id}?format=document', (r) => ms(r.documentTimes)),
    row('floor for reads: GET /v1/spaces/{id} through the same gateway', (r) => ms(r.spaceTimes)),
    row(`rows written by a revision that changes 1 page of ${first.rows.pages} (page import)`, (r) => `1 revision row + ${r.rows.bodies} page body row(s)`),
    '',
  ].join('\n');
  const floorRate = { name: 'unzip + tree + markdown → document in process', value: summary(direct.rates).p50 };
  const readFloor = (r) => ({ name: 'GET /v1/spaces/{id} through the same gateway', value: summary(r.spaceTimes).p50 });
  const measures = modes.flatMap((mode) => {
    const r = results[mode];
    return [
      measure({ name: 'zip import through the gateway', mode, value: summary(r.rates).p50, unit: 'pages/s', floor: floorRate, goal: { ratioAtLeast: 0.5 } }),
      measure({ name: 'GET content/pages p50', mode, value: summary(r.listTimes).p50, unit: 'ms', floor: readFloor(r) }),
      measure({ name: 'GET content/page/{id} p50', mode, value: summary(r.pageTimes).p50, unit: 'ms', floor: readFloor(r) }),
      measure({ name: 'GET content/page/{id}?format=document p50', mode, value: summary(r.documentTimes).p50, unit: 'ms', floor: readFloor(r) }),
      measure({ name: 'page body rows written by a one-page revision', mode, value: r.rows.bodies, unit: 'rows', goal: { atMost: 1 } }),
    ];
  });
  writeResults('content', { command: 'npm run bench -- content', markdown: report, measures });
  process.stdout.write(report);
}

module.exports = { main, makeZip, countPages };
