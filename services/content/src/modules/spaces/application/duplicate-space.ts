import type { Role } from '@quire/access';
import { authorizeDestination, authorizeInOrganization, levelOnContent } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import { duplicateSpace as copySpace } from '../domain/spaces';
import { authorizeSpace } from '../policies/space.policy';
import type { SpaceWithCounts } from '../model/space';

/** A copy of a space is new content: it needs the `create` role, and `create` on the collection it lands in. */
export async function duplicateSpace(
  { db, membership, clock }: ContentAppDeps,
  caller: Caller,
  input: { spaceId: string },
): Promise<{ space: SpaceWithCounts; level: Role | null }> {
  const { userId } = caller;
  const { space } = await authorizeSpace(db, membership, input.spaceId, userId, 'duplicate');
  const role = await authorizeInOrganization(membership, space.organizationId, userId, 'createContent');
  if (space.parentId) await authorizeDestination(db, membership, space.organizationId, space.parentId, userId);
  const copy = await copySpace(db, space, userId, clock());
  return { space: copy, level: levelOnContent(role, copy) };
}
