import type { PageRequest } from '@quire/input';
import { resolveShareKey } from './resolve-share-key';
import type { SpaceCatalog } from '../domain/space-embedder';
import type { SiteSection, SiteSpace } from '../model/site-structure';
import { listSiteSpaceRows } from '../store/site-spaces.store';
import type { Site } from '../model/site';
import type { SitesReadDeps } from './deps';
import { loadSiteSpaceAnswers } from './load-site-space-answers';

/** A page of a site's site spaces with what presenting them needs; the share key only when it opens this site. */
export async function listSiteSpaces(
  deps: SitesReadDeps,
  site: Pick<Site, 'id' | 'organizationId' | 'visibility'>,
  input: { page: PageRequest; isDefault?: boolean; shareKey?: string },
  userId: string,
): Promise<{ siteSpaces: SiteSpace[]; total: number; spaces: SpaceCatalog; sections: Map<string, SiteSection>; shareKey: string | null }> {
  const { rows, total } = await listSiteSpaceRows(deps.db, site.id, { isDefault: input.isDefault }, input.page);
  const shareKey = await resolveShareKey(deps.db, site, input.shareKey);
  return { siteSpaces: rows, total, ...(await loadSiteSpaceAnswers(deps, site, rows, userId)), shareKey };
}
