import type { PublishedStructureView } from '../domain/published-profile';
import type { SpaceCatalog } from '../domain/space-embedder';
import { presentSiteExternalLink } from './site-external-link.presenter';
import { presentSiteSectionGroup, type DraftsShown } from './site-section-group.presenter';
import { presentSiteSection } from './site-section.presenter';
import { presentSiteSpaces, type StructureUrls } from './site-space.presenter';
import type { PresentedSite } from './site.presenter';
import type { presentSiteCustomization } from './site-customization.presenter';

// Reference schema PublishedContentSite (spec: published site profile). Its customization is the
// site's stored one over @quire/publishing's defaults (presentSiteCustomization).

type PresentedTopLevel = ReturnType<typeof presentSiteSection> | ReturnType<typeof presentSiteSectionGroup> | ReturnType<typeof presentSiteExternalLink>;

/**
 * Reference SiteStructure, from the loaded structure and its spaces (fetched at once). Draft
 * external links only for editors (reference addExternalLinkToSite: published structures omit them).
 */
export function presentPublishedStructure(
  structure: PublishedStructureView,
  spaces: SpaceCatalog,
  where: StructureUrls,
  shown: DraftsShown = { drafts: false },
) {
  if (structure.type === 'siteSpaces') {
    return { type: 'siteSpaces' as const, structure: presentSiteSpaces(structure.siteSpaces, spaces, new Map(), where) };
  }
  return {
    type: 'sections' as const,
    structure: structure.items.flatMap((item): PresentedTopLevel[] => {
      if (item.kind === 'site-section') return [presentSiteSection(item.view, spaces, where)];
      if (item.kind === 'site-section-group') return [presentSiteSectionGroup(item.view, spaces, where, shown)];
      return shown.drafts || !item.link.draft ? [presentSiteExternalLink(item.link)] : [];
    }),
  };
}

export function presentPublishedSite(
  site: PresentedSite,
  structure: ReturnType<typeof presentPublishedStructure>,
  customization: ReturnType<typeof presentSiteCustomization>,
  siteSpaces: Record<string, ReturnType<typeof presentSiteCustomization>> = {},
) {
  return {
    object: 'published-content-site' as const,
    site,
    structure,
    // A site space's own settings (its overrides over the site's), for those that override any.
    customizations: { site: customization, siteSpaces },
    // No integration adds scripts to sites here.
    scripts: [] as never[],
  };
}

type PresentedStructure = ReturnType<typeof presentPublishedStructure>;
type PresentedItem = PresentedStructure['structure'][number] | ReturnType<typeof presentSiteSection>['siteSpaces'][number];

/** The presented item (reference SiteStructureItem) of a structure, looked up through sections and groups; null when not shown. */
export function findPresentedItem(structure: PresentedStructure, item: { kind: string; id: string }): PresentedItem | null {
  const queue: PresentedItem[] = [...structure.structure];
  while (queue.length > 0) {
    const next = queue.shift() as PresentedItem;
    if (next.object === item.kind && next.id === item.id) return next;
    if (next.object === 'site-section') queue.push(...next.siteSpaces);
    if (next.object === 'site-section-group') queue.push(...next.children);
  }
  return null;
}
