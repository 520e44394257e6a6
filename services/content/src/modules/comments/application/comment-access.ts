import type { Principal } from '@quire/access';
import { authorizeChangeRequest, authorizeSpaceFor, type ChangeRequestAction } from '../../change-requests';
import type { ContentAppDeps } from '../../shared';
import type { CommentActor } from '../domain/comments';
import type { CommentFormat, CommentScope } from '../model/comment';

/** The change request or space of a comment route, as a comment command's actor and as the scope of its answer. */
export interface CommentAccess {
  actor: CommentActor;
  scope: CommentScope;
}

/** The path of every comment route: a change request's comments, or (no `changeRequestId`) a space's. */
export interface CommentPath {
  spaceId: string;
  changeRequestId?: string;
}

/**
 * The change request (or the space, for comments on its live content) a comment route names,
 * checked for `action` by the change-request policy, the one rule of both kinds (members read;
 * `comment` posts, replies, reacts and resolves).
 */
export async function commentAccess(
  deps: Pick<ContentAppDeps, 'db' | 'membership'>,
  principal: Principal,
  path: CommentPath,
  action: Extract<ChangeRequestAction, 'read' | 'comment'>,
  format: CommentFormat = 'markdown',
): Promise<CommentAccess> {
  const { userId } = principal;
  const { space, level, changeRequest } =
    path.changeRequestId === undefined
      ? { ...(await authorizeSpaceFor(deps.db, deps.membership, path.spaceId, userId, action)), changeRequest: null }
      : await authorizeChangeRequest(deps.db, deps.membership, path.spaceId, path.changeRequestId, userId, action);
  const revisionId = changeRequest ? changeRequest.revisionId : space.revisionId;
  return {
    actor: { spaceId: space.id, organizationId: space.organizationId, changeRequest, revisionId, userId, level },
    scope: { space, changeRequestId: changeRequest?.id ?? null, caller: { userId, level }, format },
  };
}

/**
 * The `authorize` of routes that take a comment body: the caller may comment, checked before the
 * body is parsed; the route hands what it returns to the use case.
 */
export const commentAuthor =
  (deps: Pick<ContentAppDeps, 'db' | 'membership'>) =>
  ({ params, query, principal }: { params: CommentPath; query?: { format?: CommentFormat }; principal: Principal }): Promise<CommentAccess> =>
    commentAccess(deps, principal, params, 'comment', query?.format);
