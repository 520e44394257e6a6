import { authorizeSite } from '../policies/site.policy';
import type { SiteCallerDeps, SiteRef } from './deps';
import { topLevelNeighbours } from '../domain/section-groups';
import { requireGroup } from './require-structure';
import { keysBetween } from '../domain/site-structure';
import { announceStructure, lockStructure } from './structure-changes';
import { SiteEvent } from '@quire/contracts';
import { findSection, listTopLevelItems, placeSections } from '../store/sections.store';

/**
 * Takes a section out of the group, to the site's top level right after the group
 * (removeSectionFromGroup); false when it was not in the group.
 */
export async function removeSectionFromGroup(
  deps: SiteCallerDeps,
  callerId: string,
  ref: SiteRef,
  groupId: string,
  sectionId: string,
  now: Date,
): Promise<boolean> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manage');
  return deps.db.transaction(async (tx) => {
    await lockStructure(tx, site);
    const group = await requireGroup(tx, site.id, groupId);
    const section = await findSection(tx, site.id, sectionId);
    if (!section || section.sectionGroupId !== group.id) return false;
    const { above } = topLevelNeighbours(await listTopLevelItems(tx, site.id), group);
    const [position] = keysBetween(group.position, above, 1);
    await placeSections(tx, [{ id: section.id, groupId: null, position: position as string }]);
    await announceStructure(tx, site, SiteEvent.siteSectionMoved, { sectionId: section.id, sectionGroup: null, previousSectionGroup: group.id }, now);
    return true;
  });
}
