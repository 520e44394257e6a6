// `npm test`'s jest step: the three jest projects as three concurrent runs ("lanes"), each one
// suite at a time. Run one after another they leave a 2-core machine half idle, since many e2e
// suites mostly wait (on Kafka, ClickHouse, a killed process coming back, a fuzzer's requests).
// The lanes share nothing: unit tests use in-process databases; the embedded run has its own
// process, port and data directory; the distributed run alone uses the infrastructure, and its
// suites (fixed database names, processes and brokers stopped on purpose) stay serial in their lane.
// Arguments after `--` go to every lane's jest (e.g. a test path pattern).
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';

const LANES = ['unit', 'e2e-distributed', 'e2e-embedded'];
const extra = process.argv.slice(2);
const jest = new URL('../node_modules/jest/bin/jest.js', import.meta.url).pathname;

// Debian packages first, in one go: lanes installing on demand at once would contend for apt's locks.
const install = spawnSync(
  'bash',
  [new URL('../deploy/local/install.sh', import.meta.url).pathname, 'postgres', 'redis', 'clickhouse', 'nginx', 'kafka', 'chromium', 'git'],
  {
    stdio: 'inherit',
  },
);
if (install.status !== 0) process.exit(install.status ?? 1);

const started = Date.now();
const children = [];
// A stop passed on to the lanes, whose global teardowns stop what they started.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => children.forEach((c) => c.kill(signal)));
const results = await Promise.all(
  LANES.map(
    (lane) =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, [jest, '--selectProjects', lane, '--runInBand', '--passWithNoTests', ...extra], {
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        children.push(child);
        // Each line says its lane: the three runs' output interleaves.
        for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${lane}] ${line}\n`));
        child.on('close', (code, signal) => resolve({ lane, code: code ?? 1, signal, seconds: Math.round((Date.now() - started) / 1000) }));
      }),
  ),
);
for (const { lane, code, signal, seconds } of results)
  process.stdout.write(`lane ${lane}: ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`} after ${seconds} s\n`);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
