import type { MembershipResolver } from '@quire/platform/membership';
import { badRequest } from '@quire/errors';
import type { SqlExecutor } from '@quire/platform/sql';
import { findDestinationCollection } from '../store/collection-tree.store';
import { authorizeContent } from './content.policy';

// Where collections and spaces are put: both modules check the destination, so it lives below them.

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
): Promise<void> {
  const parent = await findDestinationCollection(db, parentId);
  if (!parent || parent.organizationId !== organizationId) throw badRequest(`Invalid body field "${field}": no collection ${parentId} in this organization`);
  await authorizeContent(db, membership, parent, userId, 'create', `Collection ${parentId}`);
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
