import type { MembershipResolver } from '@quire/platform/membership';
import type { SqlExecutor } from '@quire/platform/sql';
import { loadContentAccess, type ResourceKind } from '../../content-tree';
import { authorizeCollection } from '../../collections';
import { authorizeSpaceAccess } from '../../spaces';
import type { PermissionTarget } from '../model/permission-target';

export type PermissionAction = 'list' | 'manage';

// Whoever can see a space or collection sees who else can; granting, changing and removing access
// needs `admin` on it (the level its defaultLevel needs: a space's `configure`, a collection's `update`).
const SPACE_ACTION = { list: 'read', manage: 'configure' } as const;
const COLLECTION_ACTION = { list: 'read', manage: 'update' } as const;

/** Loads a space or collection and checks the caller's level for `action` (404 when hidden from them, 403 below the level). */
export async function authorizePermissionTarget(
  db: SqlExecutor,
  membership: MembershipResolver,
  resource: { kind: ResourceKind; id: string },
  userId: string,
  action: PermissionAction,
): Promise<PermissionTarget> {
  if (resource.kind === 'collection') {
    const { collection, access } = await authorizeCollection(db, membership, resource.id, userId, COLLECTION_ACTION[action]);
    return { kind: 'collection', node: collection, access };
  }
  const { space, access } = await authorizeSpaceAccess(db, membership, resource.id, userId, SPACE_ACTION[action], 'live');
  // A site reader never reaches here with an access (it may only read, and has no grants to list).
  return { kind: 'space', node: space, access: access ?? (await loadContentAccess(db, membership, space.organizationId, userId)) };
}
