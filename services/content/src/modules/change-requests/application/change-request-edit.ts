import type { Caller, EditRequest } from '../../revisions';
import { changeRequestHead } from './change-request-head';
import type { ChangeRequestTarget } from '../domain/merge-answer';
import type { ContentHttpDeps } from '../../shared';
import type { SpaceMergeRules } from '../../spaces';
import { authorizeChangeRequest } from '../policies/change-request.policy';

/** A page of a change request. */
export interface ChangeRequestPage {
  spaceId: string;
  changeRequestId: string;
  pageId: string;
}

/** An edit of a change request's content by the caller (`edit`), for commitEdit: the change request's head. */
export async function changeRequestEdit(deps: ContentHttpDeps, caller: Caller, target: { spaceId: string; changeRequestId: string }): Promise<EditRequest> {
  const { space, changeRequest } = await authorizeChangeRequest(deps.db, deps.membership, target.spaceId, target.changeRequestId, caller.userId, 'edit');
  return { head: changeRequestHead(space.id, changeRequest.id, caller.userId), organizationId: space.organizationId, userId: caller.userId };
}

/** What a merge or an update of the change request locks and writes, once the caller may do `action`, and the space's merge rules. */
export async function mergeTarget(
  deps: ContentHttpDeps,
  caller: Caller,
  input: { spaceId: string; changeRequestId: string },
  action: 'merge' | 'update',
): Promise<ChangeRequestTarget & { mergeRules: SpaceMergeRules }> {
  const { space, changeRequest } = await authorizeChangeRequest(deps.db, deps.membership, input.spaceId, input.changeRequestId, caller.userId, action);
  return { spaceId: space.id, organizationId: space.organizationId, changeRequestId: changeRequest.id, userId: caller.userId, mergeRules: space.mergeRules };
}
