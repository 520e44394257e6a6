import type { PageRequest } from '@quire/input';
import type { Paged } from '@quire/platform/sql';
import type { ContentAppDeps } from '../../shared';
import type { CommentActor } from '../domain/comments';
import { listReplies as listStored } from '../store/comments.store';
import type { Reply } from '../model/comment';
import { getComment } from './get-comment';

/** The replies to one comment of the actor's change request (404 for an unknown comment). */
export async function listReplies(
  deps: Pick<ContentAppDeps, 'db'>,
  actor: CommentActor,
  input: { commentId: string; page: PageRequest },
): Promise<Paged<Reply>> {
  const comment = await getComment(deps, actor, input);
  return listStored(deps.db, comment.id, input.page);
}
