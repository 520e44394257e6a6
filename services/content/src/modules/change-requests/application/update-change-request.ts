import type { Caller } from '../../revisions';
import type { ContentHttpDeps } from '../../shared';
import type { Space } from '../../spaces';
import { updateChangeRequest as editChangeRequest } from '../domain/change-requests';
import type { ChangeRequest, ChangeRequestStatus } from '../model/change-request';
import { authorizeChangeRequest } from '../policies/change-request.policy';

/** A change request's subject or status (`edit`): one transaction with its event. */
export async function updateChangeRequest(
  deps: ContentHttpDeps,
  caller: Caller,
  input: { spaceId: string; changeRequestId: string; subject?: string; status?: Exclude<ChangeRequestStatus, 'merged'> },
): Promise<{ space: Space; changeRequest: ChangeRequest }> {
  const { space, changeRequest } = await authorizeChangeRequest(deps.db, deps.membership, input.spaceId, input.changeRequestId, caller.userId, 'edit');
  const target = { spaceId: space.id, organizationId: space.organizationId, id: changeRequest.id };
  const changes = { ...(input.subject !== undefined ? { subject: input.subject } : {}), ...(input.status !== undefined ? { status: input.status } : {}) };
  return { space, changeRequest: await editChangeRequest(deps.db, target, changes, deps.clock()) };
}
