import type { Caller } from '../../revisions';
import type { ContentHttpDeps } from '../../shared';
import { authorizeChangeRequest, type AuthorizedChangeRequest } from '../policies/change-request.policy';

/** A change request of a space, by id or number (`read`). */
export function getChangeRequest(deps: ContentHttpDeps, caller: Caller, input: { spaceId: string; changeRequestId: string }): Promise<AuthorizedChangeRequest> {
  return authorizeChangeRequest(deps.db, deps.membership, input.spaceId, input.changeRequestId, caller.userId, 'read');
}
