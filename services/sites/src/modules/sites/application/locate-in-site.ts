import type { SqlExecutor } from '@quire/platform/sql';
import { findSection } from '../store/sections.store';
import { findSiteSpace } from '../store/site-spaces.store';

// Where a section or a site space lives in its site's address: the path segments after the site's
// address (a default section or site space is served at its parent's address). Other modules
// (redirects) point at sections and site spaces by id and need to check and place them.

/** The path segments of a section of the site; null when the site has no such section. */
export async function locateSection(deps: { db: SqlExecutor }, siteId: string, sectionId: string): Promise<string[] | null> {
  const section = await findSection(deps.db, siteId, sectionId);
  if (!section) return null;
  return section.isDefault ? [] : [section.path];
}

/** The path segments of a site space of the site (its section's, then its own); null when the site has no such site space. */
export async function locateSiteSpace(deps: { db: SqlExecutor }, siteId: string, siteSpaceId: string): Promise<string[] | null> {
  const siteSpace = await findSiteSpace(deps.db, siteId, siteSpaceId);
  if (!siteSpace) return null;
  const section = siteSpace.sectionId ? await locateSection(deps, siteId, siteSpace.sectionId) : [];
  return [...(section ?? []), ...(siteSpace.isDefault ? [] : [siteSpace.path])];
}
