import type { PageRequest } from '@quire/input';
import type { Paged, SqlExecutor } from '@quire/platform/sql';
import { listSiteRows, type SiteListFilter } from '../store/sites.store';
import type { SiteWithCounts } from '../model/site';

/** A page of the organization's sites (the caller's role was checked by the route's policy). */
export async function listSites(deps: { db: SqlExecutor }, organizationId: string, filter: SiteListFilter, page: PageRequest): Promise<Paged<SiteWithCounts>> {
  return listSiteRows(deps.db, organizationId, filter, page);
}
