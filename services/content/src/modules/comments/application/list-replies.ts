import type { Principal } from '@quire/access';
import type { PageRequest } from '@quire/input';
import type { Paged } from '@quire/platform/sql';
import type { ContentAppDeps } from '../../shared';
import { listReplyRows } from '../store/comments.store';
import type { CommentFormat, CommentScope, Reply } from '../model/comment';
import { commentAccess, type CommentPath } from './comment-access';
import { heldComment } from './held-comments';

/** The replies to one comment of a change request the caller reads (404 for an unknown comment), with the scope of the answer. */
export async function listReplies(
  deps: Pick<ContentAppDeps, 'db' | 'membership'>,
  principal: Principal,
  input: CommentPath & { commentId: string; page: PageRequest; format?: CommentFormat },
): Promise<Paged<Reply> & { scope: CommentScope }> {
  const { actor, scope } = await commentAccess(deps, principal, input, 'read', input.format);
  const comment = await heldComment(deps.db, actor, input.commentId);
  const { rows, total } = await listReplyRows(deps.db, comment.id, input.page);
  return { rows, total, scope };
}
