import type { Logger } from '@quire/common';
import type { Caller } from '../../revisions';
import type { ContentHttpDeps } from '../../shared';
import { pullMainIntoChangeRequest as pullMain, type MergeAnswer } from '../domain/merge-change-request';
import { authorizeChangeRequest } from '../policies/change-request.policy';

/** Takes main's changes into a change request (`update`): one transaction under the space's lock (domain/merge-change-request.ts). */
export async function pullMainIntoChangeRequest(
  deps: ContentHttpDeps & { log: Logger },
  caller: Caller,
  input: { spaceId: string; changeRequestId: string },
): Promise<MergeAnswer<'update'>> {
  const { space, changeRequest } = await authorizeChangeRequest(deps.db, deps.membership, input.spaceId, input.changeRequestId, caller.userId, 'update');
  const target = { spaceId: space.id, organizationId: space.organizationId, changeRequestId: changeRequest.id, userId: caller.userId };
  return pullMain({ db: deps.db, clock: deps.clock, log: deps.log }, target);
}
