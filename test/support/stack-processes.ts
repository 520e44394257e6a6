import { LocalStack, type ProcessKey, type ScaledName } from '../../apps/stack/src/local-stack';
import { isAlive, writeState, type StackState } from './stack';

// Killing and restarting processes of the distributed stack, as a crash and a restart would. A
// service runs as several copies (test/support/setup-distributed.ts); `content` is its first copy
// and `content#2` its second. Insights runs its API as `insights` and its consumer as
// `insights-consumer` (INSIGHTS_ROLE), each with its copies.

export type RestartableProcess = ScaledName;

/** The process keys of every copy of a service or worker. */
export function copiesOf(state: StackState, name: ScaledName): ProcessKey[] {
  return (Object.keys(state.pids) as ProcessKey[]).filter((k) => k === name || k.startsWith(`${name}#`));
}

/** Kills one process at once (SIGKILL). */
export async function killCopy(state: StackState, key: ProcessKey, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  const pid = state.pids[key];
  if (!pid) throw new Error(`no pid for ${key}`);
  process.kill(pid, signal);
  while (isAlive(pid)) await new Promise((r) => setTimeout(r, 20));
}

/** Starts one process again and records its pid; resolves once it is ready. */
export async function restartCopy(state: StackState, key: ProcessKey): Promise<void> {
  const local = new LocalStack(state.localStack!);
  await local.start(key);
  const child = local.processes.get(key)!.child;
  child.unref();
  state.pids[key] = child.pid;
  writeState(state);
}

/** Kills every copy of a service or worker: it is down. */
export async function killProcess(state: StackState, name: RestartableProcess): Promise<void> {
  await Promise.all(copiesOf(state, name).map((key) => killCopy(state, key)));
}

/** Starts every copy of a service or worker again. */
export async function restartProcess(state: StackState, name: RestartableProcess): Promise<void> {
  for (const key of copiesOf(state, name)) await restartCopy(state, key);
}

/** Starts again every service copy that is not running (a test that failed half-way left it down). */
export async function restartStopped(state: StackState): Promise<void> {
  for (const [key, pid] of Object.entries(state.pids) as [ProcessKey | 'embedded', number | undefined][]) {
    if (key === 'embedded' || key === 'gateway' || (pid && isAlive(pid))) continue;
    await restartCopy(state, key);
  }
}
