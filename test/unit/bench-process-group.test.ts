import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface GroupRun {
  status: number | null;
  signal: string | null;
  timedOut: boolean;
  ms: number;
  output: string;
}
interface ProcessGroup {
  runInGroup(command: string, args: string[], options: { timeoutMs?: number; graceMs?: number }): Promise<GroupRun>;
  groupMembers(pgid: number): number[] | null;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { runInGroup, groupMembers } = require('../../bench/process-group') as ProcessGroup;

// A fake bench: starts a grandchild that sleeps (one that ignores SIGTERM when told), prints both
// pids, then sleeps itself for `argv[2]` ms or exits at once (0) leaving the grandchild behind.
const dir = mkdtempSync(join(tmpdir(), 'quire-process-group-'));
const fakeBench = join(dir, 'fake-bench.js');
writeFileSync(
  fakeBench,
  `const { spawn } = require('node:child_process');
const stubborn = process.argv[3] === 'stubborn';
const sleeper = "process.on('SIGTERM', () => { if (!" + stubborn + ") process.exit(0); }); setInterval(() => {}, 1000);";
const grandchild = spawn(process.execPath, ['-e', sleeper], { stdio: 'ignore' });
process.stdout.write('pids ' + process.pid + ' ' + grandchild.pid + '\\n');
const ms = Number(process.argv[2]);
if (ms > 0) setTimeout(() => {}, ms);
else setTimeout(() => process.exit(0), 300);
`,
);

/** Alive: in /proc and not a zombie. */
function alive(pid: number): boolean {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return false;
  try {
    return readFileSync(stat, 'utf8').split(') ').pop()!.split(' ')[0] !== 'Z';
  } catch {
    return false;
  }
}

function pidsOf(run: GroupRun): [number, number] {
  const m = /pids (\d+) (\d+)/.exec(run.output);
  if (!m) throw new Error(`no pids in ${run.output}`);
  return [Number(m[1]), Number(m[2])];
}

describe('bench/process-group.js: a bench and everything it started stop together', () => {
  it('kills the whole group at the timeout: SIGTERM first', async () => {
    const run = await runInGroup(process.execPath, [fakeBench, '60000'], { timeoutMs: 1000, graceMs: 3000 });
    const [leader, grandchild] = pidsOf(run);
    expect(run).toMatchObject({ timedOut: true, signal: 'SIGTERM' });
    expect(run.ms).toBeLessThan(3000);
    expect(groupMembers(leader)).toEqual([]);
    expect([alive(leader), alive(grandchild)]).toEqual([false, false]);
  });

  it('SIGKILLs what outlives SIGTERM by the grace', async () => {
    const run = await runInGroup(process.execPath, [fakeBench, '60000', 'stubborn'], { timeoutMs: 1000, graceMs: 500 });
    const [leader, grandchild] = pidsOf(run);
    expect(run.timedOut).toBe(true);
    expect(run.ms).toBeGreaterThanOrEqual(1500);
    expect(groupMembers(leader)).toEqual([]);
    expect(alive(grandchild)).toBe(false);
  });

  it('stops what a bench left running when it exits on its own', async () => {
    const run = await runInGroup(process.execPath, [fakeBench, '0', 'stubborn'], { timeoutMs: 30000, graceMs: 500 });
    const [leader, grandchild] = pidsOf(run);
    expect(run).toMatchObject({ status: 0, timedOut: false });
    expect(groupMembers(leader)).toEqual([]);
    expect(alive(grandchild)).toBe(false);
  });
});
