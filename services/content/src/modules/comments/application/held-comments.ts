import { notFound } from '@quire/errors';
import type { SqlExecutor } from '@quire/platform/sql';
import { homeOf, reactionChanges, type CommentActor, type CommentChanges } from '../domain/comments';
import { addReactions, findComment, findReply, removeReactions } from '../store/comments.store';
import type { Comment, Reply } from '../model/comment';

// The comment or reply a use case acts on, 404 when the actor's change request (or space) does not hold it.

/** The comment; `lock` holds its row until the transaction ends (a command decides on it). */
export async function heldComment(db: SqlExecutor, actor: CommentActor, commentId: string, lock = false): Promise<Comment> {
  const comment = await findComment(db, homeOf(actor), commentId, lock);
  if (!comment) throw notFound(`Comment ${commentId} not found`);
  return comment;
}

/** The reply to one of the change request's comments; `lock` holds the reply's row. */
export async function heldReply(db: SqlExecutor, actor: CommentActor, commentId: string, replyId: string, lock = false): Promise<Reply> {
  const comment = await findComment(db, homeOf(actor), commentId);
  const reply = comment ? await findReply(db, comment.id, replyId, lock) : null;
  if (!reply) throw notFound(`Reply ${replyId} not found`);
  return reply;
}

/** The caller's reactions a PUT adds and removes on a comment or a reply. */
export async function applyReactions(tx: SqlExecutor, subjectId: string, userId: string, changes: CommentChanges, now: Date): Promise<void> {
  const { added, removed } = reactionChanges(changes);
  await addReactions(tx, subjectId, userId, added, now);
  await removeReactions(tx, subjectId, userId, removed);
}
