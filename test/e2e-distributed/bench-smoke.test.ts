import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInGroup } from '../support/bench-process-group';
import { REPO_ROOT } from '../support/stack';

// Every bench in its smoke size (bench/smoke.js), so none rots unseen: each must finish and write its
// result rows. Here because the distributed run has started the servers the distributed-only benches
// (gateway, insights, webhooks, audit-log) need. The benches' own stacks use ports, databases
// (quire_bench_*) and Kafka namespaces (bench-<name>-…) of their own, beside the suite's. Each runs as
// the leader of a process group of its own (bench/process-group.js): at its end, or at its timeout,
// the whole group is stopped, so none of its service processes outlives it to join the suite's
// consumer groups. The figures are not looked at: only that they exist. About 3 minutes on a quiet
// 2-core machine (docs/benchmarks.md, Smoke runs).

// bench/run.js's list, in its order.
const BENCHES = [
  'content',
  'change-requests',
  'links',
  'content-write',
  'gateway',
  'insights',
  'specs',
  'specs-stall',
  'search',
  'embedded',
  'git-sync',
  'webhooks',
  'redirects',
  'site-search',
  'site-search-load',
  'reader',
  'audit-log',
];

const resultsDir = mkdtempSync(join(tmpdir(), 'quire-bench-smoke-'));
// Per bench: about 20 s at a load of 7, but one took 91 s beside other benches; CI runs this beside the
// embedded lane. Only a bench that hangs waits this long.
const BENCH_TIMEOUT_MS = 180_000;
const GRACE_MS = 10_000;
const took: Record<string, number> = {};

interface BenchResults {
  bench: string;
  measures: { name: string; value: number | null; unit: string }[];
}

afterAll(() => {
  const total = Object.values(took).reduce((a, b) => a + b, 0);
  process.stderr.write(
    `bench smoke: ${Object.entries(took)
      .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`)
      .join(', ')}; total ${(total / 1000).toFixed(0)} s\n`,
  );
});

test('the smoke run covers every bench bench/run.js knows', () => {
  const usage = spawnSync(process.execPath, [join(REPO_ROOT, 'bench/run.js'), '--help'], { encoding: 'utf8' });
  const listed = /<([^>]+)>/.exec(usage.stdout)![1]!.split('|');
  expect(listed).toEqual(BENCHES);
});

test.each(BENCHES)(
  'bench %s runs in smoke size, writes its results and leaves no process behind',
  async (name) => {
    const run = await runInGroup(process.execPath, [join(REPO_ROOT, 'bench/run.js'), name, '--smoke'], {
      timeoutMs: BENCH_TIMEOUT_MS,
      graceMs: GRACE_MS,
      env: { ...process.env, BENCH_RESULTS_DIR: resultsDir },
    });
    took[name] = run.ms;
    if (run.timedOut)
      throw new Error(`bench ${name} did not finish within ${BENCH_TIMEOUT_MS / 1000} s (its processes were stopped):\n${run.output.slice(-4000)}`);
    if (run.status !== 0) throw new Error(`bench ${name} exited ${run.status ?? run.signal}:\n${run.output.slice(-4000)}`);
    const results = JSON.parse(readFileSync(join(resultsDir, `${name}.json`), 'utf8')) as BenchResults;
    expect(results.bench).toBe(name);
    for (const m of results.measures) expect(m.name).toEqual(expect.any(String));
    expect(results.measures.filter((m) => Number.isFinite(m.value)).length).toBeGreaterThan(0);
    expect(existsSync(join(resultsDir, `${name}.md`))).toBe(true);
  },
  BENCH_TIMEOUT_MS + 2 * GRACE_MS + 10_000,
);
