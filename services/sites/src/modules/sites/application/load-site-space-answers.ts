import { fetchSpaces, spaceIdsOf, type SpaceCatalog } from '../domain/space-embedder';
import { listAllSections } from '../store/sections.store';
import type { SiteSection, SiteSpace } from '../model/site-structure';
import type { Site } from '../model/site';
import type { SitesReadDeps } from './deps';

/**
 * What presenting site spaces needs: their spaces (one fetch for all, unless `known`; those content
 * did not return are left out by the presenter) and the site's sections, through whose paths the
 * published URLs go.
 */
export async function loadSiteSpaceAnswers(
  deps: SitesReadDeps,
  site: Pick<Site, 'id' | 'organizationId'>,
  siteSpaces: readonly SiteSpace[],
  userId: string,
  known?: SpaceCatalog,
): Promise<{ spaces: SpaceCatalog; sections: Map<string, SiteSection> }> {
  const spaces = known ?? (await fetchSpaces(deps.clients.content(), spaceIdsOf(siteSpaces), userId, site.organizationId));
  const sections = new Map((await listAllSections(deps.db, site.id)).map((s) => [s.id, s]));
  return { spaces, sections };
}
