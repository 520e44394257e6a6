import { spaceIdsOfStructure, type PublishedStructureView } from '../domain/published-profile';
import { resolveShareKey } from './resolve-share-key';
import { fetchSpaces, type SpaceCatalog } from '../domain/space-embedder';
import type { Site } from '../model/site';
import type { StoredSiteCustomization, StoredSiteSpaceCustomization } from '../model/site-customization';
import { findSiteCustomization } from '../store/site-customizations.store';
import { listSiteSpaceCustomizations } from '../store/site-space-customizations.store';
import type { SitesReadDeps } from './deps';
import { loadPublishedStructure } from './load-published-structure';
import { loadPublishedSpaces } from './published-spaces';

/**
 * What visitors of a published site get, besides the site (the caller already admitted): its
 * structure with every embedded space, and its stored customization. The reader's anonymous view
 * (no `userId`) reads the spaces from sites' projection, as resolving the URL did; a member's
 * preview asks content, for the spaces at that member's level.
 */
export async function loadPublishedSite(
  deps: SitesReadDeps,
  site: Pick<Site, 'id' | 'organizationId' | 'visibility'>,
  input: { shareKey?: string },
  userId: string,
): Promise<{
  structure: PublishedStructureView;
  spaces: SpaceCatalog;
  shareKey: string | null;
  customization: StoredSiteCustomization | null;
  siteSpaceCustomizations: StoredSiteSpaceCustomization[];
}> {
  const shareKey = await resolveShareKey(deps.db, site, input.shareKey);
  const structure = await loadPublishedStructure(deps.db, site.id);
  const spaceIds = spaceIdsOfStructure(structure);
  const spaces = userId
    ? await fetchSpaces(deps.clients.content(), spaceIds, userId, site.organizationId)
    : await loadPublishedSpaces(deps, spaceIds, site.organizationId);
  const [customization, siteSpaceCustomizations] = await Promise.all([findSiteCustomization(deps.db, site.id), listSiteSpaceCustomizations(deps.db, site.id)]);
  return { structure, spaces, shareKey, customization, siteSpaceCustomizations };
}
