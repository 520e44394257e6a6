import { join } from 'node:path';

// bench/process-group.js (plain JavaScript, as bench/run.js uses it) as the tests call it, typed once.

export const PROCESS_GROUP_FILE = join(__dirname, '../../bench/process-group.js');

/** What a bench run in its own process group ended with. */
export interface GroupRun {
  status: number | null;
  signal: string | null;
  timedOut: boolean;
  ms: number;
  /** The last 64 kB of its stdout and stderr. */
  output: string;
}

export interface ProcessGroup {
  runInGroup(command: string, args: string[], options: { timeoutMs?: number; graceMs?: number; env?: NodeJS.ProcessEnv }): Promise<GroupRun>;
  groupMembers(pgid: number): number[] | null;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS file outside the TypeScript build
export const { runInGroup, groupMembers } = require(PROCESS_GROUP_FILE) as ProcessGroup;
