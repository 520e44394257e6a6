import { notFound, type MembershipResolver, type Role, type SqlExecutor } from '@quire/common';
import { findSpaceWithCounts, type SpaceWithCounts } from '../store/spaces.store';
import { authorizeContentAccess } from './content.policy';

export type SpaceAction = 'read' | 'edit' | 'configure' | 'delete' | 'restore' | 'move' | 'transfer' | 'duplicate';

// Any member reads. Title, emoji, icon and edit mode need `edit`; the settings that decide who
// sees the space (defaultLevel, visibility) and deleting, restoring, moving and transferring it
// need `admin` on the space. Duplicating needs only `read` here: the copy is new content, so the
// route also checks the `create` role (and `create` on the collection it lands in).
const REQUIRED: Record<SpaceAction, Role> = {
  read: 'read',
  edit: 'edit',
  configure: 'admin',
  delete: 'admin',
  restore: 'admin',
  move: 'admin',
  transfer: 'admin',
  duplicate: 'read',
};

/** Loads a space (deleted ones too) and checks the caller's level for `action`. */
export async function authorizeSpace(
  db: SqlExecutor,
  membership: MembershipResolver,
  spaceId: string,
  userId: string,
  action: SpaceAction,
): Promise<{ space: SpaceWithCounts; role: Role; level: Role }> {
  const space = await findSpaceWithCounts(db, spaceId);
  if (!space) throw notFound(`Space ${spaceId} not found`);
  const { role, level } = await authorizeContentAccess(membership, space, userId, REQUIRED[action], `Space ${spaceId}`);
  return { space, role, level };
}
