import type { Principal } from '@quire/access';
import type { PageRequest } from '@quire/input';
import type { Paged } from '@quire/platform/sql';
import type { ContentAppDeps } from '../../shared';
import { listCommentRows, type CommentFilter } from '../store/comments.store';
import type { Comment, CommentFormat, CommentScope } from '../model/comment';
import { commentAccess, type ChangeRequestPath } from './comment-access';

/** The comments of a change request the caller reads, filtered and paged, with the scope of the answer. */
export async function listComments(
  deps: Pick<ContentAppDeps, 'db' | 'membership'>,
  principal: Principal,
  input: ChangeRequestPath & { filter: CommentFilter; page: PageRequest; format?: CommentFormat },
): Promise<Paged<Comment> & { scope: CommentScope }> {
  const { actor, scope } = await commentAccess(deps, principal, input, 'read', input.format);
  const { rows, total } = await listCommentRows(deps.db, actor.changeRequest.id, input.filter, input.page);
  return { rows, total, scope };
}
