import type { Role } from '@quire/access';
import type { SiteWithCounts } from '../model/site';
import { authorizeSiteAs } from '../policies/site.policy';
import type { SiteCallerDeps, SiteRef } from './deps';

/** getSiteById: any member reads a site, with their role (the site presents the caller's permissions). */
export function readSite(deps: SiteCallerDeps, callerId: string, ref: SiteRef): Promise<{ site: SiteWithCounts; role: Role }> {
  return authorizeSiteAs(deps, ref.organizationId, ref.siteId, callerId, 'read');
}
