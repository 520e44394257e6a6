// Change-request benchmark, both ways of running side by side (BENCH_MODE), through the gateway,
// on a space of 1,000 pages (the content bench's zip):
// 1. merge of a change request that changes 50 pages while main changed 50 others (a real
//    three-way merge, no conflict), and the same for update (pull main in) — p50 over runs;
//    the floor: the same three-way merge of the same trees in this process (no HTTP, no database);
// 2. opening a change request: time, and the rows it writes (change request + contributor rows;
//    no revision, no page);
// 3. listing 1,000 comments (BENCH_COMMENTS), 100 per page (p50 per page), and GET /v1/spaces/{id} as the floor of
//    any read through the same gateway.
// Results: bench/results/change-requests.md.
const { mkdtempSync } = require('node:fs');
const { measure, writeResults } = require('./results');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { ROOT, inParallel, log, summary, timed } = require('./support');
const { caller, fixtureServer, measureEachMode } = require('./content-stacks');
const { makeZip } = require('./content');

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
// Pages changed on each side (BENCH_CHANGED: 50 unless set; the smoke run's 5).
const CHANGED = Number(process.env.BENCH_CHANGED ?? 50);
const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 1000);
const SPACE_READS = Number(process.env.BENCH_READS ?? 100);

/** The floor: mergeRevisions on three synthetic 1,000-page trees, CHANGED pages changed on each side, ten times a run. */
function floor() {
  const { mergeRevisions } = require(join(ROOT, 'services/content/dist/modules/change-requests/domain/merge/merge-revisions.js'));
  const page = (i, body) => ({ id: `p${i}`, parentId: i < 10 ? null : `p${i % 10}`, kind: 'document', title: `Page ${i}`, slug: `page-${i}`, body });
  const tree = (bodyOf) => ({ pages: Array.from({ length: 1000 }, (_, i) => page(i, bodyOf(i))), files: [] });
  const base = tree((i) => `b${i}`);
  const target = tree((i) => (i >= 100 && i < 100 + CHANGED ? `t${i}` : `b${i}`));
  const source = tree((i) => (i >= 500 && i < 500 + CHANGED ? `s${i}` : `b${i}`));
  const times = [];
  for (let i = 0; i < RUNS * 10; i++) {
    const started = performance.now();
    mergeRevisions({ base, target: { tree: target, label: 'main' }, source: { tree: source, label: 'cr' }, bodies: new Map() }, { now: new Date() });
    times.push(performance.now() - started);
  }
  return times;
}

