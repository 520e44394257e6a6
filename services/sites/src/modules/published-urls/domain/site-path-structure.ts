import type { SitePathStructure } from '@quire/publishing';
import type { PublishedStructureView } from '../../sites';

type Items = Extract<PublishedStructureView, { type: 'sections' }>['items'];

/** The sections of the structure in navigation order (external links lead elsewhere). */
function sectionsOf(items: Items) {
  return items.flatMap((item) => (item.kind === 'site-section' ? [item.view] : item.kind === 'site-section-group' ? item.view.sections : []));
}

/** A site's published structure as the path resolver reads it (packages/publishing resolveSitePath): sections in navigation order, then their visible site spaces. */
export function sitePathStructure(view: PublishedStructureView): SitePathStructure {
  const siteSpace = (s: { id: string; path: string; isDefault: boolean }) => ({ id: s.id, path: s.path, default: s.isDefault });
  if (view.type === 'siteSpaces') return { type: 'siteSpaces', siteSpaces: view.siteSpaces.map(siteSpace) };
  const sections = sectionsOf(view.items);
  return {
    type: 'sections',
    sections: sections.map(({ section, siteSpaces }) => ({
      id: section.id,
      path: section.path,
      default: section.isDefault,
      siteSpaces: siteSpaces.map(siteSpace),
    })),
  };
}

/** The space each site space of the structure shows. */
export function spaceOfSiteSpace(view: PublishedStructureView, siteSpaceId: string): string | undefined {
  const all = view.type === 'siteSpaces' ? view.siteSpaces : sectionsOf(view.items).flatMap((s) => s.siteSpaces);
  return all.find((s) => s.id === siteSpaceId)?.spaceId;
}
