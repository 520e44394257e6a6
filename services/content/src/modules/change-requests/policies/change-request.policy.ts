import { atLeast, authorizeLevel, siteReaderScope, type Role } from '@quire/access';
import { forbidden, notFound } from '@quire/errors';
import type { MembershipResolver } from '@quire/platform/membership';
import type { SqlExecutor } from '@quire/platform/sql';
import { findChangeRequestRow } from '../store/change-requests.store';
import type { ChangeRequest } from '../model/change-request';
import { type Space, authorizeSpaceAccess, type AuthorizedSpace } from '../../spaces';

export type ChangeRequestAction = 'read' | 'create' | 'edit' | 'update' | 'merge' | 'comment' | 'review';

// Who may do what on a space's change requests (docs/change-requests.md, Permissions), from the
// caller's level on the space: any member reads; `comment` comments, replies, reacts and
// resolves; `edit` opens change requests, imports into them, edits their subject and status and
// pulls main into them and asks for reviews; `review` (and above) reviews and merges into main.
const REQUIRED: Record<ChangeRequestAction, Role> = {
  read: 'read',
  comment: 'comment',
  create: 'edit',
  edit: 'edit',
  update: 'edit',
  merge: 'review',
  review: 'review',
};

/** Whether a caller at `level` may do `action` (for the `permissions` objects of presenters). */
export function allows(level: Role | null, action: ChangeRequestAction): boolean {
  return atLeast(level, REQUIRED[action]);
}

export interface AuthorizedChangeRequest extends AuthorizedSpace<Space> {
  changeRequest: ChangeRequest;
}

/**
 * The live space checked for `action`, then its change request by id or number. A non-member
 * gets 404 for the space; a change request of another space is as absent as an unknown one.
 */
export async function authorizeChangeRequest(
  db: SqlExecutor,
  membership: MembershipResolver,
  spaceId: string,
  changeRequestId: string,
  userId: string,
  action: ChangeRequestAction,
): Promise<AuthorizedChangeRequest> {
  const authorized = await authorizeSpaceFor(db, membership, spaceId, userId, action);
  const changeRequest = await findChangeRequestRow(db, authorized.space.id, changeRequestId);
  if (!changeRequest) throw notFound(`Change request ${changeRequestId} not found`);
  return { ...authorized, changeRequest };
}

/** The live space checked for a change-request `action` (creating and listing need no change request). */
export async function authorizeSpaceFor(
  db: SqlExecutor,
  membership: MembershipResolver,
  spaceId: string,
  userId: string,
  action: ChangeRequestAction,
): Promise<AuthorizedSpace<Space>> {
  // A site reader reads published content only: change requests are drafts, never published.
  if (siteReaderScope(userId)) throw forbidden('A site API token may not read or change change requests');
  const authorized = await authorizeSpaceAccess(db, membership, spaceId, userId, 'read', 'live');
  authorizeLevel(authorized.level, REQUIRED[action], `Space ${spaceId}`);
  return authorized;
}

/**
 * Whether `userId` may review the change requests of `spaceId` (`review` and above on the space,
 * by the same rule as the caller's): a reviewer asked for must be able to answer.
 */
export async function mayReview(db: SqlExecutor, membership: MembershipResolver, spaceId: string, userId: string): Promise<boolean> {
  try {
    const { level } = await authorizeSpaceAccess(db, membership, spaceId, userId, 'read', 'live');
    return allows(level, 'review');
  } catch {
    return false;
  }
}
