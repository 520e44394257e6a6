import type { Caller, ContentAppDeps } from '../../shared';
import { authorizeSpaceAccess } from '../../spaces';
import type { GitSyncRequest } from '../domain/git-sync-request';
import { startGitSync, type StartDeps } from './start-git-sync';

export type GitSyncAppDeps = ContentAppDeps & Omit<StartDeps, 'db' | 'clock'>;

/**
 * Records a Git Sync import or export of a live space and queues its job (`admin` on the space);
 * the job does the work (run-git-sync.ts). Answers the operation's id and the space's.
 */
export async function requestGitSync(
  deps: GitSyncAppDeps,
  caller: Caller,
  input: { spaceId: string; request: GitSyncRequest },
): Promise<{ spaceId: string; operationId: string }> {
  const { db, membership, clock } = deps;
  const { space } = await authorizeSpaceAccess(db, membership, input.spaceId, caller.userId, 'gitSync', 'live');
  const startDeps: StartDeps = { db, clock, internalSecret: deps.internalSecret, staleAfterMs: deps.staleAfterMs };
  const operationId = await startGitSync(startDeps, space, caller.userId, input.request);
  return { spaceId: space.id, operationId };
}
