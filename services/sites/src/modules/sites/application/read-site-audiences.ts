import type { SqlExecutor } from '@quire/platform/sql';
import type { Site } from '../model/site';
import { listActiveShareKeys } from '../store/share-links.store';
import { findSite } from '../store/sites.store';

/** A site of the organization with the share keys that open it now (none unless it is a share-link site); null when there is no such site. */
export async function readSiteAudiences(db: SqlExecutor, organizationId: string, siteId: string): Promise<{ site: Site; shareKeys: string[] } | null> {
  const site = await findSite(db, organizationId, siteId);
  if (!site) return null;
  return { site, shareKeys: site.visibility === 'share-link' ? await listActiveShareKeys(db, site.id) : [] };
}
