// Reader benchmark: the published site as visitors get it, through the gateway.
// 1. Cached page: one page of a small published site fetched again and again (wrk, after a warm-up),
//    and in the same run nginx serving the same HTML (saved from the reader's answer) from disk on
//    loopback, same tool, same connections: one connection (latency) and BENCH_CONNECTIONS (throughput).
//    No Accept-Encoding on either side: both send the page as it is. nginx missing: that column is skipped.
//    Node floors, same bytes from memory: a bare Node proxy + server (distributed's shape) and a bare
//    single Node process (embedded's: the goal there is ≥ 0.25× its requests/s).
// 2. Cold pages of a 10,000-page site (bench/make-search-zips.py's content, imported as 50 spaces of
//    200 pages into one published site of two sections): each request a page not asked before.
// 3. Publish-to-live: a change request renaming the small site's page is merged; the page is fetched
//    again and again until the new title shows (from the merge's answer), BENCH_LIVE samples.
// 4. llms-full.txt and sitemap.xml of the 10,000-page site: one answer, cold then warm (time, size).
// 5. Page view → visible in the site's aggregates (POST …/insights/events/aggregate, as
//    test/e2e/reader-insights.test.ts reads it), on a site of its own, BENCH_VIEWS samples.
// Both modes by default (BENCH_MODE). Results: bench/results/reader.md.
const { spawn, spawnSync } = require('node:child_process');
const { chmodSync, mkdirSync, mkdtempSync, writeFileSync } = require('node:fs');
const { loadavg, tmpdir } = require('node:os');
const { join } = require('node:path');
const { measure, writeResults } = require('./results');
const {
  cpuPerRequest,
  ensureWrk,
  freePort,
  importZipSpaces,
  log,
  makeSearchZips,
  medianBy,
  percentile,
  publishSiteOfSpaces,
  stopChild,
  spawnBareNodeProxy,
  timed,
  waitSearchIndexed,
  wrkRun,
} = require('./support');
const { caller, zipFolderServer, measureEachMode } = require('./content-stacks');

const SPACES = Number(process.env.BENCH_SPACES ?? 50);
const PAGES = Number(process.env.BENCH_PAGES ?? 200);
const COLD = Number(process.env.BENCH_COLD ?? 200);
const LIVE = Number(process.env.BENCH_LIVE ?? 20);
const VIEWS = Number(process.env.BENCH_VIEWS ?? 5);
const DURATION = process.env.BENCH_DURATION ?? '10s';
const WARMUP = process.env.BENCH_WARMUP ?? '3s';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** Rounds of the cached page against its Node floors (see cachedRounds). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LIVE_TIMEOUT_MS = 30_000;
const VIEW_TIMEOUT_MS = 60_000;
// In distributed mode, the processes a published page needs (the bench stack starts only what a bench uses).
const PROCESSES = ['identity', 'content', 'sites', 'insights', 'insights-consumer', 'reader'];

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((bin) => spawnSync(bin, ['-v'], { stdio: 'ignore' }).status === 0);

const p = (samples, q) =>
  percentile(
    [...samples].sort((a, b) => a - b),
    q,
  );
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A documentation page of the usual kinds of blocks (headings, lists, code, a table, a hint). */
function guideMarkdown(n) {
  const para =
    'Quire serves every published site to its readers as HTML rendered on the server, with the page tree, the table of contents and search around it.';
  return [
    `# Guide ${n}`,
    '',
    `${para} ${para}`,
    '',
    '## Install',
    '',
    '1. Download the release.',
    '2. Unpack it next to the data folder.',
    '3. Start it with `npm start`.',
    '',
    '```js',
    "import { createServer } from 'node:http';",
    "createServer((req, res) => res.end('hello')).listen(8080);",
    '```',
    '',
    '## Settings',
    '',
    '| name | default | meaning |',
    '|---|---|---|',
    '| `PORT` | `8080` | where it listens |',
    '| `DATA_DIR` | `./data` | where it writes |',
    '',
    '> The settings are read once, at start.',
    '',
    `### Upgrading\n\n${para}\n\n- [ ] back up\n- [x] read the notes\n`,
  ].join('\n');
}

