import type { PageRequest } from '@quire/input';
import type { SectionGroupView } from '../domain/section-groups';
import type { SpaceCatalog } from '../domain/space-embedder';
import { listSectionGroupRows } from '../store/section-groups.store';
import type { SiteWithCounts } from '../model/site';
import { authorizeSite } from '../policies/site.policy';
import type { SiteCallerDeps, SiteRef, SitesReadDeps } from './deps';
import { loadSectionGroupAnswers } from './load-section-group-answers';

/** A page of a site's section groups with what presenting them needs. */
export async function listSectionGroups(
  deps: SitesReadDeps & SiteCallerDeps,
  userId: string,
  ref: SiteRef,
  page: PageRequest,
): Promise<{ site: SiteWithCounts; views: SectionGroupView[]; spaces: SpaceCatalog; total: number }> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, userId, 'read');
  const { rows, total } = await listSectionGroupRows(deps.db, site.id, page);
  return { site, ...(await loadSectionGroupAnswers(deps, site, rows, userId)), total };
}
