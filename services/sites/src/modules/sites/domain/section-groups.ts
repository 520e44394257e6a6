import { badRequest } from '@quire/errors';
import type { SiteExternalLink, SiteSection, SiteSectionGroup } from '../model/site-structure';
import type { SectionView } from './sections';

/** A group with its sections (each with its visible site spaces), in order: what a SiteSectionGroup response shows. */
export interface SectionGroupView {
  group: SiteSectionGroup;
  sections: SectionView[];
  /** Its external links, ordered with its sections by `position` (reference SiteSectionGroup `children`). */
  links: SiteExternalLink[];
}

/** The named sections of the site in the order named, repeats dropped; a 400 naming the field of one that is not the site's. */
export function resolveSections(sections: readonly SiteSection[], ids: readonly string[], field = (i: number) => `sections.${i}`): SiteSection[] {
  const byId = new Map(sections.map((s) => [s.id, s]));
  const resolved = new Map<string, SiteSection>();
  ids.forEach((id, i) => {
    const section = byId.get(id);
    if (!section) throw badRequest(`Invalid body field "${field(i)}": no section ${id} in this site`);
    resolved.set(id, section);
  });
  return [...resolved.values()];
}

/** The keys of the top-level items right below and right above `item` (null: none). */
export function topLevelNeighbours(
  items: readonly { id: string; position: string }[],
  item: { id: string; position: string },
): { below: string | null; above: string | null } {
  const others = items.filter((i) => i.id !== item.id);
  return {
    below: others.filter((i) => i.position < item.position).pop()?.position ?? null,
    above: others.find((i) => i.position > item.position)?.position ?? null,
  };
}
