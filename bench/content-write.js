// Batch content edits benchmark: through the gateway, into a change request of the
// 1,000-page space of bench/make-content-zip.py, (1) a batch of 50 page inserts of about 1 KB of
// markdown each and (2) a one-page update; beside the floor of the same changes converted and
// applied in process (`applyContentChanges` on a 1,000-page tree: front matter and headings read,
// slugs, placement, link resolution, body hashes), same run. Both modes. Results:
// bench/results/content-write.md.
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { measure, writeResults } = require('./results');
const { ROOT, log, summary, timed } = require('./support');
const { caller, fixtureServer, measureEachMode } = require('./content-stacks');
const { makeZip } = require('./content');

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const UPDATES = Number(process.env.BENCH_READS ?? 50);

/** About 1 KB of markdown: a heading, paragraphs, a list, a link to the page before it. */
function pageMarkdown(run, i) {
  const words = 'Batch edits write reviewable content from code, one revision per call, links resolved at once.';
  const paragraph = Array.from({ length: 3 }, () => words).join(' ');
  return `# Run ${run} page ${i}\n\n${paragraph}\n\n- one\n- two\n- three\n\n${paragraph}\n\nSee [the previous page](./r${run}p${i - 1}.md).\n`;
}

const insertBatch = (run) => ({
  changes: Array.from({ length: 50 }, (_, i) => ({ operation: 'insert_page', ref: `r${run}p${i}`, document: { markdown: pageMarkdown(run, i) } })),
});

/** The floor: the same batch applied in process to a 1,000-page tree in 10 folders. */
function floorTimes() {
  const { applyContentChanges } = require(join(ROOT, 'services/content/dist/modules/change-requests/domain/content-changes.js'));
  let counter = 0;
  const ctx = () => ({ newId: () => `id${++counter}`, now: new Date() });
  const folders = Array.from({ length: 10 }, (_, f) => ({ operation: 'insert_page', document: `# Folder ${f}\n\nIntro.` }));
  let tree = applyContentChanges({ pages: [], files: [] }, folders, ctx()).tree;
  const folderIds = tree.pages.map((p) => p.id);
  for (let f = 0; f < 10; f++) {
    const pages = Array.from({ length: 99 }, (_, i) => ({ operation: 'insert_page', into: folderIds[f], document: pageMarkdown(1000 + f, i) }));
    tree = applyContentChanges(tree, pages, ctx()).tree;
  }
  const asDomain = (batch) => batch.changes.map((c) => ({ ...c, document: c.document.markdown }));
  const inserts = [];
  const updates = [];
  for (let run = 0; run < RUNS; run++) {
    const batch = asDomain(insertBatch(run));
    const started = performance.now();
    applyContentChanges(tree, batch, ctx());
    inserts.push(performance.now() - started);
  }
  const target = tree.pages[500].id;
  for (let i = 0; i < UPDATES; i++) {
    const started = performance.now();
    applyContentChanges(tree, [{ operation: 'update_page', page: target, document: pageMarkdown(9999, i) }], ctx());
    updates.push(performance.now() - started);
  }
  return { pages: tree.pages.length, inserts, updates };
}

async function measureWrites(zip, startStack) {
  const fixture = await fixtureServer((path) => (path === '/content.zip' ? ['application/zip', zip] : undefined));
  const stack = await startStack();
  try {
    const call = caller(stack);
    const orgId = (await call('GET', '/v1/orgs')).items[0].id;
    const spaceId = (await call('POST', `/v1/orgs/${orgId}/spaces`, { title: 'Write bench' })).id;
    await call('POST', `/v1/spaces/${spaceId}/content/import`, { source: 'zip', url: `${fixture.url}/content.zip` });
    const cr = (await call('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Batch edits' })).id;
    const path = `/v1/spaces/${spaceId}/change-requests/${cr}/content`;
    const target = (await call('GET', `${path}/pages`)).pages[0].pages[0].id;
    log(`inserting ${RUNS} batches of 50 pages, then ${UPDATES} one-page updates`);
    const inserts = [];
    for (let run = 0; run < RUNS; run++) inserts.push((await timed(() => call('POST', path, insertBatch(run))))[0]);
    const updates = [];
    for (let i = 0; i < UPDATES; i++) {
      const batch = { changes: [{ operation: 'update_page', page: target, document: { markdown: pageMarkdown(9999, i) } }] };
      updates.push((await timed(() => call('POST', path, batch)))[0]);
    }
    const pages = (await call('GET', `${path}/pages`)).pages.length;
    return { inserts, updates, topLevelPages: pages };
  } finally {
    await stack.stop();
    fixture.close();
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'quire-bench-write-'));
  const zip = makeZip(dir);
  const floor = floorTimes();
  const { modes, results } = await measureEachMode(dir, 'content', (startStack) => measureWrites(zip, startStack));
  const ms = (t) => `p50 ${summary(t).p50.toFixed(1)} ms, p99 ${summary(t).p99.toFixed(1)} ms`;
  const ratio = (t) => (summary(floor.inserts).p50 / summary(t).p50).toFixed(2);
  const row = (label, pick) => `| ${label} | ${modes.map((m) => pick(results[m])).join(' | ')} |`;
  const report = [
    '# Batch content edits benchmark',
    '',
    `Command: \`npm run bench -- content-write\` (BENCH_RUNS=${RUNS}, BENCH_READS=${UPDATES}, BENCH_MODE=${modes.join(',')}), ${new Date().toISOString().slice(0, 10)}, 2-core machine.`,
    `Into a change request of the 1,000-page zip of bench/make-content-zip.py; the floor applies the same batches in process to a ${floor.pages}-page tree. Goals (issue #24): the 50-page batch ≥ 0.3× its floor and p50 < 300 ms; the one-page update p50 < 50 ms.`,
    '',
    `| measure | ${modes.join(' | ')} |`,
    `|---|${modes.map(() => '---|').join('')}`,
    row('**50 page inserts in one batch**, through the gateway', (r) => `**${ms(r.inserts)}**`),
    row('floor: the same batch converted and applied in process', () => ms(floor.inserts)),
    row('floor ÷ batch (goal ≥ 0.3×)', (r) => `${ratio(r.inserts)}×`),
    row('**one-page update**, through the gateway', (r) => `**${ms(r.updates)}**`),
    row('floor: the same update in process', () => ms(floor.updates)),
    '',
  ].join('\n');
  const measures = modes.flatMap((mode) => {
    const r = results[mode];
    return [
      measure({
        name: '50-page insert batch p50',
        mode,
        value: summary(r.inserts).p50,
        unit: 'ms',
        floor: { name: 'the same batch applied in process', value: summary(floor.inserts).p50 },
        goal: { atMost: 300 },
      }),
      measure({
        name: 'one-page update p50',
        mode,
        value: summary(r.updates).p50,
        unit: 'ms',
        floor: { name: 'the same update applied in process', value: summary(floor.updates).p50 },
        goal: { atMost: 50 },
      }),
    ];
  });
  writeResults('content-write', { command: 'npm run bench -- content-write', markdown: report, measures });
  process.stdout.write(report);
}

module.exports = { main };
