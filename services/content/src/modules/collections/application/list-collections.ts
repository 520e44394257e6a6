import type { Role } from '@quire/access';
import type { PageRequest } from '@quire/input';
import { authorizeContentReader, visibleCollections } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import { listCollectionRows } from '../store/collections.store';
import type { Collection } from '../model/collection';

/** The organization's collections in tree order (`nested` false: the top level only) that the caller sees, each at the caller's level. */
export async function listCollections(
  { db, membership }: ContentAppDeps,
  caller: Caller,
  input: { organizationId: string; nested: boolean; page: PageRequest },
): Promise<{ items: { collection: Collection; level: Role | null }[]; total: number }> {
  const access = await authorizeContentReader(db, membership, input.organizationId, caller.userId);
  const { rows, total } = await listCollectionRows(db, input.organizationId, input.nested, input.page, await visibleCollections(db, access));
  return { items: rows.map((collection) => ({ collection, level: access.levelOf(collection) })), total };
}
