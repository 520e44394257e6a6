import { SiteEvent } from '@quire/contracts';
import { authorizeSite } from '../policies/site.policy';
import { deleteExternalLinkRow, findExternalLink } from '../store/external-links.store';
import type { SiteCallerDeps, SiteRef } from './deps';
import { announceStructure, lockStructure } from './structure-changes';

/** deleteSiteExternalLinkById: false when the site has no such link (the reference's 204). */
export async function deleteExternalLink(deps: SiteCallerDeps, callerId: string, ref: SiteRef, linkId: string, now: Date): Promise<boolean> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manage');
  return deps.db.transaction(async (tx) => {
    await lockStructure(tx, site);
    const link = await findExternalLink(tx, site.id, linkId);
    if (!link) return false;
    await deleteExternalLinkRow(tx, site.id, link.id);
    await announceStructure(tx, site, SiteEvent.siteExternalLinkDeleted, { externalLinkId: link.id, sectionGroup: link.sectionGroupId }, now);
    return true;
  });
}
