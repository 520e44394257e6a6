import type { PageRequest } from '@quire/input';
import type { SectionGroupView } from '../domain/section-groups';
import type { SpaceCatalog } from '../domain/space-embedder';
import { listSectionGroupRows } from '../store/section-groups.store';
import type { Site } from '../model/site';
import type { SitesReadDeps } from './deps';
import { loadSectionGroupAnswers } from './load-section-group-answers';

/** A page of a site's section groups with what presenting them needs. */
export async function listSectionGroups(
  deps: SitesReadDeps,
  site: Pick<Site, 'id' | 'organizationId'>,
  page: PageRequest,
  userId: string,
): Promise<{ views: SectionGroupView[]; spaces: SpaceCatalog; total: number }> {
  const { rows, total } = await listSectionGroupRows(deps.db, site.id, page);
  return { ...(await loadSectionGroupAnswers(deps, site, rows, userId)), total };
}
