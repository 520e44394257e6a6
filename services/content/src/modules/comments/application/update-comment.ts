import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import { forbidden } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase } from '@quire/platform/sql';
import { withMarkdownBody, type PostedBody } from '../domain/comment-body';
import { commentFacts, mayEditBody, type CommentActor, type CommentChanges } from '../domain/comments';
import { setCommentResolution, updateCommentBody } from '../store/comments.store';
import type { Comment } from '../model/comment';
import type { CommentAppDeps } from '../model/comment-app-deps';
import { applyReactions, heldComment } from './held-comments';

/** Edits, resolves or reacts to a comment (the rules of who may do which: domain/comments.ts). */
export async function updateComment(
  { db, clock, conversions }: CommentAppDeps,
  actor: CommentActor,
  input: { commentId: string; changes: Omit<CommentChanges, 'body'> & { body?: PostedBody } },
): Promise<Comment> {
  return changeComment(db, actor, input.commentId, await withMarkdownBody(input.changes, conversions), clock());
}

/** The command of updateComment: the body (its author), resolved or reopened (any commenter), the caller's reactions. */
export async function changeComment(db: SqlDatabase, actor: CommentActor, commentId: string, changes: CommentChanges, now: Date): Promise<Comment> {
  return db.transaction(async (tx) => {
    const comment = await heldComment(tx, actor, commentId, true);
    let updated = comment;
    if (changes.body !== undefined) {
      if (!mayEditBody(actor, comment.postedBy)) throw forbidden('Only its author can edit a comment');
      updated = await updateCommentBody(tx, comment.id, changes.body.markdown, now);
    }
    const isResolved = comment.resolvedAt !== null;
    if (changes.resolved !== undefined && changes.resolved !== isResolved) {
      updated = await setCommentResolution(tx, comment.id, changes.resolved ? actor.userId : null, now);
      if (changes.resolved)
        await enqueueEvent(
          tx,
          outboxEvent(CONTENT_TOPIC, actor.spaceId, ContentEvent.commentResolved, { ...commentFacts(actor, comment.id), resolvedBy: actor.userId }),
          now,
        );
    }
    await applyReactions(tx, comment.id, actor.userId, changes, now);
    return updated;
  });
}
