import { badRequest } from '@quire/errors';
import { loadRevision } from '../../revisions';
import { type PagePathChange, pagePathChanges } from '../domain/page-path-changes';
import type { PageReadDeps } from './current-revision-of';

/**
 * How page paths changed between two revisions of a space (gRPC ListPagePathChanges: sites keep a
 * moved page's old address working). A revision that is not the space's is a 404 (NOT_FOUND).
 */
export async function listPagePathChanges(
  deps: PageReadDeps,
  input: { spaceId: string; fromRevisionId: string; toRevisionId: string },
): Promise<PagePathChange[]> {
  for (const field of ['spaceId', 'fromRevisionId', 'toRevisionId'] as const)
    if (!input[field] || input[field].length > 128) throw badRequest(`Invalid field "${field}": an id of 1 to 128 characters`);
  const [from, to] = await Promise.all([
    loadRevision(deps.db, deps.cache, input.spaceId, input.fromRevisionId),
    loadRevision(deps.db, deps.cache, input.spaceId, input.toRevisionId),
  ]);
  return pagePathChanges(from.revision.tree.pages, to.revision.tree.pages);
}
