// Published-site search under load (the reader's `~search?q=`, anonymous): 12 clients search at
// once, each query after the last, while a 13th asks the gateway's /healthz every 50 ms; p95 of
// the searches and the slowest /healthz say whether a search keeps the process (embedded: one
// thread, PGlite in it) from answering. A site of 2,000 pages (20 spaces of bench/make-search-zips.py),
// queries from broad to selective plus the costliest a site search takes (32 terms, most of them
// negations; a 32-word phrase of up to 256 characters) and two it refuses (170 negations, a
// 510-character phrase). Both modes unless BENCH_MODE names one. Results: bench/results/site-search-load.md.
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { measure, writeResults } = require('./results');
const { importZipSpaces, log, makeSearchZips, percentile, publishSiteOfSpaces, timed, waitSearchIndexed } = require('./support');
const { caller, zipFolderServer, measureEachMode } = require('./content-stacks');

const SPACES = Number(process.env.BENCH_SPACES ?? 20);
const PAGES = Number(process.env.BENCH_PAGES ?? 100);
const CLIENTS = 12;
/** Searches each client makes, one after the other. */
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 24);
const HEALTH_EVERY_MS = 50;

const p = (samples, q) =>
  percentile(
    [...samples].sort((a, b) => a - b),
    q,
  );

/** The costliest queries within a site search's bounds, and two past them (refused with 400). */
function heavyQueries(queries) {
  const words = Object.values(queries)
    .join(' ')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  // As many of `make(i)` joined as fit in 256 characters and `terms` terms.
  const upTo = (terms, make, lead = '') => {
    let query = lead;
    for (let i = 0; i < terms; i++) {
      const next = `${query} ${make(i)}`.trim();
      if (next.length > 256) break;
      query = next;
    }
    return query;
  };
  return {
    bounded: [
      upTo(32, (i) => `-n${i}`),
      upTo(32, (i) => `-${words[i % words.length]}`),
      upTo(31, (i) => `-${words[(i + 1) % words.length]}`, queries['frequent word']),
      `"${upTo(32, (i) => words[i % words.length])}"`.slice(0, 256),
    ],
    refused: [Array.from({ length: 170 }, (_, i) => `-n${i}`).join(' '), `"${'x'.repeat(508)}"`],
  };
}

async function measureLoad(zipDir, queries, startStack) {
  const fixture = await zipFolderServer(zipDir);
  const stack = await startStack();
  try {
    const call = caller(stack);
    const orgId = (await call('GET', '/v1/orgs')).items[0].id;
    const [seedMs, spaceIds] = await timed(() =>
      importZipSpaces(call, orgId, fixture.url, {
        count: SPACES,
        title: 'Site search load bench',
        width: 2,
        afterImport: (spaceId, i) => waitSearchIndexed(call, spaceId, i, PAGES),
      }),
    );
    const { base } = await publishSiteOfSpaces(call, orgId, 'Site search load bench', spaceIds);
    await call('PATCH', base, { visibility: 'public' });
    const searchUrl = `${stack.base}${new URL((await call('GET', base)).urls.published).pathname}~search`;
    const heavy = heavyQueries(queries);
    const asked = [...Object.values(queries), ...heavy.bounded, ...heavy.refused];

    const searches = [];
    const statuses = {};
    const health = [];
    let searching = true;
    const probe = (async () => {
      while (searching) {
        health.push((await timed(async () => (await fetch(`${stack.base}/healthz`)).text()))[0]);
        await new Promise((r) => setTimeout(r, HEALTH_EVERY_MS));
      }
    })();
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let i = 0; i < SEARCHES; i++) {
          const q = asked[(client + i) % asked.length];
          const [ms, status] = await timed(async () => {
            const res = await fetch(`${searchUrl}?q=${encodeURIComponent(q)}`);
            await res.text();
            return res.status;
          });
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status === 200) searches.push(ms);
        }
      }),
    );
    searching = false;
    await probe;
    log(`searched: ${JSON.stringify(statuses)}; p95 ${p(searches, 95).toFixed(0)} ms; /healthz max ${Math.max(...health).toFixed(0)} ms`);
    return { seedMs, searches, statuses, health };
  } finally {
    await stack.stop();
    fixture.close();
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'quire-bench-site-search-load-'));
  const queries = makeSearchZips(join(dir, 'zips'), SPACES, PAGES);
  const { modes, results } = await measureEachMode(dir, 'site-search-load', (startStack) => measureLoad(join(dir, 'zips'), queries, startStack), {
    // A published site's search goes gateway → reader → sites → content.
    processes: ['identity', 'content', 'sites', 'reader'],
  });
  const total = (SPACES * PAGES).toLocaleString('en');
  const row = (label, pick) => `| ${label} | ${modes.map((m) => pick(results[m])).join(' | ')} |`;
  const report = [
    '# Published-site search under load',
    '',
    `Command: \`npm run bench -- site-search-load\` (BENCH_SPACES=${SPACES}, BENCH_PAGES=${PAGES}, BENCH_SEARCHES=${SEARCHES}, BENCH_MODE=${modes.join(',')}), ${new Date().toISOString().slice(0, 10)}, 2-core machine.`,
    `A public site of ${total} pages; ${CLIENTS} anonymous clients each run ${SEARCHES} searches of its \`~search?q=\` through the gateway, one after the other, cycling through broad to selective queries, the costliest within the bounds (32 terms, mostly negations; a 256-character phrase) and two past them (refused, 400); /healthz is asked every ${HEALTH_EVERY_MS} ms meanwhile.`,
    '',
    `| measure | ${modes.join(' | ')} |`,
    `|---|${modes.map(() => '---|').join('')}`,
    row(`import + index of ${total} pages (wall)`, (r) => `${(r.seedMs / 1000).toFixed(1)} s`),
    row(
      `**published-site search, ${CLIENTS} concurrent clients, ${total} pages: p95 and /healthz max**`,
      (r) => `**p95 ${p(r.searches, 95).toFixed(0)} ms, /healthz max ${Math.max(...r.health).toFixed(0)} ms**`,
    ),
    row('answers by status', (r) =>
      Object.entries(r.statuses)
        .map(([s, n]) => `${s}: ${n}`)
        .join(', '),
    ),
    '',
  ].join('\n');
  const measures = modes.flatMap((mode) => [
    measure({ name: `published-site search p95, ${CLIENTS} concurrent clients, ${total} pages`, mode, value: p(results[mode].searches, 95), unit: 'ms' }),
    measure({
      name: `/healthz max during ${CLIENTS} concurrent site searches`,
      mode,
      value: Math.max(...results[mode].health),
      unit: 'ms',
      goal: { atMost: 250 },
    }),
  ]);
  writeResults('site-search-load', { command: 'npm run bench -- site-search-load', markdown: report, measures });
  process.stdout.write(report);
}

module.exports = { main };
