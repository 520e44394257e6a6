// Links benchmark (the goal: GET links of a 1,000-page space, p50 < 50 ms), both modes, through
// the gateway: the 1,000-page zip of bench/make-content-zip.py (each page links to the next page,
// its folder's README and an image) imported once, then GET links (first read: links resolved and
// cached; then the cached reads), page links, file backlinks, and the floor of any read through the
// same gateway (GET /v1/spaces/{id}). Results: bench/results/links.md.
const { mkdtempSync } = require('node:fs');
const { measure, writeResults } = require('./results');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { log, summary, timed } = require('./support');
const { caller, fixtureServer, measureEachMode } = require('./content-stacks');
const { makeZip, countPages } = require('./content');

const READS = Number(process.env.BENCH_READS ?? 200);

async function measureLinks(zip, startStack) {
  const fixture = await fixtureServer((path) => (path === '/content.zip' ? ['application/zip', zip] : undefined));
  const stack = await startStack();
  try {
    const call = caller(stack);
    const orgId = (await call('GET', '/v1/orgs')).items[0].id;
    const spaceId = (await call('POST', `/v1/orgs/${orgId}/spaces`, { title: 'Links bench' })).id;
    await call('POST', `/v1/spaces/${spaceId}/content/import`, { source: 'zip', url: `${fixture.url}/content.zip` });
    const pages = countPages((await call('GET', `/v1/spaces/${spaceId}/content/pages`)).pages);
    const fileId = (await call('GET', `/v1/spaces/${spaceId}/content/files?limit=1`)).items[0].id;
    const pageId = (await call('GET', `/v1/spaces/${spaceId}/content/pages`)).pages[0].pages[0].id;

    const [firstRead] = await timed(() => call('GET', `/v1/spaces/${spaceId}/links`));
    const first = await call('GET', `/v1/spaces/${spaceId}/links?limit=1000`);
    const text = JSON.stringify(first);
    const bytes = Buffer.byteLength(text);
    // The floor of a 1,000-item answer: the client's JSON.parse of it alone.
    const parse = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      JSON.parse(text);
      parse.push(performance.now() - started);
    }
    log(
      `${pages} pages, ${first.stats.total} link targets (${first.stats.broken.total} broken), ${first.items.length} items, ${bytes} bytes; first read ${Math.round(firstRead)} ms`,
    );
    const series = async (path) => {
      const times = [];
      for (let i = 0; i < READS; i++) times.push((await timed(() => call('GET', path)))[0]);
      return times;
    };
    return {
      pages,
      stats: first.stats,
      bytes,
      firstRead,
      bytes100: Buffer.byteLength(JSON.stringify(await call('GET', `/v1/spaces/${spaceId}/links`))),
      parse,
      links: await series(`/v1/spaces/${spaceId}/links`),
      links1000: await series(`/v1/spaces/${spaceId}/links?limit=1000`),
      links50: await series(`/v1/spaces/${spaceId}/links?limit=50`),
      broken: await series(`/v1/spaces/${spaceId}/links?status=broken`),
      pageLinks: await series(`/v1/spaces/${spaceId}/content/page/${pageId}/links`),
      fileBacklinks: await series(`/v1/spaces/${spaceId}/content/files/${fileId}/backlinks`),
      space: await series(`/v1/spaces/${spaceId}`),
    };
  } finally {
    await stack.stop();
    fixture.close();
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'quire-bench-links-'));
  const zip = makeZip(dir);
  const { modes, results } = await measureEachMode(dir, 'content', (startStack) => measureLinks(zip, startStack));
  const ms = (t) => `p50 ${summary(t).p50.toFixed(1)} ms, p99 ${summary(t).p99.toFixed(1)} ms`;
  const row = (label, pick) => `| ${label} | ${modes.map((m) => pick(results[m])).join(' | ')} |`;
  const first = results[modes[0]];
  const report = [
    '# Links benchmark',
    '',
    `Command: \`npm run bench -- links\` (BENCH_READS=${READS}, BENCH_MODE=${modes.join(',')}), ${new Date().toISOString().slice(0, 10)}, 2-core machine shared with other work.`,
    `Space: the ${first.pages}-page zip of bench/make-content-zip.py, ${first.stats.total} link targets (${first.stats.broken.total} broken). Target (issue #13): GET links p50 < 50 ms. Each item embeds full Organization, Space, page (and file) objects.`,
    '',
    `| measure | ${modes.join(' | ')} |`,
    `|---|${modes.map(() => '---|').join('')}`,
    row('GET links, first read (every body’s targets resolved, then cached with the revision)', (r) => `${Math.round(r.firstRead)} ms`),
    row('**GET links** (default page: 100 items, stats over all)', (r) => `**${ms(r.links)}** (${(r.bytes100 / 1e6).toFixed(1)} MB)`),
    row('GET links?limit=1000 (every link on one page)', (r) => `${ms(r.links1000)} (${(r.bytes / 1e6).toFixed(1)} MB)`),
    row('floor: the client’s JSON.parse of that 1,000-item answer alone', (r) => ms(r.parse)),
    row('GET links?limit=50', (r) => ms(r.links50)),
    row('GET links?status=broken', (r) => ms(r.broken)),
    row('GET content/page/{id}/links', (r) => ms(r.pageLinks)),
    row('GET content/files/{id}/backlinks', (r) => ms(r.fileBacklinks)),
    row('floor: GET /v1/spaces/{id} through the same gateway', (r) => ms(r.space)),
    '',
  ].join('\n');
  const measures = modes.flatMap((mode) => {
    const r = results[mode];
    const readFloor = { name: 'GET /v1/spaces/{id} through the same gateway', value: summary(r.space).p50 };
    return [
      measure({ name: 'GET links p50 (100 items)', mode, value: summary(r.links).p50, unit: 'ms', floor: readFloor, goal: { atMost: 50 } }),
      measure({
        name: 'GET links?limit=1000 p50',
        mode,
        value: summary(r.links1000).p50,
        unit: 'ms',
        floor: { name: 'JSON.parse of the answer', value: summary(r.parse).p50 },
      }),
      measure({ name: 'GET content/page/{id}/links p50', mode, value: summary(r.pageLinks).p50, unit: 'ms', floor: readFloor }),
      measure({ name: 'GET content/files/{id}/backlinks p50', mode, value: summary(r.fileBacklinks).p50, unit: 'ms', floor: readFloor }),
    ];
  });
  writeResults('links', { command: 'npm run bench -- links', markdown: report, measures });
  process.stdout.write(report);
}

module.exports = { main };
