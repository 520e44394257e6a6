import type { PageRequest } from '@quire/input';
import type { SectionView } from '../domain/sections';
import { resolveShareKey } from './resolve-share-key';
import type { SpaceCatalog } from '../domain/space-embedder';
import { listSectionRows } from '../store/sections.store';
import type { SiteWithCounts } from '../model/site';
import { authorizeSite } from '../policies/site.policy';
import type { SiteCallerDeps, SiteRef, SitesReadDeps } from './deps';
import { loadSectionAnswers } from './load-section-answers';

/** A page of a site's sections with what presenting them needs; the share key only when it opens this site. */
export async function listSections(
  deps: SitesReadDeps & SiteCallerDeps,
  userId: string,
  ref: SiteRef,
  input: { page: PageRequest; shareKey?: string },
): Promise<{ site: SiteWithCounts; views: SectionView[]; spaces: SpaceCatalog; total: number; shareKey: string | null }> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, userId, 'read');
  const { rows, total } = await listSectionRows(deps.db, site.id, input.page);
  const shareKey = await resolveShareKey(deps.db, site, input.shareKey);
  return { site, ...(await loadSectionAnswers(deps, site, rows, userId)), total, shareKey };
}
