import type { SqlExecutor } from '@quire/platform/sql';
import type { PublishedItem, PublishedStructureView } from '../domain/published-profile';
import { loadSectionGroupViews, loadSectionViews } from './structure-views';
import { listSectionGroupRows } from '../store/section-groups.store';
import { listAllSections, listTopLevelItems } from '../store/sections.store';
import { listSiteSpacesIn } from '../store/site-spaces.store';
import { listTopLevelExternalLinks } from '../store/external-links.store';

// Every group of a site at once: the published profile is one document, not a page.
const ALL_GROUPS = { limit: Number.MAX_SAFE_INTEGER, offset: 0 };

export async function loadPublishedStructure(db: SqlExecutor, siteId: string): Promise<PublishedStructureView> {
  const sections = await listAllSections(db, siteId);
  if (sections.length === 0) {
    const siteSpaces = (await listSiteSpacesIn(db, siteId, null)).filter((s) => !s.hidden);
    return { type: 'siteSpaces', siteSpaces };
  }
  const [topLevel, groups, links] = await Promise.all([
    listTopLevelItems(db, siteId),
    listSectionGroupRows(db, siteId, ALL_GROUPS),
    listTopLevelExternalLinks(db, siteId),
  ]);
  const [sectionViews, groupViews] = await Promise.all([
    loadSectionViews(
      db,
      sections.filter((s) => s.sectionGroupId === null),
    ),
    loadSectionGroupViews(db, groups.rows),
  ]);
  const sectionById = new Map(sectionViews.map((v) => [v.section.id, v]));
  const groupById = new Map(groupViews.map((v) => [v.group.id, v]));
  const linkById = new Map(links.map((l) => [l.id, l]));
  const items = topLevel.flatMap((item): PublishedItem[] => {
    if (item.kind === 'site-section') {
      const view = sectionById.get(item.id);
      return view ? [{ kind: 'site-section', view }] : [];
    }
    if (item.kind === 'site-external-link') {
      const link = linkById.get(item.id);
      return link ? [{ kind: 'site-external-link', link }] : [];
    }
    const view = groupById.get(item.id);
    return view ? [{ kind: 'site-section-group', view }] : [];
  });
  return { type: 'sections', items };
}
