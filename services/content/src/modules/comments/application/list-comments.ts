import type { Principal } from '@quire/access';
import type { PageRequest } from '@quire/input';
import type { Paged } from '@quire/platform/sql';
import type { ContentAppDeps } from '../../shared';
import { homeOf } from '../domain/comments';
import { listCommentRows, type CommentFilter } from '../store/comments.store';
import type { Comment, CommentFormat, CommentScope } from '../model/comment';
import { commentAccess, type CommentPath } from './comment-access';

/** The comments of a change request (or of a space's live content) the caller reads, filtered and paged, with the scope of the answer. */
export async function listComments(
  deps: Pick<ContentAppDeps, 'db' | 'membership'>,
  principal: Principal,
  input: CommentPath & { filter: CommentFilter; page: PageRequest; format?: CommentFormat },
): Promise<Paged<Comment> & { scope: CommentScope }> {
  const { actor, scope } = await commentAccess(deps, principal, input, 'read', input.format);
  const { rows, total } = await listCommentRows(deps.db, homeOf(actor), input.filter, input.page);
  return { rows, total, scope };
}
