import { conflict, notFound } from '@quire/errors';
import { newId } from '@quire/ids';
import type { SqlDatabase, SqlExecutor } from '@quire/platform/sql';
import { SiteEvent } from '../events/sites-events';
import {
  deleteSection as deleteSectionRow,
  findSection,
  insertSection,
  listAllSections,
  listSectionsOfGroups,
  listTopLevelItems,
  placeSections,
  updateSection as updateSectionRow,
  type SiteSectionChanges,
  type SiteSection,
} from '../store/sections.store';
import { listSiteSpacesIn, listVisibleSiteSpacesOfSections, placeSiteSpaces, type SiteSpace } from '../store/site-spaces.store';
import type { Site } from '../store/sites.store';
import { ensureSiteDefaults } from './site-defaults';
import { attachSpace, chooseDefaultSiteSpace, type SpaceToAttach } from './site-spaces';
import { announceStructure, keyForPosition, keysAtEnd, lockStructure, type StructurePosition, type StructureSibling } from './site-structure';
import { distinctPaths, pathFromTitle } from './sites-paths';

type SiteRef = Pick<Site, 'id' | 'organizationId' | 'title'>;

/** A section with its visible site spaces in order: what a SiteSection response shows. */
export interface SectionView {
  section: SiteSection;
  siteSpaces: SiteSpace[];
}

// Reference SiteSectionTitle: 2..128 characters.
const MIN_TITLE = 2;
const MAX_TITLE = 128;
const UNTITLED = 'Untitled section';

/** A section title made from a space's title (spaces may have an empty or one-letter title). */
export function sectionTitleFrom(title: string): string {
  const trimmed = title.trim().slice(0, MAX_TITLE);
  return trimmed.length >= MIN_TITLE ? trimmed : UNTITLED;
}

/**
 * Adds a section whose first site space is `space` (addSectionToSite), at the end of the site's
 * top level; its title defaults to the space's, its path comes from the title (distinct within
 * the site). A site gets either sections or site spaces at its root: when the first section is
 * added to a site whose spaces are at its root, those first move into a section of their own
 * (titled after the site, the default one), so no site space is left outside the sections.
 */
export async function createSection(
  db: SqlDatabase,
  site: SiteRef,
  input: { space: SpaceToAttach; title?: string; icon?: string | null },
  now: Date,
): Promise<SiteSection> {
  return db.transaction(async (tx) => {
    await lockStructure(tx, site);
    if ((await listAllSections(tx, site.id)).length === 0) await gatherRootIntoSection(tx, site, now);
    const title = input.title ?? sectionTitleFrom(input.space.title);
    const section = await appendSection(tx, site, { title, icon: input.icon ?? null }, now);
    const siteSpace = await attachSpace(tx, site, input.space, section.id, now);
    await ensureSiteDefaults(tx, site.id);
    await announceStructure(tx, site, SiteEvent.siteSectionCreated, { sectionId: section.id, title, path: section.path, siteSpaces: [siteSpace.id] }, now);
    return requireSection(tx, site.id, section.id);
  });
}

/** A section PATCH (updateSiteSectionById), validated in shape. */
export interface SectionUpdate extends SiteSectionChanges {
  defaultSiteSpace?: string;
}

/** Applies a section PATCH: a path of another section of the site is a 409; the default site space must be one of this section's (400). */
export async function updateSection(db: SqlDatabase, site: SiteRef, sectionId: string, update: SectionUpdate, now: Date): Promise<SiteSection> {
  const { defaultSiteSpace, ...changes } = update;
  return db.transaction(async (tx) => {
    await lockStructure(tx, site);
    const section = await requireSection(tx, site.id, sectionId);
    if (changes.path !== undefined && changes.path !== section.path) {
      const sections = await listAllSections(tx, site.id);
      if (sections.some((s) => s.id !== section.id && s.path === changes.path)) {
        throw conflict(`Invalid body field "path": another section of this site already uses the path "${changes.path}"`);
      }
    }
    if (defaultSiteSpace !== undefined) await chooseDefaultSiteSpace(tx, site.id, section.id, defaultSiteSpace);
    const updated = await updateSectionRow(tx, section.id, changes);
    if (!updated) throw notFound(`Site section ${sectionId} not found`);
    await announceStructure(tx, site, SiteEvent.siteSectionUpdated, { sectionId, fields: Object.keys(update).sort() }, now);
    return updated;
  });
}

