import type { Role } from '@quire/access';
import { authorizeInOrganization, levelOnContent } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import { transferCollection as moveToOrganization } from '../domain/collection-mover';
import { authorizeCollection } from '../policies/collection.policy';
import type { Collection } from '../model/collection';

/** Moves a collection to another organization: admin of it here and admin of the target (a non-member of it: 404). */
export async function transferCollection(
  { db, membership, clock }: ContentAppDeps,
  caller: Caller,
  input: { collectionId: string; organizationId: string },
): Promise<{ collection: Collection; level: Role | null }> {
  const { collection } = await authorizeCollection(db, membership, input.collectionId, caller.userId, 'transfer');
  const role = await authorizeInOrganization(membership, input.organizationId, caller.userId, 'receiveTransfer');
  const moved = await moveToOrganization(db, collection, input.organizationId, clock());
  return { collection: moved, level: levelOnContent(role, moved) };
}
