import type { OutboundFetcher } from '@quire/platform/outbound';
import type { HttpClient } from 'isomorphic-git';
import { gitHttpClient, type GitHttpBudget } from './git-http';
import { asGitSyncError, GitSyncError, type GitStage } from './git-sync-error';
import type { GitRemoteAddress } from './git-url';

// Each stage of a sync (discover the refs, fetch, push) runs under its own deadline: its requests
// get the time left, and the stage as a whole is abandoned when it runs out. Whatever a stage
// throws leaves it as a GitSyncError without the remote's credentials.

export interface StageDeps {
  fetcher: Pick<OutboundFetcher, 'request'>;
  limits: { maxRepoBytes: number; maxFileBytes: number; maxObjects: number; stageTimeoutMs: number; idleTimeoutMs: number };
}

export interface Stage {
  http: HttpClient;
  budget: GitHttpBudget;
}

export async function runStage<T>(stage: GitStage, remote: GitRemoteAddress, deps: StageDeps, work: (stage: Stage) => Promise<T>): Promise<T> {
  const timeoutMs = deps.limits.stageTimeoutMs;
  const { maxRepoBytes, maxFileBytes, maxObjects, idleTimeoutMs } = deps.limits;
  const budget = { deadline: Date.now() + timeoutMs, maxResponseBytes: maxRepoBytes, idleTimeoutMs, pack: { maxRepoBytes, maxFileBytes, maxObjects } };
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new GitSyncError('timeout', `${remote.display}: the ${stage} stage did not finish within ${timeoutMs} ms`)), timeoutMs);
  });
  const running = work({ http: gitHttpClient(deps.fetcher, budget), budget });
  running.catch(() => undefined); // its failure after the deadline has no one to tell
  try {
    return await Promise.race([running, expired]);
  } catch (err) {
    const error = asGitSyncError(err, stage, remote.display);
    throw new GitSyncError(error.kind, remote.redact(error.message), error.details);
  } finally {
    clearTimeout(timer);
  }
}
