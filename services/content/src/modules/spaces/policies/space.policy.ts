import { siteReaderMayReadSpace, siteReaderScope, type Role } from '@quire/access';
import { forbidden, notFound } from '@quire/errors';
import type { MembershipResolver } from '@quire/platform/membership';
import type { SqlExecutor } from '@quire/platform/sql';
import { findSpace, findSpaceWithCounts } from '../store/spaces.store';
import type { Space, SpaceWithCounts } from '../model/space';
import { authorizeContent, type ContentAccess } from '../../content-tree';

export type SpaceAction =
  | 'read'
  | 'edit'
  | 'configure'
  | 'delete'
  | 'restore'
  | 'move'
  | 'transfer'
  | 'duplicate'
  | 'readCustomFields'
  | 'editCustomFields'
  | 'gitSync'
  | 'readGitSync';

// Any member reads. Title, emoji, icon, edit mode and custom-field values need `edit`; the
// settings that decide who sees the space (defaultLevel, visibility) and deleting, restoring,
// moving and transferring it need `admin` on the space. Duplicating needs only `read` here: the
// copy is new content, so the route also checks the `create` role (and `create` on the
// collection it lands in). Git Sync imports and exports need `admin`: an import rewrites the space's
// content outside any change request and an export pushes it to a repository outside Quire, both
// with credentials the caller brings; its state and operations are readable by any member.
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
  gitSync: 'admin',
  readGitSync: 'read',
};

export interface AuthorizedSpace<S extends Space = SpaceWithCounts> {
  space: S;
  /** The organization role; null for a guest (only grants give them access). */
  role: Role | null;
  level: Role;
  /** The caller's access to the organization's content, to present other content of it. */
  access?: ContentAccess;
}

/**
 * Loads a space with its counters and checks the caller's level for `action` (for answers that
 * present the space). Deleted spaces answer too (they can be read and restored) unless `which` is
 * `live`: then a deleted space is as absent as one that never existed.
 */
export async function authorizeSpace(
  db: SqlExecutor,
  membership: MembershipResolver,
  spaceId: string,
  userId: string,
  action: SpaceAction,
  which: 'any' | 'live' = 'any',
): Promise<AuthorizedSpace> {
  return authorizeLoaded(db, await findSpaceWithCounts(db, spaceId), membership, spaceId, userId, action, which);
}

/** The same without the counters: for routes about the space's content, which do not present the space. */
export async function authorizeSpaceAccess(
  db: SqlExecutor,
  membership: MembershipResolver,
  spaceId: string,
  userId: string,
  action: SpaceAction,
  which: 'any' | 'live' = 'any',
): Promise<AuthorizedSpace<Space>> {
  return authorizeLoaded(db, await findSpace(db, spaceId), membership, spaceId, userId, action, which);
}

async function authorizeLoaded<S extends Space>(
  db: SqlExecutor,
  space: S | null,
  membership: MembershipResolver,
  spaceId: string,
  userId: string,
  action: SpaceAction,
  which: 'any' | 'live',
): Promise<AuthorizedSpace<S>> {
  if (!space || (which === 'live' && space.deletedAt)) throw notFound(`Space ${spaceId} not found`);
  // A site reader (a published site's apiToken) reads the spaces its token lists and does nothing else.
  const reader = siteReaderScope(userId);
  if (reader) {
    if (!siteReaderMayReadSpace(reader, space) || space.deletedAt) throw notFound(`Space ${spaceId} not found`);
    if (action !== 'read') throw forbidden(`A site API token may only read space ${spaceId}`);
    return { space, role: 'read', level: 'read' };
  }
  return { space, ...(await authorizeContent(db, membership, space, userId, REQUIRED[action], `Space ${spaceId}`)) };
}
