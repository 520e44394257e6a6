import type { CommentAppDeps } from '../model/comment-app-deps';
import { markdownBody, type PostedBody } from '../domain/comment-body';
import { postReply as insertReply, type CommentActor } from '../domain/comments';
import type { Reply } from '../model/comment';

/** A reply to a comment; a body posted as a document is converted first (a conversion thread). */
export async function postReply(
  { db, clock, conversions }: CommentAppDeps,
  actor: CommentActor,
  input: { commentId: string; body: PostedBody },
): Promise<Reply> {
  return insertReply(db, actor, input.commentId, await markdownBody(input.body, conversions), clock());
}
