// Specs parse stall: how long parsing and validating GitHub's REST API description (the 5.8 MB JSON
// fixture, and the same document as YAML) stalls the event loop, inline (spec-document.ts on the loop)
// beside the specs service's worker threads (spec-documents.ts). The stall is the longest gap of a
// 10 ms interval probe. Results: bench/results/specs-stall.md; docs/specs.md, "Parsing off the event loop".
const { join } = require('node:path');
const { measure, writeResults } = require('./results');
const { ROOT, log, specFixtureText } = require('./support');

const DOMAIN = join(ROOT, 'services/specs/dist/modules/openapi-specs/domain');

/** Runs `work`, answering how long it took and the longest the event loop went without its 10 ms probe. */
async function stallOf(work) {
  let stall = 0;
  let last = performance.now();
  const probe = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last - 10);
    last = now;
  }, 10);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const started = performance.now();
  await work();
  const took = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 50));
  clearInterval(probe);
  return { took, stall };
}

async function main() {
  const { checkSpecDocument, parseSpecText } = require(join(DOMAIN, 'spec-document.js'));
  const { SpecDocuments } = require(join(DOMAIN, 'spec-documents.js'));
  const yaml = require(join(ROOT, 'node_modules/yaml'));
  const json = specFixtureText();
  const yamlText = yaml.stringify(JSON.parse(json), { aliasDuplicateObjects: false });
  log(`fixture: ${(json.length / 1e6).toFixed(1)} MB JSON, ${(yamlText.length / 1e6).toFixed(1)} MB as YAML`);
  const documents = new SpecDocuments({ threads: 1, maxQueue: 16, timeoutMs: 600_000, inlineBytes: 64 * 1024 });
  const ref = [{ kind: 'operation', path: '/repos/{owner}/{repo}', method: 'get' }];
  const rows = [];
  try {
    // Warm both sides (parsers loaded, the thread started) so each row measures the work itself.
    await checkSpecDocument('{"openapi":"3.0.0","info":{"title":"t","version":"1"},"paths":{}}');
    await documents.check('{"openapi":"3.0.0","info":{"title":"t","version":"1"},"paths":{}}');
    let version = 0;
    for (const [name, text] of [
      ['YAML', yamlText],
      ['JSON', json],
    ]) {
      const size = `${(text.length / 1e6).toFixed(1)} MB ${name}`;
      const parseInline = await stallOf(() => parseSpecText(text));
      const parseThread = await stallOf(() => documents.items(`v${++version}`, text, ref));
      rows.push({ work: `parse the ${size} (reader's operations)`, inline: parseInline, thread: parseThread });
      const checkInline = await stallOf(() => checkSpecDocument(text));
      const checkThread = await stallOf(() => documents.check(text));
      rows.push({ work: `parse + validate the ${size} (processing job)`, inline: checkInline, thread: checkThread });
      log(`${size}: done`);
    }
  } finally {
    await documents.close();
  }
  const ms = (n) => `${Math.round(n)} ms`;
  const report = [
    '# Specs parse stall',
    '',
    `Command: \`npm run bench -- specs-stall\`, ${new Date().toISOString().slice(0, 10)}. Longest event-loop stall (10 ms probe) while`,
    "GitHub's REST API description is parsed or validated on the loop (inline) or in the specs service's worker thread.",
    '',
    '| work | time (inline) | stall inline | time (thread) | stall, thread |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.work} | ${ms(r.inline.took)} | ${ms(r.inline.stall)} | ${ms(r.thread.took)} | ${ms(r.thread.stall)} |`),
    '',
  ].join('\n');
  const measures = rows.map((r) =>
    measure({ name: `event-loop stall: ${r.work}`, value: r.thread.stall, unit: 'ms', floor: { name: 'the same inline', value: r.inline.stall } }),
  );
  writeResults('specs-stall', { command: 'npm run bench -- specs-stall', markdown: report, measures });
  process.stdout.write(report);
}

module.exports = { main };
