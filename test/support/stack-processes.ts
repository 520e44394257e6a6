import { LocalStack } from '../../gateway/src/local-stack';
import { isAlive, writeState, type StackState } from './stack';

// Killing and restarting single processes of the distributed stack, as a crash and a restart would.

export type RestartableProcess = 'identity' | 'content' | 'sites' | 'specs' | 'insights';

export async function killProcess(state: StackState, name: RestartableProcess): Promise<void> {
  const pid = state.pids[name];
  if (!pid) throw new Error(`no pid for ${name}`);
  process.kill(pid, 'SIGKILL');
  while (isAlive(pid)) await new Promise((r) => setTimeout(r, 20));
}

export async function restartProcess(state: StackState, name: RestartableProcess): Promise<void> {
  const local = new LocalStack(state.localStack!);
  await local.start(name);
  const child = local.processes.get(name)!.child;
  child.unref();
  state.pids[name] = child.pid;
  writeState(state);
}
