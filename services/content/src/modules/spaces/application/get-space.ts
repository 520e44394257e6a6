import type { Caller, ContentAppDeps } from '../../shared';
import { authorizeSpace, type AuthorizedSpace } from '../policies/space.policy';

/** A space at the caller's level; a deleted one still answers (with deletedAt) until it is purged, so it can be restored. */
export function getSpace({ db, membership }: ContentAppDeps, caller: Caller, input: { spaceId: string }): Promise<AuthorizedSpace> {
  return authorizeSpace(db, membership, input.spaceId, caller.userId, 'read');
}
