import type { PageRequest } from '@quire/input';
import type { MembershipResolver } from '@quire/platform/membership';
import type { Paged, SqlExecutor } from '@quire/platform/sql';
import { authorizeSite } from '../../sites';
import type { RedirectSiteRef } from './deps';
import { listRedirects } from '../store/site-redirects.store';
import type { RedirectOrder, SiteRedirect } from '../model/site-redirect';

/** listSiteRedirects: live (or, with `draft`, draft) redirects, newest first unless `orderBy` says otherwise. */
export async function listSiteRedirects(
  deps: { db: SqlExecutor; membership: MembershipResolver },
  callerId: string,
  ref: RedirectSiteRef,
  input: { page: PageRequest; draft?: boolean; search?: string; orderBy?: RedirectOrder },
): Promise<Paged<SiteRedirect>> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'read');
  return listRedirects(deps.db, site.id, { draft: input.draft ?? false, search: input.search, orderBy: input.orderBy ?? 'createdAt' }, input.page);
}
