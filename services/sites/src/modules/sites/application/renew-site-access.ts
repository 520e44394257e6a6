import type { ServiceContext } from '@quire/platform/runtime';
import { newSiteAccessGeneration, SITE_ACCESS_GENERATION_TTL_SECONDS, siteAccessGenerationKey } from '@quire/publishing';

/** What renewing a site's access generation takes: the shared cache, and the log for a cache that fails. */
export type SiteAccessDeps = Pick<ServiceContext, 'cache' | 'logger'>;

/**
 * After a committed change that can close an audience of a site (unpublish, visibility, a share
 * link deactivated or deleted, the visitor-auth key regenerated, the site deleted): a new
 * generation, so the stamps the gateway keeps for the site are read again from sites on the next
 * request and old site API tokens are refused at once. A cache that fails is logged; the kept
 * stamps then end with their TTL (@quire/publishing SITE_ACCESS_TTL_SECONDS).
 */
export async function renewSiteAccess(deps: SiteAccessDeps, siteId: string): Promise<void> {
  try {
    await deps.cache.set(siteAccessGenerationKey(siteId), newSiteAccessGeneration(), SITE_ACCESS_GENERATION_TTL_SECONDS);
  } catch (err) {
    deps.logger.warn({ siteId, err: (err as Error).message }, 'site access generation not renewed; kept stamps end with their TTL');
  }
}

/** What a use case that can close an audience takes: its database, and what renewing the generation takes. */
export type SiteChangeDeps = Pick<ServiceContext, 'db'> & SiteAccessDeps;
