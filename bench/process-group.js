// A bench run as the leader of a process group of its own, so that everything it started (service
// processes, nginx, wrk, http-load, the embedded process) stops with it: at its end, when it fails,
// and when it is killed at its timeout. Without this a bench killed at its timeout left its service
// processes running, and they joined the consumer groups of the test run around them.
// (The servers deploy/local/infra.sh starts run in sessions of their own, on purpose: a bench stops
// those it started itself, bench/support.js startInfra.)
const { spawn } = require('node:child_process');
const { readdirSync, readFileSync } = require('node:fs');

/** Pids of the live (not zombie) processes of group `pgid`, read from /proc; null where /proc is not there. */
function groupMembers(pgid) {
  let names;
  try {
    names = readdirSync('/proc').filter((n) => /^\d+$/.test(n));
  } catch {
    return null;
  }
  const members = [];
  for (const name of names) {
    try {
      // After the ")" that ends the command name: state ppid pgrp ...
      const [state, , pgrp] = readFileSync(`/proc/${name}/stat`, 'utf8').split(') ').pop().split(' ');
      if (Number(pgrp) === pgid && state !== 'Z') members.push(Number(name));
    } catch {
      // the process ended while being read
    }
  }
  return members;
}

/** Whether any process of group `pgid` is alive (a zombie waiting for its parent is not). */
function groupAlive(pgid) {
  const members = groupMembers(pgid);
  if (members) return members.length > 0;
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
  } catch {
    // nobody left in the group
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Waits until group `pgid` is empty, for at most `ms`; answers whether it is. */
async function groupGone(pgid, ms) {
  const deadline = Date.now() + ms;
  while (groupAlive(pgid)) {
    if (Date.now() >= deadline) return false;
    await sleep(50);
  }
  return true;
}

/**
 * SIGTERM to every process of group `pgid` (a service drains, a bench stops what it started), then
 * SIGKILL to what is still alive after `graceMs`. Resolves once none is left (throws if one outlives SIGKILL by 5 s).
 */
async function killGroup(pgid, graceMs = 5000) {
  signalGroup(pgid, 'SIGTERM');
  if (await groupGone(pgid, graceMs)) return;
  signalGroup(pgid, 'SIGKILL');
  if (!(await groupGone(pgid, 5000))) throw new Error(`process group ${pgid} still alive after SIGKILL: ${groupMembers(pgid)}`);
}

// Groups started and not yet emptied: SIGKILLed if this process exits first (a test runner timing out).
const live = new Set();
process.on('exit', () => {
  for (const pgid of live) signalGroup(pgid, 'SIGKILL');
});

/**
 * Runs `command args` as the leader of a new process group. At `timeoutMs` the whole group gets
 * SIGTERM, then SIGKILL after `graceMs`; when the leader exits, what it left behind in its group is
 * stopped the same way. Resolves `{ status, signal, timedOut, ms, output }` once the group is empty
 * (`output`: the last 64 kB of stdout and stderr, when `stdio` is 'pipe', the default).
 */
function runInGroup(command, args, { timeoutMs, graceMs = 5000, env = process.env, cwd, stdio = 'pipe' } = {}) {
  const started = Date.now();
  const child = spawn(command, args, { detached: true, env: { ...env, BENCH_PARENT_PID: String(process.pid) }, cwd, stdio: ['ignore', stdio, stdio] });
  live.add(child.pid);
  let output = '';
  const keep = (chunk) => (output = (output + chunk).slice(-65536));
  child.stdout?.setEncoding('utf8').on('data', keep);
  child.stderr?.setEncoding('utf8').on('data', keep);
  let timedOut = false;
  let killing = null;
  const timer = timeoutMs ? setTimeout(() => ((timedOut = true), (killing = killGroup(child.pid, graceMs))), timeoutMs) : null;
  const closed = new Promise((r) => child.once('close', r));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', async (status, signal) => {
      if (timer) clearTimeout(timer);
      try {
        await (killing ?? killGroup(child.pid, graceMs));
      } catch (err) {
        return reject(err);
      }
      live.delete(child.pid);
      // The group is gone, so its pipes are closed; the last chunks may still be on their way.
      await Promise.race([closed, new Promise((r) => setTimeout(r, 2000).unref())]);
      resolve({ status, signal, timedOut, ms: Date.now() - started, output });
    });
  });
}

/**
 * In a group leader runInGroup started: once the process that started it is gone (a test runner
 * killed with SIGKILL runs no exit handler), SIGTERM to its own group, so nothing it started outlives it.
 */
function stopWithParent() {
  const parent = Number(process.env.BENCH_PARENT_PID);
  if (!parent) return;
  setInterval(() => {
    // Orphaned: reparented to init or a subreaper.
    if (process.ppid !== parent) signalGroup(process.pid, 'SIGTERM');
  }, 500).unref();
}

module.exports = { runInGroup, killGroup, groupAlive, groupMembers, stopWithParent };
