import type { Principal } from '@quire/access';
import { forbidden } from '@quire/errors';
import type { SqlDatabase } from '@quire/platform/sql';
import type { ContentAppDeps } from '../../shared';
import { mayDelete, type CommentActor } from '../domain/comments';
import { deleteReplyRows } from '../store/comments.store';
import { commentAccess, type CommentPath } from './comment-access';
import { heldReply } from './held-comments';

/** Deletes a reply: a commenter who is its author or a space admin. */
export async function deleteReply(
  deps: Pick<ContentAppDeps, 'db' | 'membership'>,
  principal: Principal,
  input: CommentPath & { commentId: string; replyId: string },
): Promise<void> {
  const { actor } = await commentAccess(deps, principal, input, 'comment');
  await removeReply(deps.db, actor, input.commentId, input.replyId);
}

/** The command of deleteReply: the reply and its reactions. */
export async function removeReply(db: SqlDatabase, actor: CommentActor, commentId: string, replyId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const reply = await heldReply(tx, actor, commentId, replyId, true);
    if (!mayDelete(actor, reply.postedBy)) throw forbidden('Only its author or a space admin can delete a reply');
    await deleteReplyRows(tx, reply.id);
  });
}
