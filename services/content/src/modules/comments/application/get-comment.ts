import type { Principal } from '@quire/access';
import type { ContentAppDeps } from '../../shared';
import type { Comment, CommentFormat, CommentScope } from '../model/comment';
import { commentAccess, type CommentPath } from './comment-access';
import { heldComment } from './held-comments';

/** One comment of a change request the caller reads, with the scope of its answer; 404 for one it does not hold. */
export async function getComment(
  deps: Pick<ContentAppDeps, 'db' | 'membership'>,
  principal: Principal,
  input: CommentPath & { commentId: string; format?: CommentFormat },
): Promise<{ comment: Comment; scope: CommentScope }> {
  const { actor, scope } = await commentAccess(deps, principal, input, 'read', input.format);
  return { comment: await heldComment(deps.db, actor, input.commentId), scope };
}
