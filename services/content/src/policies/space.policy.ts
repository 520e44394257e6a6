import { notFound, type MembershipResolver, type Role, type SqlExecutor } from '@quire/common';
import { findSpaceWithCounts, type SpaceWithCounts } from '../store/spaces.store';
import { authorizeContent } from './content.policy';

export type SpaceAction = 'read' | 'edit' | 'configure' | 'delete' | 'restore' | 'move' | 'transfer' | 'duplicate' | 'readCustomFields' | 'editCustomFields';

// Any member reads. Title, emoji, icon, edit mode and custom-field values need `edit`; the
// settings that decide who sees the space (defaultLevel, visibility) and deleting, restoring,
// moving and transferring it need `admin` on the space. Duplicating needs only `read` here: the
// copy is new content, so the route also checks the `create` role (and `create` on the
// collection it lands in).
const REQUIRED: Record<SpaceAction, Role> = {
  read: 'read',
  edit: 'edit',
  configure: 'admin',
  delete: 'admin',
  restore: 'admin',
  move: 'admin',
  transfer: 'admin',
  duplicate: 'read',
  readCustomFields: 'read',
  editCustomFields: 'edit',
};

export interface AuthorizedSpace {
  space: SpaceWithCounts;
  role: Role;
  level: Role;
}

/**
 * Loads a space and checks the caller's level for `action`. Deleted spaces answer too (they can
 * be read and restored) unless `which` is `live`: then a deleted space is as absent as one that
 * never existed.
 */
export async function authorizeSpace(
  db: SqlExecutor,
  membership: MembershipResolver,
  spaceId: string,
  userId: string,
  action: SpaceAction,
  which: 'any' | 'live' = 'any',
): Promise<AuthorizedSpace> {
  const space = await findSpaceWithCounts(db, spaceId);
  if (!space || (which === 'live' && space.deleted_at)) throw notFound(`Space ${spaceId} not found`);
  return { space, ...(await authorizeContent(membership, space, userId, REQUIRED[action], `Space ${spaceId}`)) };
}
