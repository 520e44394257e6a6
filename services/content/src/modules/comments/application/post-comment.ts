import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import { badRequest } from '@quire/errors';
import { newId } from '@quire/ids';
import type { Cache } from '@quire/platform/cache';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase } from '@quire/platform/sql';
import { loadRevision } from '../../revisions';
import { markdownBody, type MarkdownBody, type PostedBody } from '../domain/comment-body';
import { commentFacts, type CommentActor } from '../domain/comments';
import { insertComment } from '../store/comments.store';
import type { Comment, TableCellTarget } from '../model/comment';
import type { CommentAppDeps } from '../model/comment-app-deps';

export interface CommentPost {
  body: MarkdownBody;
  page?: string;
  node?: string;
  tableCell?: TableCellTarget;
}

export type PostCommentInput = Omit<CommentPost, 'body'> & { body: PostedBody };

/**
 * A new comment on the actor's change request or space (the route's `authorize`, commentAuthor, made the
 * actor); a body posted as a document is converted first (a conversion thread).
 */
export async function postComment({ db, cache, clock, conversions }: CommentAppDeps, actor: CommentActor, input: PostCommentInput): Promise<Comment> {
  return postMarkdownComment(db, cache, actor, { ...input, body: await markdownBody(input.body, conversions) }, clock());
}

/** The command of postComment, its body in markdown: one transaction with its comment.created event. */
export async function postMarkdownComment(db: SqlDatabase, cache: Cache, actor: CommentActor, post: CommentPost, now: Date): Promise<Comment> {
  const body = post.body.markdown;
  // The change request's current revision (its pages are what a reviewer sees and comments on), or
  // the space's: a comment keeps the revision it was posted on, so its page stays readable after a
  // merge removes it from the space.
  const revisionId = actor.revisionId;
  if (post.page !== undefined) {
    const { index } = await loadRevision(db, cache, actor.spaceId, revisionId);
    const where = actor.changeRequest ? `change request #${actor.changeRequest.number}` : `space ${actor.spaceId}`;
    if (!index.page(post.page)) throw badRequest(`Invalid body field "page": page ${post.page} is not in ${where}`);
  }
  const id = newId();
  return db.transaction(async (tx) => {
    const comment = await insertComment(tx, {
      id,
      changeRequestId: actor.changeRequest?.id ?? null,
      spaceId: actor.spaceId,
      postedBy: actor.userId,
      body,
      revisionId,
      pageId: post.page ?? null,
      nodeId: post.node ?? null,
      tableCell: post.tableCell ?? null,
      postedAt: now,
    });
    await enqueueEvent(tx, outboxEvent(CONTENT_TOPIC, actor.spaceId, ContentEvent.commentCreated, { ...commentFacts(actor, id), postedBy: actor.userId }), now);
    return comment;
  });
}
