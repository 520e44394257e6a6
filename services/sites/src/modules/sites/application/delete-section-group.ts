import { authorizeSite } from '../policies/site.policy';
import type { SiteCallerDeps, SiteRef } from './deps';
import { topLevelNeighbours } from '../domain/section-groups';
import { keysBetween } from '../domain/site-structure';
import { announceStructure, lockStructure } from './structure-changes';
import { SiteEvent } from '@quire/contracts';
import { deleteSectionGroupRow, findSectionGroup } from '../store/section-groups.store';
import { listSectionsOfGroups, listTopLevelItems, placeSections } from '../store/sections.store';

/** Deletes a group; its sections go back to the site's top level where the group was, in their order. False when there was none. */
export async function deleteSectionGroup(deps: SiteCallerDeps, callerId: string, ref: SiteRef, groupId: string, now: Date): Promise<boolean> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manage');
  return deps.db.transaction(async (tx) => {
    await lockStructure(tx, site);
    const group = await findSectionGroup(tx, site.id, groupId);
    if (!group) return false;
    const members = await listSectionsOfGroups(tx, [group.id]);
    const { below, above } = topLevelNeighbours(await listTopLevelItems(tx, site.id), group);
    const keys = keysBetween(below, above, members.length);
    await placeSections(
      tx,
      members.map((s, i) => ({ id: s.id, groupId: null, position: keys[i] as string })),
    );
    await deleteSectionGroupRow(tx, site.id, group.id);
    await announceStructure(tx, site, SiteEvent.siteSectionGroupDeleted, { sectionGroupId: group.id, sections: members.map((s) => s.id) }, now);
    return true;
  });
}
