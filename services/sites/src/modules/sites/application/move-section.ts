import { authorizeSite } from '../policies/site.policy';
import type { SiteWithCounts } from '../model/site';
import type { SiteCallerDeps, SiteRef } from './deps';
import { requireSection } from './require-structure';
import { keyForPosition, type StructurePosition, type StructureSibling } from '../domain/site-structure';
import { announceStructure, lockStructure } from './structure-changes';
import { SiteEvent } from '@quire/contracts';
import { listGroupChildren, listTopLevelItems, placeSections } from '../store/sections.store';
import type { SiteSection } from '../model/site-structure';

/**
 * Moves a section among its siblings (moveSiteSection): the site's top level for a section outside
 * groups, its group's sections otherwise (groups are entered and left through the section-group
 * endpoints); a group's external links are siblings of its sections; no position: the end of that sequence.
 */
export async function moveSection(
  deps: SiteCallerDeps,
  callerId: string,
  ref: SiteRef,
  sectionId: string,
  position: StructurePosition | undefined,
  now: Date,
): Promise<{ site: SiteWithCounts; section: SiteSection }> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manage');
  const section = await deps.db.transaction(async (tx) => {
    await lockStructure(tx, site);
    const section = await requireSection(tx, site.id, sectionId);
    const groupId = section.sectionGroupId;
    const siblings: StructureSibling[] = groupId ? await listGroupChildren(tx, groupId) : await listTopLevelItems(tx, site.id);
    const key = await keyForPosition(siblings, section.id, position);
    await placeSections(tx, [{ id: section.id, groupId, position: key }]);
    await announceStructure(tx, site, SiteEvent.siteSectionMoved, { sectionId, sectionGroup: groupId }, now);
    return requireSection(tx, site.id, sectionId);
  });
  return { site, section };
}
