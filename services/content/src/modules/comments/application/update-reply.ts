import type { CommentAppDeps } from '../model/comment-app-deps';
import { withMarkdownBody, type PostedBody } from '../domain/comment-body';
import { updateReply as changeReply, type CommentActor, type CommentChanges } from '../domain/comments';
import type { Reply } from '../model/comment';

/** Edits or reacts to a reply (`resolved` is ignored: replies have no status). */
export async function updateReply(
  { db, clock, conversions }: CommentAppDeps,
  actor: CommentActor,
  input: { commentId: string; replyId: string; changes: Omit<CommentChanges, 'body'> & { body?: PostedBody } },
): Promise<Reply> {
  return changeReply(db, actor, input.commentId, input.replyId, await withMarkdownBody(input.changes, conversions), clock());
}
