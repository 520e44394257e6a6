import type { ContentAppDeps } from '../../shared';
import { removeReply, type CommentActor } from '../domain/comments';

/** Deletes a reply: its author or a space admin. */
export function deleteReply({ db }: Pick<ContentAppDeps, 'db'>, actor: CommentActor, input: { commentId: string; replyId: string }): Promise<void> {
  return removeReply(db, actor, input.commentId, input.replyId);
}
