import { authorizeSite } from '../policies/site.policy';
import type { SiteWithCounts } from '../model/site';
import type { SiteCallerDeps, SiteRef } from './deps';
import { notFound } from '@quire/errors';
import { requireGroup } from './require-structure';
import { keyForPosition, type StructurePosition } from '../domain/site-structure';
import { announceStructure, lockStructure } from './structure-changes';
import { SiteEvent } from '@quire/contracts';
import { setSectionGroupPosition } from '../store/section-groups.store';
import { listTopLevelItems } from '../store/sections.store';
import type { SiteSectionGroup } from '../model/site-structure';

/** Moves a group among the site's top-level items (moveSiteSectionGroup); no position: the end of the site. */
export async function moveSectionGroup(
  deps: SiteCallerDeps,
  callerId: string,
  ref: SiteRef,
  groupId: string,
  position: StructurePosition | undefined,
  now: Date,
): Promise<{ site: SiteWithCounts; group: SiteSectionGroup }> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manage');
  const group = await deps.db.transaction(async (tx) => {
    await lockStructure(tx, site);
    const group = await requireGroup(tx, site.id, groupId);
    const key = await keyForPosition(await listTopLevelItems(tx, site.id), group.id, position);
    const moved = await setSectionGroupPosition(tx, group.id, key);
    if (!moved) throw notFound(`Site section group ${groupId} not found`);
    await announceStructure(tx, site, SiteEvent.siteSectionGroupMoved, { sectionGroupId: group.id }, now);
    return moved;
  });
  return { site, group };
}
