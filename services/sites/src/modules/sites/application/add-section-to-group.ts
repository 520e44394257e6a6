import { authorizeSite } from '../policies/site.policy';
import type { SiteWithCounts } from '../model/site';
import type { SiteCallerDeps, SiteRef } from './deps';
import { resolveSections } from '../domain/section-groups';
import { requireGroup } from './require-structure';
import { keysAtEnd } from '../domain/site-structure';
import { announceStructure, lockStructure } from './structure-changes';
import { SiteEvent } from '@quire/contracts';
import { listAllSections, listGroupChildren, placeSections } from '../store/sections.store';
import type { SiteSectionGroup } from '../model/site-structure';

/** Puts a section of the site at the end of the group (addSectionToGroup); nothing changes when it is in it already. */
export async function addSectionToGroup(
  deps: SiteCallerDeps,
  callerId: string,
  ref: SiteRef,
  groupId: string,
  sectionId: string,
  now: Date,
): Promise<{ site: SiteWithCounts; group: SiteSectionGroup }> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manage');
  const group = await deps.db.transaction(async (tx) => {
    await lockStructure(tx, site);
    const group = await requireGroup(tx, site.id, groupId);
    const [section] = resolveSections(await listAllSections(tx, site.id), [sectionId], () => 'sectionId');
    if (!section || section.sectionGroupId === group.id) return group;
    const [position] = keysAtEnd(await listGroupChildren(tx, group.id), 1);
    await placeSections(tx, [{ id: section.id, groupId: group.id, position: position as string }]);
    await announceStructure(
      tx,
      site,
      SiteEvent.siteSectionMoved,
      { sectionId: section.id, sectionGroup: group.id, previousSectionGroup: section.sectionGroupId },
      now,
    );
    return group;
  });
  return { site, group };
}
