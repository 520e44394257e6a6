import { siteReaderMayReadSpace, siteReaderScope, type Role } from '@quire/access';
import type { MembershipResolver } from '@quire/platform/membership';
import type { SqlExecutor } from '@quire/platform/sql';
import { loadContentAccesses, type ContentAccess } from '../../content-tree';
import { listLiveSpaceRows } from '../store/spaces.store';
import type { SpaceWithCounts } from '../model/space';

const MAX_SPACES_PER_CALL = 1000;

/**
 * Live spaces by id for another service (gRPC GetSpaces), in the order asked, unknown ones left
 * out. With a `userId`, each at that user's level and those the user cannot read left out; without
 * one (a service asking for itself), every one with no level.
 */
export async function readSpaces(
  { db, membership }: { db: SqlExecutor; membership: MembershipResolver },
  input: { spaceIds: string[]; userId: string },
): Promise<{ space: SpaceWithCounts; level: Role | null }[]> {
  const ids = [...new Set(input.spaceIds)].slice(0, MAX_SPACES_PER_CALL);
  const rows = await listLiveSpaceRows(db, ids);
  const reader = input.userId ? siteReaderScope(input.userId) : null;
  const accesses = reader
    ? new Map<string, ContentAccess>()
    : await accessIn(
        db,
        membership,
        rows.map((r) => r.organizationId),
        input.userId,
      );
  const byId = new Map(rows.map((r) => [r.id, r]));
  // A site reader (a published site's apiToken) reads the spaces its token lists, at `read`.
  const levelOf = (space: SpaceWithCounts): Role | null =>
    reader ? (siteReaderMayReadSpace(reader, space) ? 'read' : null) : (accesses.get(space.organizationId)?.levelOf(space) ?? null);
  const found: { space: SpaceWithCounts; level: Role | null }[] = [];
  for (const id of ids) {
    const space = byId.get(id);
    if (!space) continue;
    const level = input.userId ? levelOf(space) : null;
    if (input.userId && !level) continue;
    found.push({ space, level });
  }
  return found;
}

/** The user's access in each organization (two queries for all of them, whatever the number of spaces). */
async function accessIn(db: SqlExecutor, membership: MembershipResolver, organizationIds: string[], userId: string): Promise<Map<string, ContentAccess>> {
  if (!userId) return new Map();
  const answers = await loadContentAccesses(db, membership, organizationIds, userId);
  return new Map(answers.map((a) => [a.organizationId, a]));
}
