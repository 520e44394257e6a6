import { notFound } from '@quire/errors';
import type { ContentAppDeps } from '../../shared';
import type { CommentActor } from '../domain/comments';
import { findReply } from '../store/comments.store';
import type { Reply } from '../model/comment';
import { getComment } from './get-comment';

/** One reply to a comment of the actor's change request; 404 for an unknown comment or reply. */
export async function getReply(deps: Pick<ContentAppDeps, 'db'>, actor: CommentActor, input: { commentId: string; replyId: string }): Promise<Reply> {
  const comment = await getComment(deps, actor, input);
  const reply = await findReply(deps.db, comment.id, input.replyId);
  if (!reply) throw notFound(`Reply ${input.replyId} not found`);
  return reply;
}
