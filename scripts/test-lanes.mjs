// `npm test`'s jest step. First the unit tests, two at a time: they only compute (in-process
// databases, no servers), so they fill both cores of a 2-core machine. Then the two end-to-end runs
// ("lanes"), each one suite at a time. They share nothing: the embedded run has its own process,
// port and data directory; the distributed run alone uses the infrastructure, and its suites (fixed
// database names, processes and brokers stopped on purpose) stay serial in their lane.
// Arguments go to every jest run (e.g. a test path pattern).
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';

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

/**
 * Jest's lines that name a failure: a failed file ("FAIL path") and a failed test ("● describe › it";
 * "● Console" heads a test's console output, no failure).
 * CI shows only the end of a long, interleaved output, so they are said again after every lane ends.
 */
const FAILURE_LINE = /^\s*(FAIL\s+\S|● (?!Console$))/;

/** One jest run of `project`; its output lines say their lane, since lanes interleave. */
function lane(project, ...args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [jest, '--selectProjects', project, '--passWithNoTests', ...args, ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    const failures = new Set();
    for (const stream of [child.stdout, child.stderr])
      createInterface({ input: stream }).on('line', (line) => {
        process.stdout.write(`[${project}] ${line}\n`);
        if (FAILURE_LINE.test(line)) failures.add(line.trim());
      });
    child.on('close', (code, signal) => resolve({ project, code: code ?? 1, signal, failures, seconds: Math.round((Date.now() - started) / 1000) }));
  });
}

// A failed phase does not stop the next: one run reports every failure.
// The two e2e runs go side by side: one after the other they take longer than CI allows. Their
// Kafka groups now recover from the distributed run's outage tests under the embedded run's load
// (a consumer kafkajs will not restart is replaced). QUIRE_TEST_LANES=serial runs them in turn.
const unit = await lane('unit', '--maxWorkers=2');
const e2e =
  process.env.QUIRE_TEST_LANES === 'serial'
    ? [await lane('e2e-distributed', '--runInBand'), await lane('e2e-embedded', '--runInBand')]
    : await Promise.all([lane('e2e-distributed', '--runInBand'), lane('e2e-embedded', '--runInBand')]);
const results = [unit, ...e2e];
for (const { project, failures } of results) for (const failure of failures) process.stdout.write(`${project} failure: ${failure}\n`);
for (const { project, code, signal, seconds } of results)
  process.stdout.write(`${project}: ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`}, done ${seconds} s after the start\n`);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
