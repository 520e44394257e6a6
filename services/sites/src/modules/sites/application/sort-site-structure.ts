import type { StructureAnchor, StructurePosition } from '../domain/site-structure';
import type { SiteWithCounts } from '../model/site';
import type { SiteCallerDeps, SiteRef } from './deps';
import { moveSection } from './move-section';
import { moveSectionGroup } from './move-section-group';
import { moveSiteSpace } from './move-site-space';
import { moveExternalLink } from './move-external-link';

/** What sortSiteStructure moves (reference SiteStructureItemPointer). */
export type SortableItem = StructureAnchor;

/**
 * sortSiteStructure: reorders one item among its siblings, by the move of its kind (which checks
 * the `manage` level, takes the structure lock and writes the moved event): a site space among its
 * parent's site spaces, a section, group or external link among the top level (or its group's children).
 */
export async function sortSiteStructure(
  deps: SiteCallerDeps,
  callerId: string,
  ref: SiteRef,
  item: SortableItem,
  position: StructurePosition | undefined,
  now: Date,
): Promise<{ site: SiteWithCounts; moved: StructureAnchor }> {
  switch (item.kind) {
    case 'site-space':
      return { site: (await moveSiteSpace(deps, callerId, ref, item.id, position, now)).site, moved: item };
    case 'site-section':
      return { site: (await moveSection(deps, callerId, ref, item.id, position, now)).site, moved: item };
    case 'site-section-group':
      return { site: (await moveSectionGroup(deps, callerId, ref, item.id, position, now)).site, moved: item };
    case 'site-external-link':
      return { site: (await moveExternalLink(deps, callerId, ref, item.id, position, now)).site, moved: item };
  }
}