/** A published one-space site of `count` guide pages: `{ siteId, spaceId, url }` (url: the site's path on the gateway). */
async function smallSite(call, orgId, title, count) {
  const spaceId = (await call('POST', `/v1/orgs/${orgId}/spaces`, { title })).id;
  await mergeChanges(
    call,
    spaceId,
    Array.from({ length: count }, (_, n) => ({ operation: 'insert_page', ref: `p${n}`, document: { markdown: guideMarkdown(n) } })),
  );
  const { siteId, base } = await publishSiteOfSpaces(call, orgId, title, [spaceId]);
  const published = (await call('GET', base)).urls.published;
  return { siteId, spaceId, url: new URL(published).pathname };
}

/** A change request of `changes` merged into main; answers the change request's content answer. */
async function mergeChanges(call, spaceId, changes) {
  const cr = (await call('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Reader bench' })).id;
  const answer = await call('POST', `/v1/spaces/${spaceId}/change-requests/${cr}/content`, { changes });
  const merged = await call('POST', `/v1/spaces/${spaceId}/change-requests/${cr}/merge`);
  if (merged.result !== 'merge') throw new Error(`change request ${cr} did not merge: ${merged.result}`);
  return answer;
}

async function get(url) {
  const res = await fetch(url);
  const body = await res.text();
  return { status: res.status, body, bytes: Buffer.byteLength(body) };
}

/** One answer of `url` and how long it took: `{ ms, status, body, bytes }`. */
async function timedGet(url) {
  const [ms, answer] = await timed(() => get(url));
  return { ms, ...answer };
}

/** Publish-to-live: rename the page, then poll it until the new title shows. */
async function publishToLive(call, site, pageId, pageUrl) {
  const samples = [];
  const mergeTimes = [];
  // Fetches until the change showed (1: the first answer after the merge had it): tells a stale
  // answer from a slow one.
  const fetches = [];
  for (let i = 0; i < LIVE; i++) {
    const title = `Live title ${i} ${Date.now().toString(36)}`;
    const [mergeMs] = await timed(() => mergeChanges(call, site.spaceId, [{ operation: 'update_page', page: pageId, title }]));
    const merged = performance.now();
    for (let n = 1; ; n++) {
      const { body } = await get(pageUrl);
      if (body.includes(title)) {
        fetches.push(n);
        break;
      }
      if (performance.now() - merged > LIVE_TIMEOUT_MS) throw new Error(`"${title}" not live on ${pageUrl} after ${LIVE_TIMEOUT_MS} ms`);
    }
    samples.push(performance.now() - merged);
    mergeTimes.push(mergeMs);
  }
  log(`publish-to-live p50 ${p(samples, 50).toFixed(1)} ms, p99 ${p(samples, 99).toFixed(1)} ms, fetches until live: ${fetches.join(' ')}`);
  return { samples, mergeTimes, fetches };
}

/** Page view → counted in the site's aggregate: one view at a time, the aggregate polled every 100 ms. */
async function viewToAggregate(call, base, site, orgId) {
  const views = async () => {
    const body = await call('POST', `/v1/orgs/${orgId}/sites/${site.siteId}/insights/events/aggregate`, {
      range: 'last24Hours',
      select: [{ column: 'eventType' }, { column: 'eventsCount' }],
      groupBy: [{ column: 'eventType' }],
    });
    const types = body.columns.find((c) => c.column === 'eventType')?.values ?? [];
    const counts = body.columns.find((c) => c.column === 'eventsCount')?.values ?? [];
    return types.reduce((n, type, i) => (type === 'page_view' ? n + Number(counts[i]) : n), 0);
  };
  const samples = [];
  for (let i = 0; i < VIEWS; i++) {
    const before = await views();
    const started = performance.now();
    const { status } = await get(`${base}${site.url}`);
    if (status !== 200) throw new Error(`the counted page answered ${status}`);
    while ((await views()) <= before) {
      if (performance.now() - started > VIEW_TIMEOUT_MS) throw new Error(`a page view not in the aggregate after ${VIEW_TIMEOUT_MS} ms`);
      await sleep(100);
    }
    samples.push(performance.now() - started);
  }
  log(`page view → aggregate: ${samples.map((ms) => Math.round(ms)).join(', ')} ms`);
  return samples;
}

