import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Measure {
  name: string;
  value: number;
  unit: string;
  mode?: string;
  floor?: { name: string; value: number };
  goal?: Record<string, number>;
}
interface BenchResults {
  measure(m: Measure): Measure & { ratio?: number; met?: boolean };
  writeResults(name: string, result: { command: string; markdown: string; measures: Measure[] }): void;
  writeSummary(names: string[]): string;
}

const dir = mkdtempSync(join(tmpdir(), 'quire-bench-results-'));
process.env.BENCH_RESULTS_DIR = dir;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const results = require('../../bench/results') as BenchResults;

describe('bench results (bench/results.js)', () => {
  it('computes the ratio to the floor and whether each kind of goal is met', () => {
    const floor = { name: 'nginx', value: 100 };
    expect(results.measure({ name: 'rps', value: 80, unit: 'req/s', floor, goal: { ratioAtLeast: 0.7 } })).toMatchObject({ ratio: 0.8, met: true });
    expect(results.measure({ name: 'rps', value: 60, unit: 'req/s', floor, goal: { ratioAtLeast: 0.7 } })).toMatchObject({ ratio: 0.6, met: false });
    expect(results.measure({ name: 'p50', value: 106, unit: 'ms', floor, goal: { addedAtMost: 5 } }).met).toBe(false);
    expect(results.measure({ name: 'p50', value: 99, unit: 'ms', goal: { atMost: 100 } }).met).toBe(true);
    expect(results.measure({ name: 'n', value: 3, unit: 'rows' })).toEqual({ name: 'n', value: 3, unit: 'rows' });
    expect(() => results.measure({ name: 'bad', value: Number.NaN, unit: 'ms' })).toThrow(/not a number/);
  });

  it('writes <name>.json with the commit and machine, and one summary table over every bench', () => {
    const measures = [results.measure({ name: 'ingest', value: 30000, unit: 'events/s', floor: { name: 'raw', value: 100000 }, goal: { ratioAtLeast: 0.2 } })];
    results.writeResults('demo', { command: 'npm run bench -- demo', markdown: '# Demo', measures });
    const json = JSON.parse(readFileSync(join(dir, 'demo.json'), 'utf8'));
    expect(json).toMatchObject({ bench: 'demo', command: 'npm run bench -- demo', measures: [{ name: 'ingest', ratio: 0.3, met: true }] });
    expect(json.machine.cores).toBeGreaterThan(0);
    expect(json.commit).toMatch(/^[0-9a-f]{40}(\+changes)?$|^unknown$/);
    expect(readFileSync(join(dir, 'demo.md'), 'utf8')).toBe('# Demo\n');

    const table = results.writeSummary(['demo', 'missing']);
    expect(table).toContain('| demo | ingest |  | 30000 events/s | 100000 events/s (raw) | 0.3× | ≥ 0.2× floor | yes |');
    expect(table).toContain('| missing | (no results: run `npm run bench -- missing`)');
    expect(readFileSync(join(dir, 'all.md'), 'utf8')).toContain(table);
  });
});
