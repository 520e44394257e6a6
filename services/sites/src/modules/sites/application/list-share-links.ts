import type { PageRequest } from '@quire/input';
import type { Paged, SqlExecutor } from '@quire/platform/sql';
import { listShareLinkRows } from '../store/share-links.store';
import type { ShareLink } from '../model/share-link';

/** A page of a site's share links, optionally searched by name (the route's policy checked the caller). */
export async function listShareLinks(deps: { db: SqlExecutor }, siteId: string, input: { page: PageRequest; search?: string }): Promise<Paged<ShareLink>> {
  return listShareLinkRows(deps.db, siteId, input.page, input.search);
}
