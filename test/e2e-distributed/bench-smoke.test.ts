import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../support/stack';

// Every bench in its smoke size (bench/smoke.js), so none rots unseen: each must finish and write its
// result rows. Here because the distributed run has started the servers the distributed-only benches
// (gateway, insights, webhooks, audit-log) need; the benches' own stacks use ports and databases of
// their own (quire_bench_*), beside the suite's. The figures are not looked at: only that they exist.

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
const BENCH_TIMEOUT_MS = 150_000;

interface BenchResults {
  bench: string;
  measures: { name: string; value: number; unit: string }[];
}

test('the smoke run covers every bench bench/run.js knows', () => {
  const usage = spawnSync(process.execPath, [join(REPO_ROOT, 'bench/run.js'), '--help'], { encoding: 'utf8' });
  const listed = /<([^>]+)>/.exec(usage.stdout)![1].split('|');
  expect(listed).toEqual(BENCHES);
});

test.each(BENCHES)(
  'bench %s runs in smoke size and writes its results',
  (name) => {
    const run = spawnSync(process.execPath, [join(REPO_ROOT, 'bench/run.js'), name, '--smoke'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: BENCH_TIMEOUT_MS,
      env: { ...process.env, BENCH_RESULTS_DIR: resultsDir },
    });
    if (run.status !== 0) throw new Error(`bench ${name} exited ${run.status ?? run.signal}:\n${run.stderr.slice(-4000)}`);
    const results = JSON.parse(readFileSync(join(resultsDir, `${name}.json`), 'utf8')) as BenchResults;
    expect(results.bench).toBe(name);
    expect(results.measures.length).toBeGreaterThan(0);
    for (const m of results.measures) {
      expect(m.name).toEqual(expect.any(String));
      expect(Number.isFinite(m.value)).toBe(true);
    }
    expect(existsSync(join(resultsDir, `${name}.md`))).toBe(true);
  },
  BENCH_TIMEOUT_MS + 10_000,
);
