import { currentSigningKeyFingerprint } from '../../publishing-auth';
import { loadPublishedSpaces, loadPublishedStructure, readSiteAudiences, spaceIdsOfStructure } from '../../sites';
import { currentAccessStamps } from '../domain/site-audience';
import type { PublishedUrlDeps } from './deps';

/** What a site API token of a site may do now: the stamps it may carry, the spaces it may read. */
export interface SiteAccess {
  stamps: string[];
  spaceIds: string[];
}

const CLOSED: SiteAccess = { stamps: [], spaceIds: [] };

/**
 * The access stamps a site API token of this site may carry now (the gateway's check on every use
 * of one), and the spaces the site publishes (what a compact token, which lists none, may read):
 * nothing for an unknown, deleted or unpublished site.
 */
export async function readSiteAccess(deps: PublishedUrlDeps, organizationId: string, siteId: string): Promise<SiteAccess> {
  const found = await readSiteAudiences(deps.db, organizationId, siteId);
  if (!found || !found.site.published) return CLOSED;
  const [keyFingerprint, structure] = await Promise.all([
    found.site.visibility === 'visitor-auth' ? currentSigningKeyFingerprint(deps.db, siteId) : null,
    loadPublishedStructure(deps.db, siteId),
  ]);
  const spaces = await loadPublishedSpaces(deps, spaceIdsOfStructure(structure), organizationId);
  return { stamps: currentAccessStamps(found.site, { shareKeys: found.shareKeys, keyFingerprint }), spaceIds: [...spaces.keys()] };
}
