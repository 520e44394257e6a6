import type { Role } from '@quire/access';
import type { Caller, ContentAppDeps } from '../../shared';
import { restoreSpace as unmarkDeleted } from '../domain/space-retention';
import { authorizeSpace } from '../policies/space.policy';
import type { SpaceWithCounts } from '../model/space';

/** Restores a deleted space not yet purged. */
export async function restoreSpace(
  { db, membership, clock }: ContentAppDeps,
  caller: Caller,
  input: { spaceId: string },
): Promise<{ space: SpaceWithCounts; level: Role }> {
  const { space, level } = await authorizeSpace(db, membership, input.spaceId, caller.userId, 'restore');
  return { space: await unmarkDeleted(db, space, clock()), level };
}
