import type { Role } from '@quire/access';
import type { PageRequest } from '@quire/input';
import { authorizeInOrganization, levelOnContent } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import { listSpaceRowsInOrganization } from '../store/spaces.store';
import type { SpaceWithCounts } from '../model/space';

/** The organization's spaces in tree order, deleted ones left out: any member lists, each at the caller's level. */
export async function listSpaces(
  { db, membership }: ContentAppDeps,
  caller: Caller,
  input: { organizationId: string; page: PageRequest },
): Promise<{ items: { space: SpaceWithCounts; level: Role | null }[]; total: number }> {
  const role = await authorizeInOrganization(membership, input.organizationId, caller.userId, 'read');
  const { rows, total } = await listSpaceRowsInOrganization(db, input.organizationId, input.page);
  return { items: rows.map((space) => ({ space, level: levelOnContent(role, space) })), total };
}
