import { notFound } from '@quire/errors';
import { SiteEvent } from '@quire/contracts';
import { authorizeSite } from '../policies/site.policy';
import type { SiteWithCounts } from '../model/site';
import type { SiteExternalLink, SiteExternalLinkChanges } from '../model/site-structure';
import { keysAtEnd } from '../domain/site-structure';
import { placeExternalLinks, updateExternalLinkRow } from '../store/external-links.store';
import { listGroupChildren, listTopLevelItems } from '../store/sections.store';
import type { SiteCallerDeps, SiteRef } from './deps';
import { requireExternalLink, requireParentGroup } from './external-links';
import { announceStructure, lockStructure } from './structure-changes';

/**
 * updateSiteExternalLinkById: changes the named fields; a `parent` (a group, or null for the top
 * level) other than the link's own puts it at the end of that place and announces the move too.
 */
export async function updateExternalLink(
  deps: SiteCallerDeps,
  callerId: string,
  ref: SiteRef,
  linkId: string,
  changes: SiteExternalLinkChanges & { parent?: string | null },
  now: Date,
): Promise<{ site: SiteWithCounts; link: SiteExternalLink }> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manage');
  const link = await deps.db.transaction(async (tx) => {
    await lockStructure(tx, site);
    const link = await requireExternalLink(tx, site.id, linkId);
    const { parent, ...fields } = changes;
    const groupId = parent === undefined || parent === null ? null : await requireParentGroup(tx, site.id, parent);
    if (parent !== undefined && groupId !== link.sectionGroupId) {
      const siblings = groupId ? await listGroupChildren(tx, groupId) : await listTopLevelItems(tx, site.id);
      await placeExternalLinks(tx, [{ id: link.id, groupId, position: keysAtEnd(siblings, 1)[0] as string }]);
      const moved = { externalLinkId: link.id, sectionGroup: groupId, previousSectionGroup: link.sectionGroupId };
      await announceStructure(tx, site, SiteEvent.siteExternalLinkMoved, moved, now);
    }
    const updated = await updateExternalLinkRow(tx, link.id, fields);
    if (!updated) throw notFound(`Site external link ${linkId} not found`);
    const named = Object.keys(fields).sort();
    if (named.length > 0) await announceStructure(tx, site, SiteEvent.siteExternalLinkUpdated, { externalLinkId: link.id, fields: named }, now);
    return updated;
  });
  return { site, link };
}
