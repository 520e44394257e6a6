import type { Principal } from '@quire/access';
import { authorizeChangeRequest, type ChangeRequestAction } from '../../change-requests';
import type { ContentAppDeps } from '../../shared';
import type { CommentActor } from '../domain/comments';
import type { CommentFormat, CommentScope } from '../model/comment';

/** The change request of a comment route, as a comment command's actor and as the scope of its answer. */
export interface CommentAccess {
  actor: CommentActor;
  scope: CommentScope;
}

/** The path of every comment route. */
export interface ChangeRequestPath {
  spaceId: string;
  changeRequestId: string;
}

/**
 * The change request a comment route names, checked for `action` (members read; `comment` posts,
 * replies, reacts and resolves).
 */
export async function commentAccess(
  deps: Pick<ContentAppDeps, 'db' | 'membership'>,
  principal: Principal,
  path: ChangeRequestPath,
  action: ChangeRequestAction,
  format: CommentFormat = 'markdown',
): Promise<CommentAccess> {
  const { space, level, changeRequest } = await authorizeChangeRequest(deps.db, deps.membership, path.spaceId, path.changeRequestId, principal.userId, action);
  return {
    actor: { spaceId: space.id, organizationId: space.organizationId, changeRequest, userId: principal.userId, level },
    scope: { space, changeRequestId: changeRequest.id, caller: { userId: principal.userId, level }, format },
  };
}

/**
 * The `authorize` of routes that take a comment body: the caller may comment, checked before the
 * body is parsed; the route hands what it returns to the use case.
 */
export const commentAuthor =
  (deps: Pick<ContentAppDeps, 'db' | 'membership'>) =>
  ({ params, query, principal }: { params: ChangeRequestPath; query?: { format?: CommentFormat }; principal: Principal }): Promise<CommentAccess> =>
    commentAccess(deps, principal, params, 'comment', query?.format);
