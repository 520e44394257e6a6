import type { Role } from '@quire/access';
import { authorizeInOrganization, levelOnContent } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import { transferSpace as moveToOrganization } from '../domain/space-mover';
import { authorizeSpace } from '../policies/space.policy';
import type { SpaceWithCounts } from '../model/space';

/** Moves a space to another organization: admin of the space here and admin of the target (a non-member of it: 404). */
export async function transferSpace(
  { db, membership, clock }: ContentAppDeps,
  caller: Caller,
  input: { spaceId: string; organizationId: string },
): Promise<{ space: SpaceWithCounts; level: Role | null }> {
  const { space } = await authorizeSpace(db, membership, input.spaceId, caller.userId, 'transfer');
  const role = await authorizeInOrganization(membership, input.organizationId, caller.userId, 'receiveTransfer');
  const moved = await moveToOrganization(db, space, input.organizationId, clock());
  return { space: moved, level: levelOnContent(role, moved) };
}