function nginxConf(dir, port) {
  return `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr warn;
daemon off;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${dir}/www;
    location / { default_type text/html; }
  }
}`;
}

/** nginx serving `html` from disk as /page.html, for `fn(url)`; stopped after. Answers fn's answer. */
async function withNginx(dir, html, fn) {
  mkdirSync(join(dir, 'www'), { recursive: true });
  writeFileSync(join(dir, 'www/page.html'), html);
  // Started by root, nginx's worker runs as nobody: it must reach the file through mkdtemp's 0700 folder.
  for (const folder of [join(dir, '..'), dir, join(dir, 'www')]) chmodSync(folder, 0o755);
  const port = await freePort();
  writeFileSync(join(dir, 'nginx.conf'), nginxConf(dir, port));
  const child = spawn(NGINX, ['-e', 'stderr', '-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    const url = `http://127.0.0.1:${port}/page.html`;
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}) at start`);
      if ((await get(url).catch(() => ({ status: 0 }))).status === 200) break;
      if (i > 100) throw new Error('nginx did not answer');
      await sleep(100);
    }
    return await fn(url);
  } finally {
    await stopChild(child);
  }
}

// The second floor: the least any Node gateway in front of any Node service can cost. A static
// server answering the same bytes from memory, behind a proxy doing only what forwarding needs
// (support.js spawnBareNodeProxy: keep-alive agent, headers and body piped): two processes, two
// HTTP hops, as a page through the gateway and the reader, with no work of either. Its requests/s
// bound what the reader's architecture can reach on this machine, whatever the reader does.
const NODE_ORIGIN = `const b = require('fs').readFileSync(process.argv[1]);
require('http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': b.length }); s.end(b); }).listen(Number(process.argv[2]), '127.0.0.1');`;

/**
 * A Node floor, started: the bare Node server answering `html` from memory, alone (`proxied: false`,
 * embedded mode's floor: one process, one hop, as embedded Quire serves a page) or behind the bare
 * Node proxy (distributed mode's: two processes, two hops). Its `url`, and `stop()`.
 */
async function startNodeFloor(dir, html, { proxied }) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'page.html'), html);
  const [originPort, proxyPort] = [await freePort(), await freePort()];
  const children = [spawn(process.execPath, ['-e', NODE_ORIGIN, join(dir, 'page.html'), String(originPort)], { stdio: ['ignore', 'ignore', 'inherit'] })];
  if (proxied) children.push(spawnBareNodeProxy(proxyPort, originPort));
  const stop = () => Promise.all(children.map(stopChild));
  try {
    const url = `http://127.0.0.1:${proxied ? proxyPort : originPort}/page.html`;
    for (let i = 0; (await get(url).catch(() => ({ status: 0 }))).status !== 200; i++) {
      if (i > 100) throw new Error(`the Node floor (${proxied ? 'proxy + server' : 'bare server'}) did not answer`);
      await sleep(100);
    }
    return { url, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** wrk at `connections` on `url` after an unmeasured warm-up; a slow target is measured, not failed (wrk's 2 s timeout would count its answers as errors). */
function warmedRun(url, connections, label) {
  wrkRun(url, {}, WARMUP, { connections, timeout: '30s' });
  return wrkRun(url, {}, DURATION, { connections, label, timeout: '30s' });
}

/**
 * The cached page and its two Node floors at CONNECTIONS, in ROUNDS rounds of the three back to back.
 * This machine's speed drifts by a fifth from one minute to the next (floors of 4,300 to 7,100 req/s
 * in runs of one afternoon), so a ratio is taken within a round, a minute apart at most, and the
 * report gives the round with the median ratio beside every round's.
 */
function cachedRounds(pageUrl, floors) {
  return Array.from({ length: ROUNDS }, (_, i) => ({
    reader: warmedRun(pageUrl, CONNECTIONS, `reader, cached page (round ${i + 1} of ${ROUNDS})`),
    pair: warmedRun(floors.pair.url, CONNECTIONS, `Node proxy + Node server, same HTML (round ${i + 1})`),
    bare: warmedRun(floors.bare.url, CONNECTIONS, `bare Node server, same HTML (round ${i + 1})`),
  }));
}

/** The round whose reader ÷ `floor` ratio is the median one. */
const medianRound = (rounds, floor) => medianBy(rounds, (round) => round.reader.rps / round[floor].rps);

/** wrk at one connection and at CONNECTIONS on `url` (once when that is 1: the smoke run), each after an unmeasured warm-up. */
function wrkPair(label, url) {
  const runs = {};
  for (const connections of new Set([1, CONNECTIONS])) runs[connections] = warmedRun(url, connections, label);
  return runs;
}

async function measureReader(dir, zipDir, startStack, mode) {
  const fixture = await zipFolderServer(zipDir);
  const stack = await startStack();
  try {
    const call = caller(stack);
    const orgId = (await call('GET', '/v1/orgs')).items[0].id;

    // The 10,000-page site.
    let spaceIds;
    const [importMs] = await timed(async () => {
      // Indexed too: the import's follow-up work (search indexing) would otherwise run under the cold pages.
      spaceIds = await importZipSpaces(call, orgId, fixture.url, {
        count: SPACES,
        title: 'Reader bench',
        width: 2,
        afterImport: (spaceId, i) => waitSearchIndexed(call, spaceId, i, PAGES),
      });
    });
    const big = await publishSiteOfSpaces(call, orgId, 'Reader bench', spaceIds);
    const bigUrl = new URL((await call('GET', big.base)).urls.published).pathname;
    log(`${SPACES * PAGES} pages imported, indexed and published in ${Math.round(importMs / 1000)} s`);

    // 4 (cold): the sitemap first (it also lists the pages for 2), then llms-full.txt after the cold pages.
    const sitemap = { cold: await timedGet(`${stack.base}${bigUrl}sitemap.xml`) };
    if (sitemap.cold.status !== 200) throw new Error(`sitemap.xml answered ${sitemap.cold.status}`);
    const pageUrls = [...sitemap.cold.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    log(`sitemap.xml: ${pageUrls.length} pages, ${sitemap.cold.bytes} bytes, ${Math.round(sitemap.cold.ms)} ms`);

    // 2. Cold pages: every request a page not asked before, spread over every site space.
    const step = Math.max(1, Math.floor(pageUrls.length / COLD));
    const cold = [];
    // Answers other than 200 (a 503 page past READER_ANSWER_TIMEOUT_MS) are counted and timed, not fatal.
    const coldFailed = {};
    for (let i = 0; i < COLD && i * step < pageUrls.length; i++) {
      const answer = await timedGet(`${stack.base}${pageUrls[i * step]}`);
      if (answer.status === 404) throw new Error(`cold page ${pageUrls[i * step]} answered 404`);
      if (answer.status !== 200) coldFailed[answer.status] = (coldFailed[answer.status] ?? 0) + 1;
      cold.push(answer.ms);
    }
    log(`cold pages: p50 ${p(cold, 50).toFixed(1)} ms, p99 ${p(cold, 99).toFixed(1)} ms (${cold.length} pages, not 200: ${JSON.stringify(coldFailed)})`);

    const llms = { cold: await timedGet(`${stack.base}${bigUrl}llms-full.txt`) };
    llms.warm = await timedGet(`${stack.base}${bigUrl}llms-full.txt`);
    sitemap.warm = await timedGet(`${stack.base}${bigUrl}sitemap.xml`);
    for (const [name, answers] of Object.entries({ 'llms-full.txt': llms, 'sitemap.xml': sitemap }))
      log(
        `${name}: cold ${answers.cold.status} ${Math.round(answers.cold.ms)} ms, warm ${answers.warm.status} ${Math.round(answers.warm.ms)} ms, ${answers.warm.bytes} bytes`,
      );

    // 3. Publish-to-live on a small site, then 1 on its page once the page is settled.
    const small = await smallSite(call, orgId, 'Reader bench guides', 12);
    const pageId = (await call('GET', `/v1/spaces/${small.spaceId}/content/pages`)).pages[1].id;
    const pageUrl = `${stack.base}${small.url}guide-1`;
    const first = await get(pageUrl);
    if (first.status !== 200) throw new Error(`${pageUrl} answered ${first.status}`);
    const live = await publishToLive(call, small, pageId, pageUrl);

    // 5. On a site of its own, so the other parts' views do not blur the count.
    const counted = await smallSite(call, orgId, 'Reader bench counted', 2);
    const views = await viewToAggregate(call, stack.base, counted, orgId);

    // 1. The cached page at one connection, then against its Node floors in rounds, then nginx with the same bytes.
    const html = (await get(pageUrl)).body;
    const reader = { 1: warmedRun(pageUrl, 1, 'reader, cached page') };
    const floors = {
      pair: await startNodeFloor(join(dir, 'node-proxy'), html, { proxied: true }),
      bare: await startNodeFloor(join(dir, 'node-bare'), html, { proxied: false }),
    };
    let rounds;
    let cpu;
    try {
      rounds = cachedRounds(pageUrl, floors);
      // 6. Where a cached request's CPU goes: the same load again, each process's CPU read around it.
      cpu = cpuPerRequest(stack.pids(), () =>
        wrkRun(pageUrl, {}, DURATION, { connections: CONNECTIONS, label: 'reader, cached page (CPU per process)', timeout: '30s' }),
      );
    } finally {
      await Promise.all([floors.pair.stop(), floors.bare.stop()]);
    }
    const pairRound = medianRound(rounds, 'pair');
    const bareRound = medianRound(rounds, 'bare');
    // The headline run is the round that decides this mode's goal: the pair for distributed mode, the bare server for embedded.
    reader[CONNECTIONS] = (mode === 'embedded' ? bareRound : pairRound).reader;
    const nodeProxy = { [CONNECTIONS]: pairRound.pair };
    const nodeBare = { [CONNECTIONS]: bareRound.bare };
    const nginx = NGINX ? await withNginx(join(dir, 'nginx'), html, async (url) => wrkPair('nginx, same HTML from disk', url)) : undefined;
    if (!NGINX) log('nginx is not installed (/usr/sbin/nginx): the nginx column is skipped');
    return {
      load: loadavg()[0],
      importMs,
      pages: pageUrls.length,
      cold,
      coldFailed,
      sitemap,
      llms,
      live,
      views,
      reader,
      rounds,
      pairRound,
      bareRound,
      cpu,
      nginx,
      nodeProxy,
      nodeBare,
      htmlBytes: Buffer.byteLength(html),
    };
  } finally {
    await stack.stop();
    fixture.close();
  }
}

/**
 * Where a cached page's CPU goes, per process (µs per request, from /proc around a run at
 * CONNECTIONS), largest first: in distributed mode the gateway, the reader, sites and content (the
 * resolution and reads a cached answer still makes), insights (counting the view), its consumer,
 * Kafka and ClickHouse (ingesting it), Redis and PostgreSQL.
 */
function cpuTable(mode, cpu) {
  const rows = Object.entries(cpu.cpuUs).sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, us]) => sum + us, 0);
  return [
    `CPU per cached request, ${mode} mode (${Math.round(cpu.rps)} req/s at ${CONNECTIONS} connections; total ${Math.round(total)} µs):`,
    '',
    '| process | CPU µs / request | share |',
    '|---|---|---|',
    ...rows.map(([name, us]) => `| ${name} | ${Math.round(us)} | ${total > 0 ? Math.round((us / total) * 100) : 0}% |`),
    '',
  ];
}

