import type { Role } from '@quire/access';
import { badRequest, notFound } from '@quire/errors';
import type { MembershipResolver } from '@quire/platform/membership';
import type { SqlExecutor } from '@quire/platform/sql';
import { findCollectionById } from '../store/collections.store';
import type { Collection } from '../model/collection';
import { authorizeContent } from '../../content-tree';

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
): Promise<{ collection: Collection; role: Role; level: Role }> {
  const collection = await findCollectionById(db, collectionId);
  if (!collection) throw notFound(`Collection ${collectionId} not found`);
  return { collection, ...(await authorizeContent(membership, collection, userId, REQUIRED[action], `Collection ${collectionId}`)) };
}

/**
 * Checks a collection that content is put into (a `parent` in a body): it must be a collection of
 * `organizationId` (else 400 naming the field) where the caller has `create`.
 */
export async function authorizeDestination(
  db: SqlExecutor,
  membership: MembershipResolver,
  organizationId: string,
  parentId: string,
  userId: string,
  field = 'parent',
): Promise<Collection> {
  const parent = await findCollectionById(db, parentId);
  if (!parent || parent.organizationId !== organizationId) throw badRequest(`Invalid body field "${field}": no collection ${parentId} in this organization`);
  await authorizeContent(membership, parent, userId, REQUIRED.createIn, `Collection ${parentId}`);
  return parent;
}

/**
 * The parent a move puts a collection or a space under: the body's `parent` (null: the top level),
 * or its current parent when the body names none (only `position` changes). A new parent is
 * checked as a destination.
 */
export async function authorizeMoveTarget(
  db: SqlExecutor,
  membership: MembershipResolver,
  item: { organizationId: string; parentId: string | null },
  requested: string | null | undefined,
  userId: string,
): Promise<string | null> {
  const parentId = requested === undefined ? item.parentId : requested;
  if (parentId && parentId !== item.parentId) await authorizeDestination(db, membership, item.organizationId, parentId, userId);
  return parentId;
}
