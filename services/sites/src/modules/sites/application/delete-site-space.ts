import { authorizeSite } from '../policies/site.policy';
import type { SiteCallerDeps, SiteRef } from './deps';
import { ensureSiteDefaults } from './ensure-site-defaults';
import { announceStructure, lockStructure } from './structure-changes';
import { SiteEvent } from '@quire/contracts';
import { deleteSiteSpaceRow } from '../store/site-spaces.store';

/** Removes a site space (hidden ones too); another one of its parent takes over as default. False when there was none. */
export async function deleteSiteSpace(deps: SiteCallerDeps, callerId: string, ref: SiteRef, siteSpaceId: string, now: Date): Promise<boolean> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manage');
  return deps.db.transaction(async (tx) => {
    await lockStructure(tx, site);
    const deleted = await deleteSiteSpaceRow(tx, site.id, siteSpaceId);
    if (!deleted) return false;
    await ensureSiteDefaults(tx, site.id);
    await announceStructure(
      tx,
      site,
      SiteEvent.siteSpaceDeleted,
      { siteSpaceId, sectionId: deleted.sectionId, spaceId: deleted.spaceId, wasDefault: deleted.isDefault },
      now,
    );
    return true;
  });
}
