import type { Principal } from '@quire/access';
import type { CommentActor } from '../domain/comments';
import { authorizeChangeRequest, type ChangeRequestAction } from '../../change-requests';
import type { CommentFormat } from '../presenters/comment.presenter';
import type { CommentDeps, CommentScope } from './comment-answers';

/**
 * The change request a comment route names, checked for `action`, as the actor of a command and
 * the scope of an answer (members read; `comment` posts, replies, reacts and resolves).
 */
export async function commentAccess(
  deps: CommentDeps,
  params: { spaceId: string; changeRequestId: string },
  principal: Principal,
  action: ChangeRequestAction,
  format: CommentFormat = 'markdown',
): Promise<{ actor: CommentActor; scope: CommentScope }> {
  const { space, level, changeRequest } = await authorizeChangeRequest(
    deps.db,
    deps.membership,
    params.spaceId,
    params.changeRequestId,
    principal.userId,
    action,
  );
  return {
    actor: { spaceId: space.id, organizationId: space.organizationId, changeRequest, userId: principal.userId, level },
    scope: { space, changeRequestId: changeRequest.id, caller: { userId: principal.userId, level }, format },
  };
}

/** The `authorize` of routes that take a comment body: the caller may comment, checked before the body is parsed. */
export const commentAuthor =
  (deps: CommentDeps) =>
  ({ params, principal }: { params: { spaceId: string; changeRequestId: string }; principal: Principal }) =>
    commentAccess(deps, params, principal, 'comment');
