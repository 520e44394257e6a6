import { atLeast, type Role } from '@quire/access';

/**
 * Reference Space.permissions for a caller at `level` (null: no access). A locked space
 * (editMode `locked`) takes edits and merges away from everyone until an admin unlocks it.
 * `viewInviteLinks` and `installIntegration` are false for everyone: Quire has no invite links to
 * spaces or collections (only the organization's) and does not host integrations.
 */
export function spacePermissions(level: Role | null, isLocked: boolean) {
  const isAdmin = atLeast(level, 'admin');
  const canEdit = atLeast(level, 'edit') && !isLocked;
  return {
    view: level !== null,
    access: level !== null,
    admin: isAdmin,
    viewInviteLinks: false,
    edit: canEdit,
    triggerGitSync: canEdit,
    comment: atLeast(level, 'comment'),
    merge: atLeast(level, 'review') && !isLocked,
    review: atLeast(level, 'review'),
    installIntegration: false,
  };
}

/** Reference Collection.permissions for a caller at `level`. */
export function collectionPermissions(level: Role | null) {
  const isAdmin = atLeast(level, 'admin');
  return {
    view: level !== null,
    admin: isAdmin,
    viewInviteLinks: false,
    create: atLeast(level, 'create'),
  };
}
