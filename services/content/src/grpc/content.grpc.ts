import type { Role } from '@quire/access';
import { bind, type ServiceBinding } from '@quire/platform/grpc';
import type { MembershipResolver } from '@quire/platform/membership';
import type { ServiceContext } from '@quire/platform/runtime';
import { content } from '@quire/proto';
import { levelOnContent } from '../policies/content.policy';
import { presentSpace } from '../presenters/space.presenter';
import { findActiveSpacesWithCounts, findSpaceById } from '../store/spaces.store';

const MAX_SPACES_PER_CALL = 1000;

/** Content's gRPC API for the other services (proto/quire/content.proto). */
export function contentGrpc({ db, urls, membership }: Pick<ServiceContext, 'db' | 'urls'> & { membership: MembershipResolver }): ServiceBinding[] {
  return [
    bind<content.ContentServer>(content.ContentService, {
      check: async () => ({
        service: 'content',
        ready: await db.ping().then(
          () => true,
          () => false,
        ),
      }),

      getSpaces: async ({ spaceIds, userId }) => {
        const ids = [...new Set(spaceIds)].slice(0, MAX_SPACES_PER_CALL);
        const rows = await findActiveSpacesWithCounts(db, ids);
        const roles = await rolesIn(
          membership,
          rows.map((r) => r.organizationId),
          userId,
        );
        const byId = new Map(rows.map((r) => [r.id, r]));
        const spaces: content.SpaceEntry[] = [];
        for (const id of ids) {
          const row = byId.get(id);
          if (!row) continue;
          const level = userId ? levelOnContent(roles.get(row.organizationId) ?? null, row) : null;
          if (userId && !level) continue;
          spaces.push({ id, organizationId: row.organizationId, level: level ?? '', spaceJson: JSON.stringify(presentSpace(row, level, urls)) });
        }
        return { spaces };
      },

      checkSpaceAccess: async ({ spaceId, userId }) => {
        const space = spaceId ? await findSpaceById(db, spaceId) : null;
        if (!space || space.deletedAt) return { exists: false, organizationId: '', level: '' };
        const role = userId ? (await membership.membership(space.organizationId, userId)).role : null;
        return { exists: true, organizationId: space.organizationId, level: levelOnContent(role, space) ?? '' };
      },
    }),
  ];
}

/** The user's role in each organization (one cached membership lookup per organization). */
async function rolesIn(membership: MembershipResolver, organizationIds: string[], userId: string): Promise<Map<string, Role | null>> {
  if (!userId) return new Map();
  const distinct = [...new Set(organizationIds)];
  const answers = await Promise.all(distinct.map((org) => membership.membership(org, userId)));
  return new Map(distinct.map((org, i) => [org, answers[i]?.role ?? null]));
}
