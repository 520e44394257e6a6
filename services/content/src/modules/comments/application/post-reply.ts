import { newId } from '@quire/ids';
import type { SqlDatabase } from '@quire/platform/sql';
import { markdownBody, type MarkdownBody, type PostedBody } from '../domain/comment-body';
import type { CommentActor } from '../domain/comments';
import { insertReply } from '../store/comments.store';
import type { Reply } from '../model/comment';
import type { CommentAppDeps } from '../model/comment-app-deps';
import { heldComment } from './held-comments';

/** A reply to a comment; a body posted as a document is converted first (a conversion thread). */
export async function postReply(
  { db, clock, conversions }: CommentAppDeps,
  actor: CommentActor,
  input: { commentId: string; body: PostedBody },
): Promise<Reply> {
  return postMarkdownReply(db, actor, input.commentId, await markdownBody(input.body, conversions), clock());
}

/** The command of postReply, its body in markdown. */
export async function postMarkdownReply(db: SqlDatabase, actor: CommentActor, commentId: string, body: MarkdownBody, now: Date): Promise<Reply> {
  const markdown = body.markdown;
  return db.transaction(async (tx) => {
    // The comment's row is locked so that a reply never lands on a comment being deleted.
    const comment = await heldComment(tx, actor, commentId, true);
    return insertReply(tx, { id: newId(), commentId: comment.id, postedBy: actor.userId, body: markdown, postedAt: now });
  });
}
