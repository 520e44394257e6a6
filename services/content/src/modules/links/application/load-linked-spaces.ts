import type { Role } from '@quire/access';
import type { MembershipResolver } from '@quire/platform/membership';
import type { IdentityClient } from '@quire/platform/grpc';
import type { SqlExecutor } from '@quire/platform/sql';
import { loadContentAccesses, type ContentAccess } from '../../content-tree';
import { findActiveSpacesWithCounts, type SpaceWithCounts } from '../../spaces';

/** The organizations and spaces links name, as the caller may see them. */
export interface LinkedSpaces {
  /** Each organization as identity presents it for the caller (reference: Organization), by id. */
  organizations: Map<string, Record<string, unknown> & { id: string }>;
  /** The other spaces named that the caller can read, with the caller's level on each. */
  spaces: { space: SpaceWithCounts; level: Role }[];
}

/**
 * The other spaces links name, fetched once per answer — one spaces query, one GetOrganizations
 * call to identity, the caller's access loaded once per organization. A named space that is deleted, unknown, or that the caller has no level on is
 * left out: its links read as broken, and nothing of it is shown.
 */
export async function loadLinkedSpaces(
  deps: { db: SqlExecutor; identity: IdentityClient; membership: MembershipResolver },
  userId: string,
  current: SpaceWithCounts,
  otherSpaceIds: readonly string[],
): Promise<LinkedSpaces> {
  const others = await findActiveSpacesWithCounts(
    deps.db,
    [...new Set(otherSpaceIds)].filter((id) => id !== current.id),
  );
  const orgIds = [...new Set([current.organizationId, ...others.map((s) => s.organizationId)])];
  const { organizations: found } = await deps.identity.getOrganizations({ organizationIds: orgIds, userId });
  const organizations: LinkedSpaces['organizations'] = new Map();
  for (const org of found) organizations.set(org.id, JSON.parse(org.json) as Record<string, unknown> & { id: string });
  const otherOrgIds = [...new Set(others.map((s) => s.organizationId))];
  const accesses = await loadContentAccesses(deps.db, deps.membership, otherOrgIds, userId);
  const accessIn = new Map<string, ContentAccess>(accesses.map((a) => [a.organizationId, a]));
  const spaces: LinkedSpaces['spaces'] = [];
  for (const space of others) {
    const level = accessIn.get(space.organizationId)?.levelOf(space) ?? null;
    if (level && organizations.has(space.organizationId)) spaces.push({ space, level });
  }
  return { organizations, spaces };
}
