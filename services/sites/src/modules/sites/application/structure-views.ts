import type { SqlExecutor } from '@quire/platform/sql';
import type { SectionGroupView } from '../domain/section-groups';
import type { SectionView } from '../domain/sections';
import type { SiteSection, SiteSectionGroup } from '../model/site-structure';
import { listSectionsOfGroups } from '../store/sections.store';
import { listVisibleSiteSpacesOfSections } from '../store/site-spaces.store';

/** The given sections with their visible site spaces, in the order given (one query for all). */
export async function loadSectionViews(db: SqlExecutor, sections: readonly SiteSection[]): Promise<SectionView[]> {
  const siteSpaces = await listVisibleSiteSpacesOfSections(
    db,
    sections.map((s) => s.id),
  );
  return sections.map((section) => ({ section, siteSpaces: siteSpaces.filter((s) => s.sectionId === section.id) }));
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
