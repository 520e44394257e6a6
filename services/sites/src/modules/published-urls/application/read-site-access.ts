import type { SqlExecutor } from '@quire/platform/sql';
import { currentSigningKeyFingerprint } from '../../publishing-auth';
import { readSiteAudiences } from '../../sites';
import { currentAccessStamps } from '../domain/site-audience';

/**
 * The access stamps a site API token of this site may carry now (the gateway's check on every use
 * of one): none for an unknown, deleted or unpublished site.
 */
export async function readSiteAccess(deps: { db: SqlExecutor }, organizationId: string, siteId: string): Promise<string[]> {
  const found = await readSiteAudiences(deps.db, organizationId, siteId);
  if (!found || !found.site.published) return [];
  const keyFingerprint = found.site.visibility === 'visitor-auth' ? await currentSigningKeyFingerprint(deps.db, siteId) : null;
  return currentAccessStamps(found.site, { shareKeys: found.shareKeys, keyFingerprint });
}
