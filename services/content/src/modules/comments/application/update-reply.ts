import { forbidden } from '@quire/errors';
import type { SqlDatabase } from '@quire/platform/sql';
import { withMarkdownBody, type PostedBody } from '../domain/comment-body';
import { mayEditBody, type CommentActor, type CommentChanges } from '../domain/comments';
import { updateReplyBody } from '../store/comments.store';
import type { Reply } from '../model/comment';
import type { CommentAppDeps } from '../model/comment-app-deps';
import { applyReactions, heldReply } from './held-comments';

/** Edits or reacts to a reply (`resolved` is ignored: replies have no status). */
export async function updateReply(
  { db, clock, conversions }: CommentAppDeps,
  actor: CommentActor,
  input: { commentId: string; replyId: string; changes: Omit<CommentChanges, 'body'> & { body?: PostedBody } },
): Promise<Reply> {
  return changeReply(db, actor, input.commentId, input.replyId, await withMarkdownBody(input.changes, conversions), clock());
}

/** The command of updateReply: its body (its author) and the caller's reactions. */
export async function changeReply(
  db: SqlDatabase,
  actor: CommentActor,
  commentId: string,
  replyId: string,
  changes: CommentChanges,
  now: Date,
): Promise<Reply> {
  return db.transaction(async (tx) => {
    const reply = await heldReply(tx, actor, commentId, replyId, true);
    let updated = reply;
    if (changes.body !== undefined) {
      if (!mayEditBody(actor, reply.postedBy)) throw forbidden('Only its author can edit a reply');
      updated = await updateReplyBody(tx, reply.id, changes.body.markdown, now);
    }
    await applyReactions(tx, reply.id, actor.userId, changes, now);
    return updated;
  });
}
