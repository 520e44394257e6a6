import type { SiteExternalLink, SiteSpace } from '../model/site-structure';
import type { SectionGroupView } from './section-groups';
import type { SectionView } from './sections';

/** One item of a site's top level in the published structure. */
export type PublishedItem =
  { kind: 'site-section'; view: SectionView } | { kind: 'site-section-group'; view: SectionGroupView } | { kind: 'site-external-link'; link: SiteExternalLink };

/**
 * A site's published structure (reference SiteStructure): its sections and section groups in
 * navigation order when it has sections, else its visible root site spaces in order.
 */
export type PublishedStructureView = { type: 'sections'; items: PublishedItem[] } | { type: 'siteSpaces'; siteSpaces: SiteSpace[] };

/** The space of every site space the structure shows, for one GetSpaces call. */
export function spaceIdsOfStructure(structure: PublishedStructureView): string[] {
  if (structure.type === 'siteSpaces') return structure.siteSpaces.map((s) => s.spaceId);
  return structure.items.flatMap((item) => {
    if (item.kind === 'site-external-link') return [];
    const sections = item.kind === 'site-section' ? [item.view] : item.view.sections;
    return sections.flatMap((section) => section.siteSpaces.map((s) => s.spaceId));
  });
}
