import type { Caller } from '../../revisions';
import type { ContentHttpDeps } from '../../shared';
import type { Space } from '../../spaces';
import { createChangeRequest as openChangeRequest } from '../domain/change-requests';
import type { ChangeRequest } from '../model/change-request';
import { authorizeSpaceFor } from '../policies/change-request.policy';

/** Opens a change request on a space (`create`): one transaction with its `change_request.created` event. */
export async function createChangeRequest(
  deps: ContentHttpDeps,
  caller: Caller,
  input: { spaceId: string; subject: string },
): Promise<{ space: Space; changeRequest: ChangeRequest }> {
  const { space } = await authorizeSpaceFor(deps.db, deps.membership, input.spaceId, caller.userId, 'create');
  const request = { spaceId: space.id, organizationId: space.organizationId, userId: caller.userId, subject: input.subject, status: 'open' as const };
  return { space, changeRequest: await openChangeRequest(deps.db, request, deps.clock()) };
}
