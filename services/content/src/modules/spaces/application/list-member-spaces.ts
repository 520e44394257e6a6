import { authorizeLevel, type Role } from '@quire/access';
import { notFound } from '@quire/errors';
import type { PageRequest } from '@quire/input';
import { authorizeContentReader, loadContentAccess, visibleSpaces } from '../../content-tree';
import type { Caller, ContentAppDeps } from '../../shared';
import { listSpaceRowsInOrganization } from '../store/spaces.store';
import type { SpaceWithCounts } from '../model/space';

/**
 * listSpacesForOrganizationMember: the organization's live spaces a member (or guest) can access,
 * in tree order, each with their level on it (`permission`) and the caller's (`level`, for the
 * Space shown). Anyone may list their own; someone else's needs the organization's `admin` role
 * (a guest asking gets 404, a member below admin 403).
 * Someone with no access to anything of the organization is a 404.
 */
export async function listMemberSpaces(
  { db, membership }: ContentAppDeps,
  caller: Caller,
  input: { organizationId: string; userId: string; page: PageRequest },
): Promise<{ items: { space: SpaceWithCounts; permission: Role; level: Role | null }[]; total: number }> {
  const mine = await authorizeContentReader(db, membership, input.organizationId, caller.userId);
  if (input.userId !== caller.userId) authorizeLevel(mine.orgRole, 'admin', `Organization ${input.organizationId}`);
  const theirs = input.userId === caller.userId ? mine : await loadContentAccess(db, membership, input.organizationId, input.userId);
  if (!theirs.orgRole && !theirs.guest && !theirs.hasGrants) throw notFound(`Member ${input.userId} not found`);
  const { rows, total } = await listSpaceRowsInOrganization(db, input.organizationId, input.page, await visibleSpaces(db, theirs));
  return {
    items: rows.map((space) => ({ space, permission: theirs.levelOf(space) ?? 'read', level: mine.levelOf(space) })),
    total,
  };
}
