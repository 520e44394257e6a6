import { authorizeSite } from '../policies/site.policy';
import type { SiteWithCounts } from '../model/site';
import type { SiteCallerDeps, SiteRef } from './deps';
import { notFound } from '@quire/errors';
import { requireGroup } from './require-structure';
import { announceStructure, lockStructure } from './structure-changes';
import { SiteEvent } from '@quire/contracts';
import { updateSectionGroupRow, type SiteSectionGroupChanges } from '../store/section-groups.store';
import type { SiteSectionGroup } from '../model/site-structure';

export async function updateSectionGroup(
  deps: SiteCallerDeps,
  callerId: string,
  ref: SiteRef,
  groupId: string,
  changes: SiteSectionGroupChanges,
  now: Date,
): Promise<{ site: SiteWithCounts; group: SiteSectionGroup }> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manage');
  const group = await deps.db.transaction(async (tx) => {
    await lockStructure(tx, site);
    await requireGroup(tx, site.id, groupId);
    const updated = await updateSectionGroupRow(tx, groupId, changes);
    if (!updated) throw notFound(`Site section group ${groupId} not found`);
    await announceStructure(tx, site, SiteEvent.siteSectionGroupUpdated, { sectionGroupId: groupId, fields: Object.keys(changes).sort() }, now);
    return updated;
  });
  return { site, group };
}
