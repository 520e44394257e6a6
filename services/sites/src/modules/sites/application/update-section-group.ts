import { notFound } from '@quire/errors';
import type { SqlDatabase } from '@quire/platform/sql';
import { requireGroup } from './require-structure';
import { announceStructure, lockStructure } from './structure-changes';
import { SiteEvent } from '@quire/contracts';
import { updateSectionGroupRow, type SiteSectionGroupChanges } from '../store/section-groups.store';
import type { Site } from '../model/site';
import type { SiteSectionGroup } from '../model/site-structure';

export async function updateSectionGroup(
  db: SqlDatabase,
  site: Pick<Site, 'id' | 'organizationId'>,
  groupId: string,
  changes: SiteSectionGroupChanges,
  now: Date,
): Promise<SiteSectionGroup> {
  return db.transaction(async (tx) => {
    await lockStructure(tx, site);
    await requireGroup(tx, site.id, groupId);
    const updated = await updateSectionGroupRow(tx, groupId, changes);
    if (!updated) throw notFound(`Site section group ${groupId} not found`);
    await announceStructure(tx, site, SiteEvent.siteSectionGroupUpdated, { sectionGroupId: groupId, fields: Object.keys(changes).sort() }, now);
    return updated;
  });
}
