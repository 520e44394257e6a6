import type { PageRequest } from '@quire/input';
import type { Paged } from '@quire/platform/sql';
import type { ContentAppDeps } from '../../shared';
import type { CommentActor } from '../domain/comments';
import { listComments as listStored, type CommentFilter } from '../store/comments.store';
import type { Comment } from '../model/comment';

/** The comments of the actor's change request (authorized by policies/comment-access.ts before), filtered and paged. */
export function listComments(
  { db }: Pick<ContentAppDeps, 'db'>,
  actor: CommentActor,
  input: { filter: CommentFilter; page: PageRequest },
): Promise<Paged<Comment>> {
  return listStored(db, actor.changeRequest.id, input.filter, input.page);
}
