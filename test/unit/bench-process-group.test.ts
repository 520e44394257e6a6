import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { groupMembers, PROCESS_GROUP_FILE, runInGroup, type GroupRun } from '../support/bench-process-group';

// A fake bench: starts a grandchild that sleeps (one that ignores SIGTERM when told), prints both
// pids, then sleeps itself for `argv[2]` ms or exits at once (0) leaving the grandchild behind.
const dir = mkdtempSync(join(tmpdir(), 'quire-process-group-'));
const fakeBench = join(dir, 'fake-bench.js');
writeFileSync(
  fakeBench,
  `const { spawn } = require('node:child_process');
// Stubborn: SIGTERM ignored from the first instant (an ignored signal stays ignored across exec).
const grandchild = process.argv[3] === 'stubborn'
  ? spawn('bash', ['-c', 'trap "" TERM; exec sleep 600'], { stdio: 'ignore' })
  : spawn('sleep', ['600'], { stdio: 'ignore' });
process.stdout.write('pids ' + process.pid + ' ' + grandchild.pid + '\\n');
const ms = Number(process.argv[2]);
if (ms > 0) setTimeout(() => {}, ms);
else setTimeout(() => process.exit(0), 300);
`,
);

// A bench that watches the process that started it (bench/run.js does), with a grandchild, writing
// both pids to argv[2]; and the runner that starts it (as a test runner would), to be SIGKILLed.
const watchingBench = join(dir, 'watching-bench.js');
writeFileSync(
  watchingBench,
  `const { spawn } = require('node:child_process');
require(${JSON.stringify(PROCESS_GROUP_FILE)}).stopWithParent();
const grandchild = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
require('node:fs').writeFileSync(process.argv[2], process.pid + ' ' + grandchild.pid);
setInterval(() => {}, 1000);
`,
);
const runner = join(dir, 'runner.js');
writeFileSync(
  runner,
  `require(${JSON.stringify(PROCESS_GROUP_FILE)}).runInGroup(process.execPath, [${JSON.stringify(watchingBench)}, process.argv[2]], { timeoutMs: 60000 });
`,
);

/** Polls `check` every 50 ms until it answers without throwing; throws its last error after `ms`. */
async function settled<T>(check: () => T, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

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
    const run = await runInGroup(process.execPath, [fakeBench, '60000', 'stubborn'], { timeoutMs: 1500, graceMs: 500 });
    const [leader, grandchild] = pidsOf(run);
    expect(run.timedOut).toBe(true);
    expect(run.ms).toBeGreaterThanOrEqual(2000);
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

  it('stops the group when what started it dies without a word (SIGKILL)', async () => {
    const pidsFile = join(dir, 'watched-pids');
    const parent = spawn(process.execPath, [runner, pidsFile], { stdio: 'ignore' });
    const [leader, grandchild] = await settled(() => {
      const pids = readFileSync(pidsFile, 'utf8').split(' ').map(Number);
      if (pids.length !== 2) throw new Error(`pids: ${pids}`);
      return pids;
    });
    expect([alive(leader!), alive(grandchild!)]).toEqual([true, true]);
    parent.kill('SIGKILL');
    await settled(() => expect(groupMembers(leader!)).toEqual([]));
    expect(alive(grandchild!)).toBe(false);
  });
});
