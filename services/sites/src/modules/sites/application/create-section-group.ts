import { authorizeSite } from '../policies/site.policy';
import type { SiteWithCounts } from '../model/site';
import type { SiteCallerDeps, SiteRef } from './deps';
import { newId } from '@quire/ids';
import { resolveSections } from '../domain/section-groups';
import { keysAtEnd } from '../domain/site-structure';
import { announceStructure, lockStructure } from './structure-changes';
import { SiteEvent } from '@quire/contracts';
import { insertSectionGroup } from '../store/section-groups.store';
import { listAllSections, listTopLevelItems, placeSections } from '../store/sections.store';
import type { SiteSectionGroup } from '../model/site-structure';

/**
 * Creates a section group (addSectionGroupToSite) holding the listed sections of the site, in the
 * order listed (repeats ignored; 400 naming `sections.N` for one that is not the site's). The group
 * takes the place of its first section when that one was at the top level, else goes at the end.
 */
export async function createSectionGroup(
  deps: SiteCallerDeps,
  callerId: string,
  ref: SiteRef,
  input: { title: string; icon: string | null; sections: readonly string[] },
  now: Date,
): Promise<{ site: SiteWithCounts; group: SiteSectionGroup }> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manage');
  const group = await deps.db.transaction(async (tx) => {
    await lockStructure(tx, site);
    const members = resolveSections(await listAllSections(tx, site.id), input.sections);
    const first = members[0];
    const position = first && first.sectionGroupId === null ? first.position : (keysAtEnd(await listTopLevelItems(tx, site.id), 1)[0] as string);
    const group = await insertSectionGroup(tx, { id: newId(), siteId: site.id, title: input.title, icon: input.icon, position }, now);
    const keys = keysAtEnd([], members.length);
    await placeSections(
      tx,
      members.map((s, i) => ({ id: s.id, groupId: group.id, position: keys[i] as string })),
    );
    await announceStructure(
      tx,
      site,
      SiteEvent.siteSectionGroupCreated,
      { sectionGroupId: group.id, title: group.title, sections: members.map((s) => s.id) },
      now,
    );
    return group;
  });
  return { site, group };
}
