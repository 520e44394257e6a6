import type { SectionView } from '../domain/sections';
import { loadSectionViews } from './structure-views';
import { fetchSpaces, spaceIdsOf, type SpaceCatalog } from '../domain/space-embedder';
import type { SiteSection } from '../model/site-structure';
import type { Site } from '../model/site';
import type { SitesReadDeps } from './deps';

/** Sections with their visible site spaces, and every embedded space fetched in one call (unless `known`). */
export async function loadSectionAnswers(
  deps: SitesReadDeps,
  site: Pick<Site, 'organizationId'>,
  sections: readonly SiteSection[],
  userId: string,
  known?: SpaceCatalog,
): Promise<{ views: SectionView[]; spaces: SpaceCatalog }> {
  const views = await loadSectionViews(deps.db, sections);
  const spaceIds = views.flatMap((v) => spaceIdsOf(v.siteSpaces));
  const spaces = known ?? (await fetchSpaces(deps.clients.content(), spaceIds, userId, site.organizationId));
  return { views, spaces };
}
