import { newId } from '@quire/ids';
import { SiteEvent } from '@quire/contracts';
import { authorizeSite } from '../policies/site.policy';
import type { SiteWithCounts } from '../model/site';
import type { SiteExternalLink } from '../model/site-structure';
import { keysAtEnd } from '../domain/site-structure';
import { insertExternalLink } from '../store/external-links.store';
import { listGroupChildren, listTopLevelItems } from '../store/sections.store';
import type { SiteCallerDeps, SiteRef } from './deps';
import { requireParentGroup, requireSectionStructure } from './external-links';
import { announceStructure, lockStructure } from './structure-changes';

export type ExternalLinkInput = Omit<SiteExternalLink, 'id' | 'siteId' | 'sectionGroupId' | 'position' | 'createdAt'> & { parent: string | null };

/** addExternalLinkToSite: a link at the end of the site's top level, or of the group named as `parent`. */
export async function addExternalLink(
  deps: SiteCallerDeps,
  callerId: string,
  ref: SiteRef,
  input: ExternalLinkInput,
  now: Date,
): Promise<{ site: SiteWithCounts; link: SiteExternalLink }> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manage');
  const link = await deps.db.transaction(async (tx) => {
    await lockStructure(tx, site);
    await requireSectionStructure(tx, site.id);
    const groupId = input.parent === null ? null : await requireParentGroup(tx, site.id, input.parent);
    const siblings = groupId ? await listGroupChildren(tx, groupId) : await listTopLevelItems(tx, site.id);
    const { parent: _parent, ...fields } = input;
    const link = await insertExternalLink(
      tx,
      { ...fields, id: newId(), siteId: site.id, sectionGroupId: groupId, position: keysAtEnd(siblings, 1)[0] as string },
      now,
    );
    await announceStructure(
      tx,
      site,
      SiteEvent.siteExternalLinkCreated,
      { externalLinkId: link.id, title: link.title, url: link.url, sectionGroup: groupId },
      now,
    );
    return link;
  });
  return { site, link };
}
