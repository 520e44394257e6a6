import { authorizeSite } from '../policies/site.policy';
import type { SiteWithCounts } from '../model/site';
import type { SiteCallerDeps, SiteRef } from './deps';
import { conflict, notFound } from '@quire/errors';
import { requireSiteSpace } from './require-structure';
import { announceStructure, lockStructure } from './structure-changes';
import { SiteEvent } from '@quire/contracts';
import { listSiteSpacesIn, updateSiteSpaceRow, type SiteSpaceChanges } from '../store/site-spaces.store';
import type { SiteSpace } from '../model/site-structure';

/** Changes a site space's path (distinct among its siblings, else 409) and condition. */
export async function updateSiteSpace(
  deps: SiteCallerDeps,
  callerId: string,
  ref: SiteRef,
  siteSpaceId: string,
  changes: SiteSpaceChanges,
  now: Date,
): Promise<{ site: SiteWithCounts; siteSpace: SiteSpace }> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manage');
  const siteSpace = await deps.db.transaction(async (tx) => {
    await lockStructure(tx, site);
    const siteSpace = await requireSiteSpace(tx, site.id, siteSpaceId);
    if (changes.path !== undefined && changes.path !== siteSpace.path) {
      const siblings = await listSiteSpacesIn(tx, site.id, siteSpace.sectionId);
      if (siblings.some((s) => s.id !== siteSpace.id && s.path === changes.path)) {
        throw conflict(
          `Invalid body field "path": another site space ${siteSpace.sectionId ? 'of this section' : 'at the root of this site'} already uses the path "${changes.path}"`,
        );
      }
    }
    const updated = await updateSiteSpaceRow(tx, siteSpace.id, changes);
    if (!updated) throw notFound(`Site space ${siteSpaceId} not found`);
    await announceStructure(tx, site, SiteEvent.siteSpaceUpdated, { siteSpaceId, fields: Object.keys(changes).sort() }, now);
    return updated;
  });
  return { site, siteSpace };
}
