import type { Logger } from '@quire/common';
import type { Caller } from '../../revisions';
import type { ContentHttpDeps } from '../../shared';
import { mergeChangeRequest as mergeIntoMain, type MergeAnswer } from '../domain/merge-change-request';
import { authorizeChangeRequest } from '../policies/change-request.policy';

/** Merges a change request into main (`merge`): one transaction under the space's lock (domain/merge-change-request.ts). */
export async function mergeChangeRequest(
  deps: ContentHttpDeps & { log: Logger },
  caller: Caller,
  input: { spaceId: string; changeRequestId: string },
): Promise<MergeAnswer<'merge'>> {
  const { space, changeRequest } = await authorizeChangeRequest(deps.db, deps.membership, input.spaceId, input.changeRequestId, caller.userId, 'merge');
  const target = { spaceId: space.id, organizationId: space.organizationId, changeRequestId: changeRequest.id, userId: caller.userId };
  return mergeIntoMain({ db: deps.db, clock: deps.clock, log: deps.log }, target);
}
