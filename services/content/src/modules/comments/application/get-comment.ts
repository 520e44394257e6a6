import { notFound } from '@quire/errors';
import type { ContentAppDeps } from '../../shared';
import type { CommentActor } from '../domain/comments';
import { findComment } from '../store/comments.store';
import type { Comment } from '../model/comment';

/** One comment of the actor's change request; 404 for one it does not hold. */
export async function getComment({ db }: Pick<ContentAppDeps, 'db'>, actor: CommentActor, input: { commentId: string }): Promise<Comment> {
  const comment = await findComment(db, actor.changeRequest.id, input.commentId);
  if (!comment) throw notFound(`Comment ${input.commentId} not found`);
  return comment;
}
