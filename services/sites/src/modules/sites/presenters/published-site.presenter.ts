import type { PublishedStructureView } from '../domain/published-profile';
import type { SpaceCatalog } from '../domain/space-embedder';
import { presentSiteSectionGroup } from './site-section-group.presenter';
import { presentSiteSection } from './site-section.presenter';
import { presentSiteSpaces, type StructureUrls } from './site-space.presenter';
import type { PresentedSite } from './site.presenter';
import type { presentSiteCustomization } from './site-customization.presenter';

// Reference schema PublishedContentSite (spec: published site profile). Its customization is the
// site's stored one over @quire/publishing's defaults (presentSiteCustomization).

/** Reference SiteStructure, from the loaded structure and its spaces (fetched at once). */
export function presentPublishedStructure(structure: PublishedStructureView, spaces: SpaceCatalog, where: StructureUrls) {
  if (structure.type === 'siteSpaces') {
    return { type: 'siteSpaces' as const, structure: presentSiteSpaces(structure.siteSpaces, spaces, new Map(), where) };
  }
  return {
    type: 'sections' as const,
    structure: structure.items.map((item) =>
      item.kind === 'site-section' ? presentSiteSection(item.view, spaces, where) : presentSiteSectionGroup(item.view, spaces, where),
    ),
  };
}

export function presentPublishedSite(
  site: PresentedSite,
  structure: ReturnType<typeof presentPublishedStructure>,
  customization: ReturnType<typeof presentSiteCustomization>,
) {
  return {
    object: 'published-content-site' as const,
    site,
    structure,
    // Site spaces override nothing of the site's customization.
    customizations: { site: customization, siteSpaces: {} },
    // No integration adds scripts to sites here.
    scripts: [] as never[],
  };
}
