import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { LocalStackOptions, ProcessKey } from '../../apps/stack/src/local-stack';

// What the global setup started, written to a file the test files read.

export type Target = 'embedded' | 'distributed';

export interface StackState {
  target: Target;
  url: string;
  token: string;
  organizationId: string;
  /** Environment under which the admin CLI reaches this stack. */
  cliEnv: Record<string, string>;
  logDir: string;
  pids: Partial<Record<ProcessKey | 'embedded', number>>;
  /** Distributed only: how to start a process again after a test killed it. */
  localStack?: LocalStackOptions;
  /** Embedded only: where its data lives, to restart it on the same data. */
  embedded?: { dataDir: string; port: number };
}

export const REPO_ROOT = resolve(__dirname, '..', '..');
export const RATE_LIMIT_FOR_TESTS = 1000;
/** Copies of each service in the distributed suite. */
export const SERVICE_COPIES = 2;
/**
 * The webhook retry schedule of the test stacks: the default's shape (5 s … 24 h) in milliseconds,
 * about 3 s from the first attempt to the last, so retries, recovery and disabling show within a test.
 */
export const WEBHOOK_RETRY_SCHEDULE_FOR_TESTS = '100ms,200ms,400ms,800ms,1600ms';
/** Inflated bytes a zip import may reach in the test stacks (the zip-bomb fixture inflates to 20 MB). */
export const ZIP_LIMIT_FOR_TESTS = 8 * 1024 * 1024;

export function stateFile(target: Target): string {
  return join(process.env.QUIRE_E2E_DIR ?? tmpdir(), `quire-e2e-${target}.json`);
}

export function writeState(state: StackState): void {
  writeFileSync(stateFile(state.target), JSON.stringify(state, null, 2));
}

export function readState(target: Target): StackState {
  return JSON.parse(readFileSync(stateFile(target), 'utf8')) as StackState;
}

export function currentTarget(): Target {
  const target = (globalThis as { QUIRE_TARGET?: Target }).QUIRE_TARGET;
  if (target !== 'embedded' && target !== 'distributed') throw new Error('QUIRE_TARGET is not set: run the e2e suite through jest projects');
  return target;
}

export function currentStack(): StackState {
  return readState(currentTarget());
}

const exec = promisify(execFile);

/** Runs the admin CLI as a user would (`npm run -s cli -- …` runs this same file). */
export async function runCli(stack: StackState, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, [join(REPO_ROOT, 'tools/cli/dist/main.js'), ...args], {
      env: { PATH: process.env.PATH ?? '', ...stack.cliEnv },
      timeout: 20000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** Kills every process a stack state lists (teardown, or after a failed setup). */
export async function killAll(state: Pick<StackState, 'pids'>): Promise<void> {
  for (const pid of Object.values(state.pids)) {
    if (!pid) continue;
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      continue;
    }
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && isAlive(pid)) await new Promise((r) => setTimeout(r, 50));
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
