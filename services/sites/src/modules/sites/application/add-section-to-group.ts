import type { SqlDatabase } from '@quire/platform/sql';
import { resolveSections } from '../domain/section-groups';
import { requireGroup } from './require-structure';
import { keysAtEnd } from '../domain/site-structure';
import { announceStructure, lockStructure } from './structure-changes';
import { SiteEvent } from '@quire/contracts';
import { listAllSections, listSectionsOfGroups, placeSections } from '../store/sections.store';
import type { Site } from '../model/site';
import type { SiteSectionGroup } from '../model/site-structure';

/** Puts a section of the site at the end of the group (addSectionToGroup); nothing changes when it is in it already. */
export async function addSectionToGroup(
  db: SqlDatabase,
  site: Pick<Site, 'id' | 'organizationId'>,
  groupId: string,
  sectionId: string,
  now: Date,
): Promise<SiteSectionGroup> {
  return db.transaction(async (tx) => {
    await lockStructure(tx, site);
    const group = await requireGroup(tx, site.id, groupId);
    const [section] = resolveSections(await listAllSections(tx, site.id), [sectionId], () => 'sectionId');
    if (!section || section.sectionGroupId === group.id) return group;
    const [position] = keysAtEnd(await listSectionsOfGroups(tx, [group.id]), 1);
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
}
