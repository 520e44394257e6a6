import type { SqlExecutor } from '@quire/platform/sql';
import { findSection } from '../store/sections.store';
import { findSiteSpace, findSiteSpaceOfSpace, listSiteSpacesOfSpace } from '../store/site-spaces.store';

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

/** Where a site shows a space: its site space (a space is on a site at most once) and that site space's segments. */
export interface SpacePlacement {
  siteId: string;
  organizationId: string;
  siteSpaceId: string;
  segments: string[];
}

/** The site space of `spaceId` on the site, placed; null when the site does not show the space. */
export async function locateSpaceInSite(deps: { db: SqlExecutor }, siteId: string, spaceId: string): Promise<Omit<SpacePlacement, 'organizationId'> | null> {
  const siteSpace = await findSiteSpaceOfSpace(deps.db, siteId, spaceId);
  if (!siteSpace) return null;
  return { siteId, siteSpaceId: siteSpace.id, segments: (await locateSiteSpace(deps, siteId, siteSpace.id)) ?? [] };
}

/** Every site that shows `spaceId`, with where (automatic redirects of the space's moved pages). */
export async function locateSpaceOnSites(deps: { db: SqlExecutor }, spaceId: string): Promise<SpacePlacement[]> {
  const placements: SpacePlacement[] = [];
  for (const siteSpace of await listSiteSpacesOfSpace(deps.db, spaceId)) {
    const segments = await locateSiteSpace(deps, siteSpace.siteId, siteSpace.id);
    if (segments) placements.push({ siteId: siteSpace.siteId, organizationId: siteSpace.organizationId, siteSpaceId: siteSpace.id, segments });
  }
  return placements;
}

/** A site space of the site with the space it shows and its segments; null when the site has no such site space. */
export async function placeSiteSpace(deps: { db: SqlExecutor }, siteId: string, siteSpaceId: string): Promise<{ spaceId: string; segments: string[] } | null> {
  const siteSpace = await findSiteSpace(deps.db, siteId, siteSpaceId);
  if (!siteSpace) return null;
  return { spaceId: siteSpace.spaceId, segments: (await locateSiteSpace(deps, siteId, siteSpaceId)) ?? [] };
}
