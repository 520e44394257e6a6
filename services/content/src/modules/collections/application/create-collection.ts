import type { Role } from '@quire/access';
import { authorizeDestination, authorizeInOrganization, levelOnContent } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import { createCollection as insertCollection } from '../domain/collections';
import type { Collection } from '../model/collection';

/** A new collection inherits (defaultLevel `inherit`) and goes at the end of its parent. */
export async function createCollection(
  { db, membership, clock }: ContentAppDeps,
  caller: Caller,
  input: { organizationId: string; parentId: string | null; title: string },
): Promise<{ collection: Collection; level: Role | null }> {
  const { organizationId, parentId } = input;
  const role = await authorizeInOrganization(membership, organizationId, caller.userId, 'createContent');
  if (parentId) await authorizeDestination(db, membership, organizationId, parentId, caller.userId);
  const collection = await insertCollection(db, { organizationId, parentId, title: input.title, defaultLevel: 'inherit' }, clock());
  return { collection, level: levelOnContent(role, collection) };
}