async function endToEnd(zip, startStack) {
  const fixture = await fixtureServer((path) => {
    if (path === '/content.zip') return ['application/zip', zip];
    const m = /^\/body\/(\w+)\.md$/.exec(path);
    if (m) return ['text/markdown', `A new body (${m[1]}).\n\nSecond paragraph.\n`];
  });
  const fixtureUrl = fixture.url;
  const stack = await startStack();
  try {
    const call = caller(stack);
    const orgId = (await call('GET', '/v1/orgs')).items[0].id;
    const spaceId = (await call('POST', `/v1/orgs/${orgId}/spaces`, { title: 'Bench change requests' })).id;
    await call('POST', `/v1/spaces/${spaceId}/content/import`, { source: 'zip', url: `${fixtureUrl}/content.zip` });
    const ids = [];
    const walk = (list) => list.forEach((p) => (p.type === 'document' && ids.push(p.id), walk(p.pages)));
    walk((await call('GET', `/v1/spaces/${spaceId}/content/pages`)).pages);
    log(`space of ${ids.length} document pages imported`);
    const pageImport = (path, pageId, tag) => () =>
      call('POST', `${path}/content/page/${pageId}/import`, { source: 'markdown', url: `${fixtureUrl}/body/${tag}.md` });

    /** A change request changing CHANGED pages while main changes CHANGED others. */
    const prepare = async (run) => {
      const cr = await call('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: `Bench ${run}` });
      const crPath = `/v1/spaces/${spaceId}/change-requests/${cr.number}`;
      const offset = (run * 2 * CHANGED) % (ids.length - 2 * CHANGED);
      await inParallel(
        ids.slice(offset, offset + CHANGED).map((id) => pageImport(crPath, id, `cr${run}`)),
        4,
      );
      await inParallel(
        ids.slice(offset + CHANGED, offset + 2 * CHANGED).map((id) => pageImport(`/v1/spaces/${spaceId}`, id, `main${run}`)),
        4,
      );
      return crPath;
    };
    const mergeTimes = [];
    const updateTimes = [];
    for (let run = 0; run < RUNS; run++) {
      const forUpdate = await prepare(2 * run);
      const [updateMs, updated] = await timed(() => call('POST', `${forUpdate}/update`));
      if (updated.result !== 'update') throw new Error(`update answered ${JSON.stringify(updated)}`);
      updateTimes.push(updateMs);
      const forMerge = await prepare(2 * run + 1);
      const [mergeMs, merged] = await timed(() => call('POST', `${forMerge}/merge`));
      if (merged.result !== 'merge') throw new Error(`merge answered ${JSON.stringify(merged)}`);
      mergeTimes.push(mergeMs);
      log(`run ${run + 1}/${RUNS}: update ${Math.round(updateMs)} ms, merge ${Math.round(mergeMs)} ms`);
    }

    const createTimes = [];
    const from = new Date().toISOString();
    let last;
    for (let i = 0; i < 20; i++) {
      const [ms, cr] = await timed(() => call('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: `Empty ${i}` }));
      createTimes.push(ms);
      last = cr;
    }
    const to = new Date().toISOString();
    stack.probe(
      'created',
      `SELECT (SELECT count(*)::int FROM revisions WHERE space_id = $1 AND created_at BETWEEN $2 AND $3) AS revisions,
              (SELECT count(*)::int FROM change_requests WHERE space_id = $1 AND created_at BETWEEN $2 AND $3) AS change_requests,
              (SELECT count(*)::int FROM change_request_contributors k JOIN change_requests c ON c.id = k.change_request_id
                 WHERE c.space_id = $1 AND c.created_at BETWEEN $2 AND $3) AS contributors`,
      [spaceId, from, to],
    );

    const commentsPath = `/v1/spaces/${spaceId}/change-requests/${last.number}/comments`;
    await inParallel(
      Array.from({ length: COMMENTS }, (_, i) => () => call('POST', commentsPath, { body: { markdown: `Comment ${i}: looks good.` } })),
      8,
    );
    const listTimes = [];
    for (let round = 0; round < 5; round++) {
      let page;
      do {
        const [ms, list] = await timed(() => call('GET', `${commentsPath}?limit=100${page ? `&page=${page}` : ''}`));
        listTimes.push(ms);
        page = list.next?.page;
      } while (page);
    }
    const spaceTimes = [];
    for (let i = 0; i < SPACE_READS; i++) spaceTimes.push((await timed(() => call('GET', `/v1/spaces/${spaceId}`)))[0]);
    const probes = await stack.stop();
    return { pages: ids.length, mergeTimes, updateTimes, createTimes, created: probes.created[0], listTimes, spaceTimes };
  } finally {
    await stack.stop();
    fixture.close();
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'quire-bench-cr-'));
  const zip = makeZip(dir);
  const floorTimes = floor();
  const { modes, results } = await measureEachMode(dir, 'cr', (startStack) => endToEnd(zip, startStack));
  const ms = (t) => `p50 ${summary(t).p50.toFixed(1)} ms, p99 ${summary(t).p99.toFixed(1)} ms`;
  const row = (label, pick) => `| ${label} | ${modes.map((m) => pick(results[m])).join(' | ')} |`;
  const first = results[modes[0]];
  const report = [
    '# Change-request benchmark',
    '',
    `Command: \`npm run bench -- change-requests\` (BENCH_RUNS=${RUNS}, BENCH_MODE=${modes.join(',')}), ${new Date().toISOString().slice(0, 10)}, 2-core machine.`,
    `Space: ${first.pages} document pages (bench/make-content-zip.py). Each merge/update run: a change request changing ${CHANGED} pages while main changed ${CHANGED} others (page imports), so both sides differ from the base.`,
    '',
    `| measure | ${modes.join(' | ')} |`,
    `|---|${modes.map(() => '---|').join('')}`,
    row(`POST …/merge (${CHANGED} + ${CHANGED} pages changed, no conflict)`, (r) => ms(r.mergeTimes)),
    row(`POST …/update (same shape)`, (r) => ms(r.updateTimes)),
    row('floor: the same three-way merge of 1,000-page trees in process', () => ms(floorTimes)),
    row('POST change-requests (open one on the 1,000-page space)', (r) => ms(r.createTimes)),
    row(
      'rows written by opening 20 change requests',
      (r) => `${r.created.change_requests} change requests + ${r.created.contributors} contributors, ${r.created.revisions} revisions`,
    ),
    row(`GET …/comments?limit=100 over ${COMMENTS} comments (every page, 5 rounds)`, (r) => ms(r.listTimes)),
    row('floor for reads: GET /v1/spaces/{id} through the same gateway', (r) => ms(r.spaceTimes)),
    '',
  ].join('\n');
  const mergeFloor = { name: 'the same three-way merge in process', value: summary(floorTimes).p50 };
  const readFloor = (r) => ({ name: 'GET /v1/spaces/{id} through the same gateway', value: summary(r.spaceTimes).p50 });
  const measures = modes.flatMap((mode) => {
    const r = results[mode];
    return [
      measure({ name: 'POST …/merge p50', mode, value: summary(r.mergeTimes).p50, unit: 'ms', floor: mergeFloor }),
      measure({ name: 'POST …/update p50', mode, value: summary(r.updateTimes).p50, unit: 'ms', floor: mergeFloor }),
      measure({ name: 'POST change-requests p50', mode, value: summary(r.createTimes).p50, unit: 'ms', floor: readFloor(r) }),
      measure({ name: 'revisions written by opening 20 change requests', mode, value: r.created.revisions, unit: 'rows', goal: { atMost: 0 } }),
      measure({ name: 'GET …/comments?limit=100 p50', mode, value: summary(r.listTimes).p50, unit: 'ms', floor: readFloor(r) }),
    ];
  });
  writeResults('change-requests', { command: 'npm run bench -- change-requests', markdown: report, measures });
  process.stdout.write(report);
}

module.exports = { main };
