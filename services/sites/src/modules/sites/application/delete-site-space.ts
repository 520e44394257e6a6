import type { SqlDatabase } from '@quire/platform/sql';
import { ensureSiteDefaults } from './ensure-site-defaults';
import { announceStructure, lockStructure } from './structure-changes';
import { SiteEvent } from '@quire/contracts';
import { deleteSiteSpaceRow } from '../store/site-spaces.store';
import type { Site } from '../model/site';

/** Removes a site space (hidden ones too); another one of its parent takes over as default. False when there was none. */
export async function deleteSiteSpace(db: SqlDatabase, site: Pick<Site, 'id' | 'organizationId'>, siteSpaceId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
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
