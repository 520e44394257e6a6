import type { Role } from '@quire/access';
import { authorizeDestination, authorizeInOrganization, levelOnContent } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import { createSpace as insertSpace, type NewSpaceInput } from '../domain/spaces';
import type { SpaceWithCounts } from '../model/space';

export type CreateSpaceInput = Omit<NewSpaceInput, 'createdBy'>;

/** A new space: the `create` role in the organization, and `create` on the collection it lands in. */
export async function createSpace(
  { db, membership, clock }: ContentAppDeps,
  caller: Caller,
  input: CreateSpaceInput,
): Promise<{ space: SpaceWithCounts; level: Role | null }> {
  const role = await authorizeInOrganization(membership, input.organizationId, caller.userId, 'createContent');
  if (input.parentId) await authorizeDestination(db, membership, input.organizationId, input.parentId, caller.userId);
  const space = await insertSpace(db, { ...input, createdBy: caller.userId }, clock());
  return { space, level: levelOnContent(role, space) };
}
