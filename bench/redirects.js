// Site redirects benchmark (the goal: a site with 10,000 redirects answers
// getSiteRedirectBySource as fast as one with ten). One stack, one organization, two sites in the
// same run: one with 10 redirects, one with 10,000 (exact sources and `/*` and `*` wildcards, put
// with bulkUpsertSiteRedirects, 500 a call). Then GET …/redirect?source= on both, interleaved, for
// an exact hit, a wildcard hit under a deep path (the longest probe list) and a miss; the floor is
// GET …/sites/{id} through the same gateway. Embedded mode by default (BENCH_MODE): the distributed
// bench stack starts identity and content only. Results: bench/results/redirects.md.
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { measure, writeResults } = require('./results');
const { log, percentile, timed } = require('./support');
const { caller, measureEachMode } = require('./content-stacks');

const READS = Number(process.env.BENCH_READS ?? 300);
const BIG = Number(process.env.BENCH_REDIRECTS ?? 10000);

/** Redirect n of a site: a third exact, a third "/*", a third "*". */
function redirectItem(n) {
  const destination = { kind: 'external', url: `https://example.com/to/${n}` };
  if (n % 3 === 0) return { source: `/exact/${n}`, destination };
  if (n % 3 === 1) return { source: `/tree/${n}/*`, destination, captureWildcard: true };
  return { source: `/prefix-${n}*`, destination };
}

async function fill(call, base, count) {
  for (let start = 0; start < count; start += 500) {
    const redirects = [];
    for (let n = start; n < Math.min(count, start + 500); n++) redirects.push(redirectItem(n));
    await call('PUT', `${base}/redirects`, { redirects });
  }
}

async function measureRedirects(startStack) {
  const stack = await startStack();
  try {
    const call = caller(stack);
    const orgId = (await call('GET', '/v1/orgs')).items[0].id;
    const site = async (title) => `/v1/orgs/${orgId}/sites/${(await call('POST', `/v1/orgs/${orgId}/sites`, { title })).id}`;
    const small = await site('Ten redirects');
    const big = await site('Ten thousand redirects');
    await fill(call, small, 10);
    const [fillMs] = await timed(() => fill(call, big, BIG));
    log(`${BIG} redirects put in ${Math.round(fillMs)} ms`);
    const deep = `/a/${'b/'.repeat(60)}c`; // about 130 characters: as many candidate keys
    const lookups = {
      exact: (n) => `/exact/${n}`,
      wildcard: (n) => `/tree/${n + 1}${deep}`,
      miss: () => `/nowhere${deep}`,
    };
    const times = {};
    for (const [kind, path] of Object.entries(lookups)) {
      times[kind] = { small: [], big: [] };
      for (let i = 0; i < READS; i++) {
        // The same source on both sites (the small one has redirects 0–9); interleaved, so load hits both alike.
        const n = (i % 3) * 3;
        for (const [which, base] of [
          ['small', small],
          ['big', big],
        ]) {
          const source = encodeURIComponent(path(n));
          const [ms] = await timed(() =>
            fetch(`${stack.base}${base}/redirect?source=${source}`, { headers: { authorization: `Bearer ${stack.token}` } }).then((r) => {
              if (r.status !== (kind === 'miss' ? 404 : 200)) throw new Error(`lookup ${path(n)} answered ${r.status}`);
              return r.text();
            }),
          );
          times[kind][which].push(ms);
        }
      }
    }
    const floor = [];
    for (let i = 0; i < READS; i++) floor.push((await timed(() => call('GET', small)))[0]);
    return { fillMs, times, floor };
  } finally {
    await stack.stop();
  }
}

const p50 = (samples) =>
  percentile(
    [...samples].sort((a, b) => a - b),
    50,
  );
const p95 = (samples) =>
  percentile(
    [...samples].sort((a, b) => a - b),
    95,
  );

async function main() {
  process.env.BENCH_MODE ??= 'embedded';
  const dir = mkdtempSync(join(tmpdir(), 'quire-bench-redirects-'));
  const { modes, results } = await measureEachMode(dir, 'redirects', measureRedirects);
  const ms = (t) => `p50 ${p50(t).toFixed(1)} ms, p95 ${p95(t).toFixed(1)} ms`;
  const row = (label, pick) => `| ${label} | ${modes.map((m) => pick(results[m])).join(' | ')} |`;
  const report = [
    '# Site redirects benchmark',
    '',
    `Command: \`npm run bench -- redirects\` (BENCH_READS=${READS}, BENCH_MODE=${modes.join(',')}), ${new Date().toISOString().slice(0, 10)}, 2-core machine shared with other work.`,
    `Two sites of one organization, same run: 10 redirects and ${BIG.toLocaleString('en')} (a third exact, a third \`/*\`, a third \`*\`). GET …/redirect?source= (getSiteRedirectBySource) through the gateway, interleaved. Target (issue #35 §2): the big site as fast as the small one.`,
    '',
    `| measure | ${modes.join(' | ')} |`,
    `|---|${modes.map(() => '---|').join('')}`,
    row(`bulk PUT of ${BIG.toLocaleString('en')} redirects (500 a call)`, (r) => `${Math.round(r.fillMs)} ms`),
    ...['exact', 'wildcard', 'miss'].flatMap((kind) => [
      row(`${kind}: site with 10 redirects`, (r) => ms(r.times[kind].small)),
      row(`**${kind}: site with ${BIG.toLocaleString('en')} redirects**`, (r) => `**${ms(r.times[kind].big)}**`),
    ]),
    row('floor: GET /v1/orgs/{org}/sites/{site} through the same gateway', (r) => ms(r.floor)),
    '',
  ].join('\n');
  const measures = modes.flatMap((mode) =>
    ['exact', 'wildcard', 'miss'].flatMap((kind) => {
      const { small, big } = results[mode].times[kind];
      return [
        measure({
          name: `getSiteRedirectBySource ${kind} p50, ${BIG} redirects`,
          mode,
          value: p50(big),
          unit: 'ms',
          floor: { name: 'the same lookup on a site with 10 redirects', value: p50(small) },
          goal: { addedAtMost: 2 },
        }),
        measure({
          name: `getSiteRedirectBySource ${kind} p95, ${BIG} redirects`,
          mode,
          value: p95(big),
          unit: 'ms',
          floor: { name: 'the same lookup on a site with 10 redirects', value: p95(small) },
        }),
      ];
    }),
  );
  writeResults('redirects', { command: 'npm run bench -- redirects', markdown: report, measures });
  process.stdout.write(report);
}

module.exports = { main };
