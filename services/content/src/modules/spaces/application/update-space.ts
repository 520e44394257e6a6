import type { Role } from '@quire/access';
import { badRequest } from '@quire/errors';
import type { Caller, ContentAppDeps } from '../../shared';
import { updateSpaceFields } from '../domain/spaces';
import { authorizeSpace } from '../policies/space.policy';
import type { SpaceChanges } from '../model/space-changes';
import type { SpaceWithCounts } from '../model/space';

/** Why `in-collection` needs a collection (the input layer's message for the field). */
export const IN_COLLECTION_ONLY = 'in-collection is only for spaces in a collection';

/** Changes a space's fields: who sees it (defaultLevel, visibility) needs `configure`, the rest `edit`. */
export async function updateSpace(
  { db, membership, clock }: ContentAppDeps,
  caller: Caller,
  input: { spaceId: string; changes: SpaceChanges },
): Promise<{ space: SpaceWithCounts; level: Role }> {
  const { changes } = input;
  const action = changes.defaultLevel !== undefined || changes.visibility !== undefined ? 'configure' : 'edit';
  const { space, level } = await authorizeSpace(db, membership, input.spaceId, caller.userId, action);
  if (changes.visibility === 'in-collection' && !space.parentId) throw badRequest(`Invalid body field "visibility": ${IN_COLLECTION_ONLY}`);
  return { space: await updateSpaceFields(db, space, changes, clock()), level };
}
