import type { SqlExecutor } from '@quire/platform/sql';
import type { SectionGroupView } from '../domain/section-groups';
import type { SectionView } from '../domain/sections';
import type { SiteSection, SiteSectionGroup } from '../model/site-structure';
import { listSectionsOfGroups } from '../store/sections.store';
import { listVisibleSiteSpacesOfSections } from '../store/site-spaces.store';
import { listExternalLinksOfGroups } from '../store/external-links.store';

/** The given sections with their visible site spaces, in the order given (one query for all). */
export async function loadSectionViews(db: SqlExecutor, sections: readonly SiteSection[]): Promise<SectionView[]> {
  const siteSpaces = await listVisibleSiteSpacesOfSections(
    db,
    sections.map((s) => s.id),
  );
  return sections.map((section) => ({ section, siteSpaces: siteSpaces.filter((s) => s.sectionId === section.id) }));
}

/** The given groups with their sections, those sections' visible site spaces and their external links (three queries for all). */
export async function loadSectionGroupViews(db: SqlExecutor, groups: readonly SiteSectionGroup[]): Promise<SectionGroupView[]> {
  const groupIds = groups.map((g) => g.id);
  const [sections, links] = await Promise.all([loadSectionViews(db, await listSectionsOfGroups(db, groupIds)), listExternalLinksOfGroups(db, groupIds)]);
  return groups.map((group) => ({
    group,
    sections: sections.filter((s) => s.section.sectionGroupId === group.id),
    links: links.filter((l) => l.sectionGroupId === group.id),
  }));
}
