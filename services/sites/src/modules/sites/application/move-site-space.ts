import { authorizeSite } from '../policies/site.policy';
import type { SiteWithCounts } from '../model/site';
import type { SiteCallerDeps, SiteRef } from './deps';
import { notFound } from '@quire/errors';
import { asSibling } from '../domain/site-spaces';
import { requireSiteSpace } from './require-structure';
import { keyForPosition, type StructurePosition } from '../domain/site-structure';
import { announceStructure, lockStructure } from './structure-changes';
import { SiteEvent } from '@quire/contracts';
import { listSiteSpacesIn, setSiteSpacePosition } from '../store/site-spaces.store';
import type { SiteSpace } from '../model/site-structure';

/** Moves a site space among the site spaces of its parent (moveSiteSpace); no position: the end. */
export async function moveSiteSpace(
  deps: SiteCallerDeps,
  callerId: string,
  ref: SiteRef,
  siteSpaceId: string,
  position: StructurePosition | undefined,
  now: Date,
): Promise<{ site: SiteWithCounts; siteSpace: SiteSpace }> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manage');
  const siteSpace = await deps.db.transaction(async (tx) => {
    await lockStructure(tx, site);
    const siteSpace = await requireSiteSpace(tx, site.id, siteSpaceId);
    const siblings = await listSiteSpacesIn(tx, site.id, siteSpace.sectionId);
    const key = await keyForPosition(siblings.map(asSibling), siteSpace.id, position);
    const moved = await setSiteSpacePosition(tx, siteSpace.id, key);
    if (!moved) throw notFound(`Site space ${siteSpaceId} not found`);
    await announceStructure(tx, site, SiteEvent.siteSpaceMoved, { siteSpaceId, sectionId: siteSpace.sectionId }, now);
    return moved;
  });
  return { site, siteSpace };
}
