import type { Role } from '@quire/access';
import type { MembershipResolver } from '@quire/platform/membership';
import type { SqlExecutor } from '@quire/platform/sql';
import { levelOnContent } from '../../content-tree';
import { findSpace } from '../store/spaces.store';

/** Whether a live space exists, its organization, and a user's level on it (gRPC CheckSpaceAccess; no user: no level). */
export async function checkSpaceAccess(
  { db, membership }: { db: SqlExecutor; membership: MembershipResolver },
  input: { spaceId: string; userId: string },
): Promise<{ exists: false } | { exists: true; organizationId: string; level: Role | null }> {
  const space = input.spaceId ? await findSpace(db, input.spaceId) : null;
  if (!space || space.deletedAt) return { exists: false };
  const level = input.userId ? await levelOnContent(db, membership, space, input.userId) : null;
  return { exists: true, organizationId: space.organizationId, level };
}
