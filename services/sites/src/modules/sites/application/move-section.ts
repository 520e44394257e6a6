import type { SqlDatabase } from '@quire/platform/sql';
import { requireSection } from './require-structure';
import { keyForPosition, type StructurePosition, type StructureSibling } from '../domain/site-structure';
import { announceStructure, lockStructure } from './structure-changes';
import { SiteEvent } from '@quire/contracts';
import { listSectionsOfGroups, listTopLevelItems, placeSections } from '../store/sections.store';
import type { SiteSection } from '../model/site-structure';
import type { Site } from '../model/site';

/**
 * Moves a section among its siblings (moveSiteSection): the site's top level for a section outside
 * groups, its group's sections otherwise (groups are entered and left through the section-group
 * endpoints); no position: the end of that sequence.
 */
export async function moveSection(
  db: SqlDatabase,
  site: Pick<Site, 'id' | 'organizationId' | 'title'>,
  sectionId: string,
  position: StructurePosition | undefined,
  now: Date,
): Promise<SiteSection> {
  return db.transaction(async (tx) => {
    await lockStructure(tx, site);
    const section = await requireSection(tx, site.id, sectionId);
    const groupId = section.sectionGroupId;
    const siblings: StructureSibling[] = groupId
      ? (await listSectionsOfGroups(tx, [groupId])).map((s) => ({ kind: 'site-section', id: s.id, position: s.position }))
      : await listTopLevelItems(tx, site.id);
    const key = await keyForPosition(siblings, section.id, position);
    await placeSections(tx, [{ id: section.id, groupId, position: key }]);
    await announceStructure(tx, site, SiteEvent.siteSectionMoved, { sectionId, sectionGroup: groupId }, now);
    return requireSection(tx, site.id, sectionId);
  });
}
