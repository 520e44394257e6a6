import { notFound } from '@quire/errors';
import type { Caller, ContentAppDeps } from '../../shared';
import { authorizeSpaceAccess } from '../../spaces';
import { findGitSyncOperation, findLatestGitSyncOperation } from '../store/git-sync.store';
import type { GitSyncOperation } from '../model/git-sync';

/** One Git Sync operation of a space by id, or its latest (`latest`). */
export async function getGitSyncOperation(
  { db, membership }: ContentAppDeps,
  caller: Caller,
  input: { spaceId: string; operationId: string },
): Promise<GitSyncOperation> {
  const { space } = await authorizeSpaceAccess(db, membership, input.spaceId, caller.userId, 'readGitSync');
  const latest = input.operationId === 'latest';
  const op = latest ? await findLatestGitSyncOperation(db, space.id) : await findGitSyncOperation(db, space.id, input.operationId);
  if (!op) throw notFound(latest ? `Space ${space.id} has no Git Sync operation` : `Git Sync operation ${input.operationId} not found`);
  return op;
}
