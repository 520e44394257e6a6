import type { PageRequest } from '@quire/input';
import { resolveShareKey } from './resolve-share-key';
import type { SpaceCatalog } from '../domain/space-embedder';
import type { SiteSection, SiteSpace } from '../model/site-structure';
import { listSiteSpaceRows } from '../store/site-spaces.store';
import type { SiteWithCounts } from '../model/site';
import { authorizeSite } from '../policies/site.policy';
import type { SiteCallerDeps, SiteRef, SitesReadDeps } from './deps';
import { loadSiteSpaceAnswers } from './load-site-space-answers';

/** A page of a site's site spaces with what presenting them needs; the share key only when it opens this site. */
export async function listSiteSpaces(
  deps: SitesReadDeps & SiteCallerDeps,
  userId: string,
  ref: SiteRef,
  input: { page: PageRequest; isDefault?: boolean; shareKey?: string },
): Promise<{
  site: SiteWithCounts;
  siteSpaces: SiteSpace[];
  total: number;
  spaces: SpaceCatalog;
  sections: Map<string, SiteSection>;
  shareKey: string | null;
}> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, userId, 'read');
  const { rows, total } = await listSiteSpaceRows(deps.db, site.id, { isDefault: input.isDefault }, input.page);
  const shareKey = await resolveShareKey(deps.db, site, input.shareKey);
  return { site, siteSpaces: rows, total, ...(await loadSiteSpaceAnswers(deps, site, rows, userId)), shareKey };
}
