import type { SqlExecutor } from '@quire/platform/sql';
import { listSectionGroups } from '../store/section-groups.store';
import { listAllSections, listTopLevelItems } from '../store/sections.store';
import { listSiteSpacesIn, type SiteSpace } from '../store/site-spaces.store';
import { loadSectionGroupViews, type SectionGroupView } from './section-groups';
import { loadSectionViews, type SectionView } from './sections';

/** One item of a site's top level in the published structure. */
export type PublishedItem = { kind: 'site-section'; view: SectionView } | { kind: 'site-section-group'; view: SectionGroupView };

/**
 * A site's published structure (reference SiteStructure): its sections and section groups in
 * navigation order when it has sections, else its visible root site spaces in order.
 */
export type PublishedStructureView = { type: 'sections'; items: PublishedItem[] } | { type: 'siteSpaces'; siteSpaces: SiteSpace[] };

// Every group of a site at once: the published profile is one document, not a page.
const ALL_GROUPS = { limit: Number.MAX_SAFE_INTEGER, offset: 0 };

export async function loadPublishedStructure(db: SqlExecutor, siteId: string): Promise<PublishedStructureView> {
  const sections = await listAllSections(db, siteId);
  if (sections.length === 0) {
    const siteSpaces = (await listSiteSpacesIn(db, siteId, null)).filter((s) => !s.hidden);
    return { type: 'siteSpaces', siteSpaces };
  }
  const [topLevel, groups] = await Promise.all([listTopLevelItems(db, siteId), listSectionGroups(db, siteId, ALL_GROUPS)]);
  const [sectionViews, groupViews] = await Promise.all([
    loadSectionViews(
      db,
      sections.filter((s) => s.sectionGroupId === null),
    ),
    loadSectionGroupViews(db, groups.rows),
  ]);
  const sectionById = new Map(sectionViews.map((v) => [v.section.id, v]));
  const groupById = new Map(groupViews.map((v) => [v.group.id, v]));
  const items = topLevel.flatMap((item): PublishedItem[] => {
    if (item.kind === 'site-section') {
      const view = sectionById.get(item.id);
      return view ? [{ kind: 'site-section', view }] : [];
    }
    const view = groupById.get(item.id);
    return view ? [{ kind: 'site-section-group', view }] : [];
  });
  return { type: 'sections', items };
}

/** The space of every site space the structure shows, for one GetSpaces call. */
export function spaceIdsOfStructure(structure: PublishedStructureView): string[] {
  if (structure.type === 'siteSpaces') return structure.siteSpaces.map((s) => s.spaceId);
  return structure.items.flatMap((item) => {
    const sections = item.kind === 'site-section' ? [item.view] : item.view.sections;
    return sections.flatMap((section) => section.siteSpaces.map((s) => s.spaceId));
  });
}
