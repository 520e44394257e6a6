import { authorizeSite } from '../policies/site.policy';
import type { SiteCallerDeps, SiteRef } from './deps';
import { topLevelNeighbours } from '../domain/section-groups';
import { keysBetween } from '../domain/site-structure';
import { announceStructure, lockStructure } from './structure-changes';
import { SiteEvent } from '@quire/contracts';
import { deleteSectionGroupRow, findSectionGroup } from '../store/section-groups.store';
import { listGroupChildren, listTopLevelItems, placeSections } from '../store/sections.store';
import { placeExternalLinks } from '../store/external-links.store';

/** Deletes a group; its sections and external links go back to the site's top level where the group was, in their order. False when there was none. */
export async function deleteSectionGroup(deps: SiteCallerDeps, callerId: string, ref: SiteRef, groupId: string, now: Date): Promise<boolean> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manage');
  return deps.db.transaction(async (tx) => {
    await lockStructure(tx, site);
    const group = await findSectionGroup(tx, site.id, groupId);
    if (!group) return false;
    const children = await listGroupChildren(tx, group.id);
    const members = children.filter((c) => c.kind === 'site-section');
    const { below, above } = topLevelNeighbours(await listTopLevelItems(tx, site.id), group);
    const keys = keysBetween(below, above, children.length);
    const placed = children.map((c, i) => ({ kind: c.kind, id: c.id, groupId: null, position: keys[i] as string }));
    await placeSections(
      tx,
      placed.filter((c) => c.kind === 'site-section'),
    );
    await placeExternalLinks(
      tx,
      placed.filter((c) => c.kind === 'site-external-link'),
    );
    await deleteSectionGroupRow(tx, site.id, group.id);
    await announceStructure(tx, site, SiteEvent.siteSectionGroupDeleted, { sectionGroupId: group.id, sections: members.map((s) => s.id) }, now);
    return true;
  });
}
