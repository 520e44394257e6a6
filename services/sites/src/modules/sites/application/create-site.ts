import { newId } from '@quire/ids';
import { enqueueEvent } from '@quire/platform/outbox';
import type { Role } from '@quire/access';
import type { SqlDatabase } from '@quire/platform/sql';
import { authorizeSitesOfOrganization } from '../policies/site.policy';
import type { SiteCallerDeps, SitesReadDeps } from './deps';
import { resolveSpacesForSite } from './resolve-spaces-for-site';
import { ensureSiteDefaults } from './ensure-site-defaults';
import { type SpaceToAttach } from '../domain/site-spaces';
import { attachSpace } from './attach-space';
import { reloadSite } from './require-structure';
import { outboxEvent, SiteEvent, SITES_TOPIC } from '@quire/contracts';
import { insertSite } from '../store/sites.store';
import type { SiteWithCounts } from '../model/site';

/**
 * Creates a site as the caller (the `create` role), with the given spaces at its root, in order,
 * the first one as the default; the spaces are checked with content as the caller first.
 */
export async function createSite(
  deps: SiteCallerDeps & Pick<SitesReadDeps, 'clients'>,
  callerId: string,
  input: { organizationId: string; type: string; title: string; visibility: string; spaceIds: readonly string[] },
  now: Date,
): Promise<{ site: SiteWithCounts; role: Role }> {
  const role = await authorizeSitesOfOrganization(deps, input.organizationId, callerId, 'manage');
  const spaces = await resolveSpacesForSite(deps.clients.content(), input.organizationId, input.spaceIds, callerId);
  const site = await insertSiteWithSpaces(deps.db, { ...input, spaces }, callerId, now);
  return { site, role };
}

async function insertSiteWithSpaces(
  db: SqlDatabase,
  input: { organizationId: string; type: string; title: string; visibility: string; spaces: readonly SpaceToAttach[] },
  callerId: string,
  now: Date,
): Promise<SiteWithCounts> {
  return db.transaction(async (tx) => {
    const site = await insertSite(
      tx,
      { id: newId(), organizationId: input.organizationId, type: input.type, title: input.title, visibility: input.visibility },
      now,
    );
    // Announced first: the site spaces' own events follow it.
    await enqueueEvent(
      tx,
      outboxEvent(SITES_TOPIC, site.id, SiteEvent.siteCreated, {
        organizationId: input.organizationId,
        siteId: site.id,
        title: site.title,
        type: site.type,
        visibility: site.visibility,
        spaces: input.spaces.map((s) => s.id),
        createdBy: callerId,
      }),
      now,
    );
    for (const space of input.spaces) await attachSpace(tx, site, space, null, now);
    // The first one becomes the root's default.
    await ensureSiteDefaults(tx, site.id);
    return reloadSite(tx, input.organizationId, site.id);
  });
}
