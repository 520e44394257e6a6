import { type Role, isRole } from '@quire/access';
import type { IdentityClient } from '@quire/platform/grpc';
import type { SqlExecutor } from '@quire/platform/sql';
import type { UrlBuilder } from '@quire/urls';
import { levelOnContent } from '../../policies/content.policy';
import type { LinkedObjects, PresentedOrganization } from '../../presenters/link.presenter';
import { presentSpace, type PresentedSpace } from '../../presenters/space.presenter';
import { findActiveSpacesWithCounts, type SpaceWithCounts } from '../../store/spaces.store';

// The links routes' answer (docs/conventions.md, "Presenters are pure; answers do the reads"): the
// full objects link items embed (reference: ContentLocation embeds Organization and Space), fetched
// once per kind per answer — one GetOrganizations call to identity, one spaces query — and handed,
// presented for the caller, to presenters/link.presenter.ts.

export interface LinkedObjectsDeps {
  db: SqlExecutor;
  identity: IdentityClient;
  urls: UrlBuilder;
}

/**
 * The space being read (already authorized: `level`) and the other spaces links name. A named
 * space that is deleted, unknown, or that the caller has no level on is left out: its links read
 * as broken, and nothing of it is shown.
 */
export async function loadLinkedObjects(
  deps: LinkedObjectsDeps,
  userId: string,
  current: { space: SpaceWithCounts; level: Role },
  otherSpaceIds: readonly string[],
): Promise<LinkedObjects> {
  const others = await findActiveSpacesWithCounts(
    deps.db,
    [...new Set(otherSpaceIds)].filter((id) => id !== current.space.id),
  );
  const orgIds = [...new Set([current.space.organizationId, ...others.map((s) => s.organizationId)])];
  const { organizations: found } = await deps.identity.getOrganizations({ organizationIds: orgIds, userId });
  const organizations = new Map<string, PresentedOrganization>();
  const roles = new Map<string, Role>();
  for (const org of found) {
    organizations.set(org.id, JSON.parse(org.json) as PresentedOrganization);
    if (isRole(org.role)) roles.set(org.id, org.role);
  }
  const spaces = new Map<string, PresentedSpace>([[current.space.id, presentSpace(current.space, current.level, deps.urls)]]);
  for (const space of others) {
    const level = levelOnContent(roles.get(space.organizationId) ?? null, space);
    if (level && organizations.has(space.organizationId)) spaces.set(space.id, presentSpace(space, level, deps.urls));
  }
  return { organizations, spaces };
}
