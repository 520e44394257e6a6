import type { CommentAppDeps } from '../model/comment-app-deps';
import { withMarkdownBody, type PostedBody } from '../domain/comment-body';
import { updateComment as changeComment, type CommentActor, type CommentChanges } from '../domain/comments';
import type { Comment } from '../model/comment';

/** Edits, resolves or reacts to a comment (the rules of who may do which: domain/comments.ts). */
export async function updateComment(
  { db, clock, conversions }: CommentAppDeps,
  actor: CommentActor,
  input: { commentId: string; changes: Omit<CommentChanges, 'body'> & { body?: PostedBody } },
): Promise<Comment> {
  return changeComment(db, actor, input.commentId, await withMarkdownBody(input.changes, conversions), clock());
}
