import { SiteEvent } from '@quire/contracts';
import { authorizeSite } from '../policies/site.policy';
import type { SiteWithCounts } from '../model/site';
import { keyForPosition, type StructurePosition } from '../domain/site-structure';
import { placeExternalLinks } from '../store/external-links.store';
import { listGroupChildren, listTopLevelItems } from '../store/sections.store';
import type { SiteCallerDeps, SiteRef } from './deps';
import { requireExternalLink } from './external-links';
import { announceStructure, lockStructure } from './structure-changes';

/** Moves a link among its siblings (the top level, or its group's children); no position: the end. */
export async function moveExternalLink(
  deps: SiteCallerDeps,
  callerId: string,
  ref: SiteRef,
  linkId: string,
  position: StructurePosition | undefined,
  now: Date,
): Promise<{ site: SiteWithCounts }> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manage');
  await deps.db.transaction(async (tx) => {
    await lockStructure(tx, site);
    const link = await requireExternalLink(tx, site.id, linkId);
    const groupId = link.sectionGroupId;
    const siblings = groupId ? await listGroupChildren(tx, groupId) : await listTopLevelItems(tx, site.id);
    const key = await keyForPosition(siblings, link.id, position);
    await placeExternalLinks(tx, [{ id: link.id, groupId, position: key }]);
    await announceStructure(tx, site, SiteEvent.siteExternalLinkMoved, { externalLinkId: link.id, sectionGroup: groupId }, now);
  });
  return { site };
}
