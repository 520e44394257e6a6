import type { Principal } from '@quire/access';
import { notFound } from '@quire/errors';
import type { ContentAppDeps } from '../../shared';
import { findReply } from '../store/comments.store';
import type { CommentFormat, CommentScope, Reply } from '../model/comment';
import { commentAccess, type CommentPath } from './comment-access';
import { heldComment } from './held-comments';

/** One reply to a comment of a change request the caller reads; 404 for an unknown comment or reply. */
export async function getReply(
  deps: Pick<ContentAppDeps, 'db' | 'membership'>,
  principal: Principal,
  input: CommentPath & { commentId: string; replyId: string; format?: CommentFormat },
): Promise<{ reply: Reply; scope: CommentScope }> {
  const { actor, scope } = await commentAccess(deps, principal, input, 'read', input.format);
  const comment = await heldComment(deps.db, actor, input.commentId);
  const reply = await findReply(deps.db, comment.id, input.replyId);
  if (!reply) throw notFound(`Reply ${input.replyId} not found`);
  return { reply, scope };
}
