import type { Caller, ContentAppDeps } from '../../shared';
import { deleteSpace as markDeleted } from '../domain/space-retention';
import { authorizeSpace } from '../policies/space.policy';

/** Deletes a space (kept for its retention time); false when it was deleted already. */
export async function deleteSpace({ db, membership, clock }: ContentAppDeps, caller: Caller, input: { spaceId: string }): Promise<boolean> {
  const { space } = await authorizeSpace(db, membership, input.spaceId, caller.userId, 'delete');
  return markDeleted(db, space, clock());
}
