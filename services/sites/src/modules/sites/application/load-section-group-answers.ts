import { type SectionGroupView } from '../domain/section-groups';
import { loadSectionGroupViews } from './structure-views';
import { fetchSpaces, spaceIdsOf, type SpaceCatalog } from '../domain/space-embedder';
import type { SiteSectionGroup } from '../model/site-structure';
import type { Site } from '../model/site';
import type { SitesReadDeps } from './deps';

/** Groups with their sections and site spaces, every embedded space fetched in one call. */
export async function loadSectionGroupAnswers(
  deps: SitesReadDeps,
  site: Pick<Site, 'organizationId'>,
  groups: readonly SiteSectionGroup[],
  userId: string,
): Promise<{ views: SectionGroupView[]; spaces: SpaceCatalog }> {
  const views = await loadSectionGroupViews(deps.db, groups);
  const spaceIds = views.flatMap((g) => g.sections.flatMap((s) => spaceIdsOf(s.siteSpaces)));
  return { views, spaces: await fetchSpaces(deps.clients.content(), spaceIds, userId, site.organizationId) };
}
