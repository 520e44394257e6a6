import type { Role } from '@quire/access';
import { notFound } from '@quire/errors';
import type { MembershipResolver } from '@quire/platform/membership';
import type { SqlExecutor } from '@quire/platform/sql';
import { findCollection } from '../store/collections.store';
import type { Collection } from '../model/collection';
import { authorizeContent, type ContentAccess } from '../../content-tree';

export type CollectionAction = 'read' | 'update' | 'delete' | 'move' | 'transfer' | 'createIn';

// Any member reads; title, description and defaultLevel, deleting, moving and transferring need
// `admin` on the collection (reference: Collection.permissions.admin "can edit the
// title/description"); putting spaces or collections into it needs `create` on it.
const REQUIRED: Record<CollectionAction, Role> = {
  read: 'read',
  update: 'admin',
  delete: 'admin',
  move: 'admin',
  transfer: 'admin',
  createIn: 'create',
};

/** Loads a collection and checks the caller's level for `action`. */
export async function authorizeCollection(
  db: SqlExecutor,
  membership: MembershipResolver,
  collectionId: string,
  userId: string,
  action: CollectionAction,
): Promise<{ collection: Collection; role: Role | null; level: Role; access: ContentAccess }> {
  const collection = await findCollection(db, collectionId);
  if (!collection) throw notFound(`Collection ${collectionId} not found`);
  return { collection, ...(await authorizeContent(db, membership, collection, userId, REQUIRED[action], `Collection ${collectionId}`)) };
}