/** Deletes a section and its site spaces; the first remaining section becomes the default if it was. False when there was none. */
export async function deleteSection(db: SqlDatabase, site: SiteRef, sectionId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockStructure(tx, site);
    const siteSpaces = await listSiteSpacesIn(tx, site.id, sectionId);
    const deleted = await deleteSectionRow(tx, site.id, sectionId);
    if (!deleted) return false;
    const { promotedSection } = await ensureSiteDefaults(tx, site.id);
    await announceStructure(
      tx,
      site,
      SiteEvent.siteSectionDeleted,
      { sectionId, sectionGroup: deleted.sectionGroupId, siteSpaces: siteSpaces.map((s) => s.id), wasDefault: deleted.isDefault, promotedSection },
      now,
    );
    return true;
  });
}

/**
 * Moves a section among its siblings (moveSiteSection): the site's top level for a section outside
 * groups, its group's sections otherwise (groups are entered and left through the section-group
 * endpoints); no position: the end of that sequence.
 */
export async function moveSection(db: SqlDatabase, site: SiteRef, sectionId: string, position: StructurePosition | undefined, now: Date): Promise<SiteSection> {
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

/** The given sections with their visible site spaces, in the order given (one query for all). */
export async function loadSectionViews(db: SqlExecutor, sections: readonly SiteSection[]): Promise<SectionView[]> {
  const siteSpaces = await listVisibleSiteSpacesOfSections(
    db,
    sections.map((s) => s.id),
  );
  return sections.map((section) => ({ section, siteSpaces: siteSpaces.filter((s) => s.sectionId === section.id) }));
}

export async function requireSection(tx: SqlExecutor, siteId: string, sectionId: string): Promise<SiteSection> {
  const section = await findSection(tx, siteId, sectionId);
  if (!section) throw notFound(`Site section ${sectionId} not found`);
  return section;
}

/** Inserts a section at the end of the site's top level, its path made from its title and distinct within the site. */
async function appendSection(tx: SqlExecutor, site: SiteRef, input: { title: string; icon: string | null }, now: Date): Promise<SiteSection> {
  const [path] = distinctPaths(
    [pathFromTitle(input.title, 'section')],
    (await listAllSections(tx, site.id)).map((s) => s.path),
  );
  const [position] = keysAtEnd(await listTopLevelItems(tx, site.id), 1);
  return insertSection(tx, { id: newId(), siteId: site.id, title: input.title, path: path as string, icon: input.icon, position: position as string }, now);
}

/** Moves the site spaces at the root of a site (hidden ones too, keeping their keys) into a new section titled after the site. */
async function gatherRootIntoSection(tx: SqlExecutor, site: SiteRef, now: Date): Promise<void> {
  const rootSiteSpaces = await listSiteSpacesIn(tx, site.id, null);
  if (rootSiteSpaces.length === 0) return;
  const section = await appendSection(tx, site, { title: sectionTitleFrom(site.title), icon: null }, now);
  await placeSiteSpaces(
    tx,
    rootSiteSpaces.map((s) => ({ id: s.id, sectionId: section.id, position: s.position })),
  );
  await announceStructure(
    tx,
    site,
    SiteEvent.siteSectionCreated,
    { sectionId: section.id, title: section.title, path: section.path, siteSpaces: rootSiteSpaces.map((s) => s.id), fromRoot: true },
    now,
  );
}
