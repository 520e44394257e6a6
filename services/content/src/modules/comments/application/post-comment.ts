import type { CommentAppDeps } from '../model/comment-app-deps';
import { markdownBody, type PostedBody } from '../domain/comment-body';
import { postComment as insertComment, type CommentActor } from '../domain/comments';
import type { Comment } from '../model/comment';

export type PostCommentInput = Omit<Parameters<typeof insertComment>[3], 'body'> & { body: PostedBody };

/** A new comment on the actor's change request; a body posted as a document is converted first (a conversion thread). */
export async function postComment({ db, cache, clock, conversions }: CommentAppDeps, actor: CommentActor, input: PostCommentInput): Promise<Comment> {
  return insertComment(db, cache, actor, { ...input, body: await markdownBody(input.body, conversions) }, clock());
}
