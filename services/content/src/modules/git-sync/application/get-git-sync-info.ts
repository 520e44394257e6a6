import { notFound } from '@quire/errors';
import type { Caller, ContentAppDeps } from '../../shared';
import { authorizeSpaceAccess } from '../../spaces';
import { findLatestGitSyncOperation, findSpaceGitSync } from '../store/git-sync.store';
import type { GitSyncOperation, SpaceGitSync } from '../model/git-sync';

/** A space's Git Sync state and its latest operation; 404 for a space never synced. */
export async function getGitSyncInfo(
  { db, membership }: ContentAppDeps,
  caller: Caller,
  input: { spaceId: string },
): Promise<{ sync: SpaceGitSync; latest: GitSyncOperation | null }> {
  const { space } = await authorizeSpaceAccess(db, membership, input.spaceId, caller.userId, 'readGitSync');
  const sync = await findSpaceGitSync(db, space.id);
  if (!sync) throw notFound(`Space ${space.id} has never been synced with a Git repository`);
  return { sync, latest: await findLatestGitSyncOperation(db, space.id) };
}
