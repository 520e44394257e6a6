import type { SectionGroupView } from '../domain/section-groups';
import type { SpaceCatalog } from '../domain/space-embedder';
import { presentSiteExternalLink } from './site-external-link.presenter';
import { presentSiteSection } from './site-section.presenter';
import type { StructureUrls } from './site-space.presenter';

/** Whether draft external links are shown: to editors (structure, sort), not to visitors (published profile). */
export interface DraftsShown {
  drafts: boolean;
}

/**
 * Reference schema SiteSectionGroup: `sections` (deprecated there) holds the group's sections as full
 * SiteSection objects, `children` those and its external links in one order (groups do not nest here).
 */
export function presentSiteSectionGroup(
  { group, sections, links }: SectionGroupView,
  spaces: SpaceCatalog,
  where: StructureUrls,
  shown: DraftsShown = { drafts: true },
) {
  const presented = sections.map((view) => ({ position: view.section.position, item: presentSiteSection(view, spaces, where) }));
  const presentedLinks = links.filter((l) => shown.drafts || !l.draft).map((link) => ({ position: link.position, item: presentSiteExternalLink(link) }));
  const children = [...presented, ...presentedLinks].sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0)).map((c) => c.item);
  return {
    object: 'site-section-group' as const,
    id: group.id,
    title: group.title,
    ...(group.icon !== null ? { icon: group.icon } : {}),
    // No drafts of a site's sections or groups: what is on a site is live (0.202.0 requires the flag).
    draft: false,
    sections: presented.map((c) => c.item),
    children,
  };
}