async function main() {
  ensureWrk();
  const dir = mkdtempSync(join(tmpdir(), 'quire-bench-reader-'));
  makeSearchZips(join(dir, 'zips'), SPACES, PAGES);
  const { modes, results } = await measureEachMode(dir, 'reader', (startStack, mode) => measureReader(dir, join(dir, 'zips'), startStack, mode), {
    processes: PROCESSES,
  });
  const row = (label, pick) => `| ${label} | ${modes.map((m) => pick(results[m])).join(' | ')} |`;
  const ms = (t) => `p50 ${p(t, 50).toFixed(1)} ms, p99 ${p(t, 99).toFixed(1)} ms`;
  const wrkCell = (r) => (r ? `${Math.round(r.rps)} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms` : 'skipped (no nginx)');
  const ratio = (r, c) => (r.nginx ? `${(r.reader[c].rps / r.nginx[c].rps).toPrecision(2)}×` : '–');
  const ratioOf = (round, floor) => `${(round.reader.rps / round[floor].rps).toPrecision(2)}×`;
  const roundRatios = (r, floor, median) => `**${ratioOf(r[median], floor)}** (${r.rounds.map((round) => ratioOf(round, floor)).join(', ')})`;
  const answer = (a) => (a.status === 200 ? `${Math.round(a.ms)} ms, ${(a.bytes / 1e6).toFixed(2)} MB` : `**${a.status}** after ${Math.round(a.ms)} ms`);
  const total = (SPACES * PAGES).toLocaleString('en');
  const failures = (byStatus) =>
    Object.entries(byStatus)
      .map(([status, n]) => `; **${n} answered ${status}**`)
      .join('');
  const report = [
    '# Reader benchmark',
    '',
    `Command: \`npm run bench -- reader\` (BENCH_MODE=${modes.join(',')}, BENCH_CONNECTIONS=${CONNECTIONS}, BENCH_DURATION=${DURATION} after ${WARMUP} of warm-up, BENCH_COLD=${COLD}, BENCH_LIVE=${LIVE}, BENCH_VIEWS=${VIEWS}), ${new Date().toISOString().slice(0, 10)}, 2-core machine shared with other work.`,
    `Published pages through the gateway (wrk, 2 threads, no Accept-Encoding). Cached page: one page (${results[modes[0]].htmlBytes.toLocaleString('en')} bytes of HTML) of a 12-page site, fetched again and again; floor: nginx (1 worker) serving the same HTML from disk on loopback, same run, same wrk; second floor: a bare Node keep-alive proxy in front of a bare Node server answering the same bytes from memory (the gateway → service shape with no work in either); embedded floor: that bare Node server alone (one process, as embedded Quire answers a page). Cold pages: ${COLD} different pages of a ${total}-page site (${SPACES} spaces of ${PAGES} pages, two sections), one at a time, each asked once. Publish-to-live: a merged change request renaming the page, from the merge's answer until the page shows the new title (polled back to back). Page view → aggregate: one view, then POST …/insights/events/aggregate every 100 ms until it counts it. Goals (issues #36 §6 and #47 §4): cached ≥ 0.5× nginx requests/s and p50 < 10 ms; distributed cached ≥ 0.5× the bare Node proxy + server and embedded cached ≥ 0.25× the bare single Node process, each the median of ${ROUNDS} rounds (a round: the reader, the pair and the bare server back to back at ${CONNECTIONS} connections); cold p50 < 50 ms; publish-to-live p50 ≤ 100 ms, p99 ≤ 1 s.`,
    '',
    `| measure | ${modes.join(' | ')} |`,
    `|---|${modes.map(() => '---|').join('')}`,
    row(`**cached page, ${CONNECTIONS} connections**`, (r) => `**${wrkCell(r.reader[CONNECTIONS])}**`),
    row(`floor: nginx, same HTML, ${CONNECTIONS} connections`, (r) => wrkCell(r.nginx?.[CONNECTIONS])),
    row('reader / nginx requests/s (goal ≥ 0.5×)', (r) => ratio(r, CONNECTIONS)),
    row(`floor: a bare Node proxy in front of a bare Node server, same HTML, ${CONNECTIONS} connections`, (r) => wrkCell(r.nodeProxy[CONNECTIONS])),
    row('bare Node proxy + server / nginx (what the gateway → service shape allows at best)', (r) =>
      r.nginx ? `${(r.nodeProxy[CONNECTIONS].rps / r.nginx[CONNECTIONS].rps).toPrecision(2)}×` : '–',
    ),
    row(`**reader / bare Node proxy + server** (goal in distributed mode ≥ 0.5×; the median of ${ROUNDS} rounds, then each round's)`, (r) =>
      roundRatios(r, 'pair', 'pairRound'),
    ),
    row(`floor: a bare single Node process serving the same HTML from memory, ${CONNECTIONS} connections`, (r) => wrkCell(r.nodeBare[CONNECTIONS])),
    row(`**reader / bare single Node process** (goal in embedded mode ≥ 0.25×; the median of ${ROUNDS} rounds, then each round's)`, (r) =>
      roundRatios(r, 'bare', 'bareRound'),
    ),
    row('reader, each round (req/s)', (r) => r.rounds.map((round) => Math.round(round.reader.rps)).join(', ')),
    row('**cached page, 1 connection** (goal p50 < 10 ms)', (r) => `**${wrkCell(r.reader[1])}**`),
    row('floor: nginx, same HTML, 1 connection', (r) => wrkCell(r.nginx?.[1])),
    row(`**cold page of a ${total}-page site** (goal p50 < 50 ms)`, (r) => `**${ms(r.cold)}**${failures(r.coldFailed)}`),
    row(`**publish-to-live** (${LIVE} merges; goal p50 ≤ 100 ms, p99 ≤ 1 s)`, (r) => `**${ms(r.live.samples)}**`),
    row('the merge call itself', (r) => ms(r.live.mergeTimes)),
    row('fetches until live (1: the first answer after the merge had it)', (r) => `median ${p(r.live.fetches, 50)}, max ${Math.max(...r.live.fetches)}`),
    row('`llms-full.txt`, cold', (r) => answer(r.llms.cold)),
    row('`llms-full.txt`, warm', (r) => answer(r.llms.warm)),
    row('`sitemap.xml`, cold', (r) => `${answer(r.sitemap.cold)}, ${r.pages.toLocaleString('en')} URLs`),
    row('`sitemap.xml`, warm', (r) => answer(r.sitemap.warm)),
    row(`page view → visible in the aggregates (${VIEWS} views)`, (r) => `p50 ${Math.round(p(r.views, 50))} ms, max ${Math.round(Math.max(...r.views))} ms`),
    row(`import + index + publish of the ${total}-page site (wall)`, (r) => `${(r.importMs / 1000).toFixed(1)} s`),
    row('load average (1 min) at the end: the machine is shared', (r) => r.load.toFixed(1)),
    '',
    ...modes.flatMap((mode) => cpuTable(mode, results[mode].cpu)),
  ].join('\n');
  const measures = modes.flatMap((mode) => {
    const r = results[mode];
    const floor = (c, key) =>
      r.nginx ? { name: `nginx serving the same HTML from disk, ${c} connection${c === 1 ? '' : 's'}`, value: r.nginx[c][key] } : undefined;
    const timeOf = (a) => (a.status === 200 ? [a.ms] : []);
    return [
      measure({
        name: `cached page req/s, ${CONNECTIONS} connections`,
        mode,
        value: r.reader[CONNECTIONS].rps,
        unit: 'req/s',
        floor: floor(CONNECTIONS, 'rps'),
        goal: { ratioAtLeast: 0.5 },
      }),
      // Embedded mode serves a page from one process, so its floor is one bare Node process; distributed
      // mode's is the proxy pair above (no goal against the single process: it has two hops to pay).
      measure({
        name: `cached page req/s vs a bare single Node process, ${CONNECTIONS} connections (median of ${ROUNDS} rounds)`,
        mode,
        value: r.bareRound.reader.rps,
        unit: 'req/s',
        floor: { name: `a bare single Node process serving the same HTML from memory, ${CONNECTIONS} connections`, value: r.bareRound.bare.rps },
        ...(mode === 'embedded' ? { goal: { ratioAtLeast: 0.25 } } : {}),
      }),
      measure({
        name: `cached page req/s vs a bare Node proxy + Node server, ${CONNECTIONS} connections (median of ${ROUNDS} rounds)`,
        mode,
        value: r.pairRound.reader.rps,
        unit: 'req/s',
        floor: { name: `a bare Node proxy in front of a bare Node server, same HTML, ${CONNECTIONS} connections`, value: r.pairRound.pair.rps },
        ...(mode === 'distributed' ? { goal: { ratioAtLeast: 0.5 } } : {}),
      }),
      measure({ name: `cached page p50, ${CONNECTIONS} connections`, mode, value: r.reader[CONNECTIONS].p50, unit: 'ms', floor: floor(CONNECTIONS, 'p50') }),
      measure({
        name: `bare Node proxy + Node server req/s, ${CONNECTIONS} connections (the architecture's ceiling)`,
        mode,
        value: r.nodeProxy[CONNECTIONS].rps,
        unit: 'req/s',
        floor: floor(CONNECTIONS, 'rps'),
      }),
      measure({ name: 'cached page p50, 1 connection', mode, value: r.reader[1].p50, unit: 'ms', floor: floor(1, 'p50'), goal: { atMost: 10 } }),
      measure({ name: 'cached page p99, 1 connection', mode, value: r.reader[1].p99, unit: 'ms', floor: floor(1, 'p99') }),
      measure({ name: 'cold page p50, 10,000-page site', mode, value: p(r.cold, 50), unit: 'ms', goal: { atMost: 50 } }),
      measure({ name: 'cold page p99, 10,000-page site', mode, value: p(r.cold, 99), unit: 'ms' }),
      measure({ name: 'publish-to-live p50', mode, value: p(r.live.samples, 50), unit: 'ms', goal: { atMost: 100 } }),
      measure({ name: 'publish-to-live p99', mode, value: p(r.live.samples, 99), unit: 'ms', goal: { atMost: 1000 } }),
      ...timeOf(r.llms.cold).map((value) => measure({ name: 'llms-full.txt, 10,000 pages, cold', mode, value, unit: 'ms' })),
      ...timeOf(r.llms.warm).map((value) => measure({ name: 'llms-full.txt, 10,000 pages, warm', mode, value, unit: 'ms' })),
      ...timeOf(r.sitemap.cold).map((value) => measure({ name: 'sitemap.xml, 10,000 pages, cold', mode, value, unit: 'ms' })),
      ...timeOf(r.sitemap.warm).map((value) => measure({ name: 'sitemap.xml, 10,000 pages, warm', mode, value, unit: 'ms' })),
      measure({ name: 'page view → visible in the aggregates, p50', mode, value: p(r.views, 50), unit: 'ms' }),
      measure({ name: 'cached page CPU per request, all processes', mode, value: Object.values(r.cpu.cpuUs).reduce((a, b) => a + b, 0), unit: 'µs' }),
    ];
  });
  writeResults('reader', { command: 'npm run bench -- reader', markdown: report, measures });
  process.stdout.write(report);
}

module.exports = { main };
