import type { Principal } from '@quire/access';
import { forbidden } from '@quire/errors';
import type { SqlDatabase } from '@quire/platform/sql';
import type { ContentAppDeps } from '../../shared';
import { mayDelete, type CommentActor } from '../domain/comments';
import { deleteCommentRows } from '../store/comments.store';
import { commentAccess, type CommentPath } from './comment-access';
import { heldComment } from './held-comments';

/** Deletes a comment with its replies: a commenter who is its author or a space admin. */
export async function deleteComment(
  deps: Pick<ContentAppDeps, 'db' | 'membership'>,
  principal: Principal,
  input: CommentPath & { commentId: string },
): Promise<void> {
  const { actor } = await commentAccess(deps, principal, input, 'comment');
  await removeComment(deps.db, actor, input.commentId);
}

/** The command of deleteComment: the comment, its replies and their reactions. */
export async function removeComment(db: SqlDatabase, actor: CommentActor, commentId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const comment = await heldComment(tx, actor, commentId, true);
    if (!mayDelete(actor, comment.postedBy)) throw forbidden('Only its author or a space admin can delete a comment');
    await deleteCommentRows(tx, comment.id);
  });
}
