import type { PageRequest } from '@quire/input';
import type { Paged, SqlExecutor } from '@quire/platform/sql';
import { listRedirects } from '../store/site-redirects.store';
import type { RedirectOrder, SiteRedirect } from '../model/site-redirect';

/** listSiteRedirects: live (or, with `draft`, draft) redirects, newest first unless `orderBy` says otherwise. */
export function listSiteRedirects(
  deps: { db: SqlExecutor },
  siteId: string,
  input: { page: PageRequest; draft?: boolean; search?: string; orderBy?: RedirectOrder },
): Promise<Paged<SiteRedirect>> {
  return listRedirects(deps.db, siteId, { draft: input.draft ?? false, search: input.search, orderBy: input.orderBy ?? 'createdAt' }, input.page);
}
