import type { ContentAppDeps } from '../../shared';
import { removeComment, type CommentActor } from '../domain/comments';

/** Deletes a comment with its replies: its author or a space admin. */
export function deleteComment({ db }: Pick<ContentAppDeps, 'db'>, actor: CommentActor, input: { commentId: string }): Promise<void> {
  return removeComment(db, actor, input.commentId);
}
