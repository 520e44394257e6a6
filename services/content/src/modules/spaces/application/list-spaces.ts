import type { Role } from '@quire/access';
import type { PageRequest } from '@quire/input';
import { authorizeContentReader, visibleSpaces } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import { listSpaceRowsInOrganization } from '../store/spaces.store';
import type { SpaceWithCounts } from '../model/space';

/**
 * The organization's spaces in tree order, deleted ones left out, each at the caller's level: a
 * member or a guest lists, and sees only the spaces they have a level on (the filter is applied in
 * the query, so pages and `count` agree).
 */
export async function listSpaces(
  { db, membership }: ContentAppDeps,
  caller: Caller,
  input: { organizationId: string; page: PageRequest },
): Promise<{ items: { space: SpaceWithCounts; level: Role | null }[]; total: number }> {
  const access = await authorizeContentReader(db, membership, input.organizationId, caller.userId);
  const { rows, total } = await listSpaceRowsInOrganization(db, input.organizationId, input.page, await visibleSpaces(db, access));
  return { items: rows.map((space) => ({ space, level: access.levelOf(space) })), total };
}
