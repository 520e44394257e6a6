import type { PageRequest } from '@quire/input';
import type { Role } from '@quire/access';
import type { MembershipResolver } from '@quire/platform/membership';
import type { Paged, SqlExecutor } from '@quire/platform/sql';
import { authorizeSitesOfOrganization } from '../policies/site.policy';
import { listSiteRows, type SiteListFilter } from '../store/sites.store';
import type { SiteWithCounts } from '../model/site';

/** A page of the organization's sites, for any member; with the caller's role (each site presents its permissions). */
export async function listSites(
  deps: { db: SqlExecutor; membership: MembershipResolver },
  callerId: string,
  organizationId: string,
  filter: SiteListFilter,
  page: PageRequest,
): Promise<Paged<SiteWithCounts> & { role: Role }> {
  const role = await authorizeSitesOfOrganization(deps, organizationId, callerId, 'read');
  return { role, ...(await listSiteRows(deps.db, organizationId, filter, page)) };
}
