import type { SectionGroupView } from '../domain/section-groups';
import type { SpaceCatalog } from '../domain/space-embedder';
import { presentSiteSection } from './site-section.presenter';
import type { StructureUrls } from './site-space.presenter';

/**
 * Reference schema SiteSectionGroup: `sections` (deprecated there) and `children` both hold the
 * group's sections as full SiteSection objects, in order (groups do not nest here).
 */
export function presentSiteSectionGroup({ group, sections }: SectionGroupView, spaces: SpaceCatalog, where: StructureUrls) {
  const presented = sections.map((view) => presentSiteSection(view, spaces, where));
  return {
    object: 'site-section-group' as const,
    id: group.id,
    title: group.title,
    ...(group.icon !== null ? { icon: group.icon } : {}),
    // No drafts of a site's structure: what is on a site is live (0.202.0 requires the flag).
    draft: false,
    sections: presented,
    children: presented,
  };
}
