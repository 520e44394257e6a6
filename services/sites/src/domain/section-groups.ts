import { badRequest, notFound } from '@quire/errors';
import { newId } from '@quire/ids';
import type { SqlDatabase, SqlExecutor } from '@quire/platform/sql';
import { SiteEvent } from '../events/sites-events';
import {
  deleteSectionGroup as deleteSectionGroupRow,
  findSectionGroup,
  insertSectionGroup,
  setSectionGroupPosition,
  updateSectionGroup as updateSectionGroupRow,
  type SiteSectionGroupChanges,
  type SiteSectionGroup,
} from '../store/section-groups.store';
import { findSection, listAllSections, listSectionsOfGroups, listTopLevelItems, placeSections, type SiteSection } from '../store/sections.store';
import type { Site } from '../store/sites.store';
import { loadSectionViews, type SectionView } from './sections';
import { announceStructure, keyForPosition, keysAtEnd, keysBetween, lockStructure, type StructurePosition } from './site-structure';

type SiteRef = Pick<Site, 'id' | 'organizationId'>;

/** A group with its sections (each with its visible site spaces), in order: what a SiteSectionGroup response shows. */
export interface SectionGroupView {
  group: SiteSectionGroup;
  sections: SectionView[];
}

/**
 * Creates a section group (addSectionGroupToSite) holding the listed sections of the site, in the
 * order listed (repeats ignored; 400 naming `sections.N` for one that is not the site's). The group
 * takes the place of its first section when that one was at the top level, else goes at the end.
 */
export async function createSectionGroup(
  db: SqlDatabase,
  site: SiteRef,
  input: { title: string; icon: string | null; sections: readonly string[] },
  now: Date,
): Promise<SiteSectionGroup> {
  return db.transaction(async (tx) => {
    await lockStructure(tx, site);
    const members = resolveSections(await listAllSections(tx, site.id), input.sections);
    const first = members[0];
    const position = first && first.sectionGroupId === null ? first.position : (keysAtEnd(await listTopLevelItems(tx, site.id), 1)[0] as string);
    const group = await insertSectionGroup(tx, { id: newId(), siteId: site.id, title: input.title, icon: input.icon, position }, now);
    const keys = keysAtEnd([], members.length);
    await placeSections(
      tx,
      members.map((s, i) => ({ id: s.id, groupId: group.id, position: keys[i] as string })),
    );
    await announceStructure(
      tx,
      site,
      SiteEvent.siteSectionGroupCreated,
      { sectionGroupId: group.id, title: group.title, sections: members.map((s) => s.id) },
      now,
    );
    return group;
  });
}

export async function updateSectionGroup(
  db: SqlDatabase,
  site: SiteRef,
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

/** Deletes a group; its sections go back to the site's top level where the group was, in their order. False when there was none. */
export async function deleteSectionGroup(db: SqlDatabase, site: SiteRef, groupId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockStructure(tx, site);
    const group = await findSectionGroup(tx, site.id, groupId);
    if (!group) return false;
    const members = await listSectionsOfGroups(tx, [group.id]);
    const { below, above } = topLevelNeighbours(await listTopLevelItems(tx, site.id), group);
    const keys = keysBetween(below, above, members.length);
    await placeSections(
      tx,
      members.map((s, i) => ({ id: s.id, groupId: null, position: keys[i] as string })),
    );
    await deleteSectionGroupRow(tx, site.id, group.id);
    await announceStructure(tx, site, SiteEvent.siteSectionGroupDeleted, { sectionGroupId: group.id, sections: members.map((s) => s.id) }, now);
    return true;
  });
}

/** Puts a section of the site at the end of the group (addSectionToGroup); nothing changes when it is in it already. */
export async function addSectionToGroup(db: SqlDatabase, site: SiteRef, groupId: string, sectionId: string, now: Date): Promise<SiteSectionGroup> {
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

/**
 * Takes a section out of the group, to the site's top level right after the group
 * (removeSectionFromGroup); false when it was not in the group.
 */
export async function removeSectionFromGroup(db: SqlDatabase, site: SiteRef, groupId: string, sectionId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
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

/** Moves a group among the site's top-level items (moveSiteSectionGroup); no position: the end of the site. */
export async function moveSectionGroup(
  db: SqlDatabase,
  site: SiteRef,
  groupId: string,
  position: StructurePosition | undefined,
  now: Date,
): Promise<SiteSectionGroup> {
  return db.transaction(async (tx) => {
    await lockStructure(tx, site);
    const group = await requireGroup(tx, site.id, groupId);
    const key = await keyForPosition(await listTopLevelItems(tx, site.id), group.id, position);
    const moved = await setSectionGroupPosition(tx, group.id, key);
    if (!moved) throw notFound(`Site section group ${groupId} not found`);
    await announceStructure(tx, site, SiteEvent.siteSectionGroupMoved, { sectionGroupId: group.id }, now);
    return moved;
  });
}

/** The given groups with their sections and those sections' visible site spaces (two queries for all). */
export async function loadSectionGroupViews(db: SqlExecutor, groups: readonly SiteSectionGroup[]): Promise<SectionGroupView[]> {
  const sections = await loadSectionViews(
    db,
    await listSectionsOfGroups(
      db,
      groups.map((g) => g.id),
    ),
  );
  return groups.map((group) => ({ group, sections: sections.filter((s) => s.section.sectionGroupId === group.id) }));
}

async function requireGroup(tx: SqlExecutor, siteId: string, groupId: string): Promise<SiteSectionGroup> {
  const group = await findSectionGroup(tx, siteId, groupId);
  if (!group) throw notFound(`Site section group ${groupId} not found`);
  return group;
}

/** The named sections of the site in the order named, repeats dropped; a 400 naming the field of one that is not the site's. */
function resolveSections(sections: readonly SiteSection[], ids: readonly string[], field = (i: number) => `sections.${i}`): SiteSection[] {
  const byId = new Map(sections.map((s) => [s.id, s]));
  const resolved = new Map<string, SiteSection>();
  ids.forEach((id, i) => {
    const section = byId.get(id);
    if (!section) throw badRequest(`Invalid body field "${field(i)}": no section ${id} in this site`);
    resolved.set(id, section);
  });
  return [...resolved.values()];
}

/** The keys of the top-level items right below and right above `item` (null: none). */
function topLevelNeighbours(
  items: readonly { id: string; position: string }[],
  item: { id: string; position: string },
): { below: string | null; above: string | null } {
  const others = items.filter((i) => i.id !== item.id);
  return {
    below: others.filter((i) => i.position < item.position).pop()?.position ?? null,
    above: others.find((i) => i.position > item.position)?.position ?? null,
  };
}
