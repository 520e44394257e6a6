import { notFound } from '@quire/errors';
import type { ContentAppDeps } from '../../shared';
import type { CommentActor } from '../domain/comments';
import { findComment, type Comment } from '../store/comments.store';

/** One comment of the actor's change request; 404 for one it does not hold. */
export async function getComment({ db }: Pick<ContentAppDeps, 'db'>, actor: CommentActor, input: { commentId: string }): Promise<Comment> {
  const comment = await findComment(db, actor.changeRequest.id, input.commentId);
  if (!comment) throw notFound(`Comment ${input.commentId} not found`);
  return comment;
}
