import type { SqlExecutor } from '@quire/platform/sql';
import { listAllSections } from '../store/sections.store';
import { listAllSiteSpaces } from '../store/site-spaces.store';

/**
 * A site space with where it lives in its site: its section (null at the root), whether it is the
 * default of its parent and its section the site's default, and its address's path segments after
 * the site's (a default section or site space has no segment of its own, as locate-in-site.ts).
 */
export interface SiteSpacePlace {
  id: string;
  spaceId: string;
  sectionId: string | null;
  isDefault: boolean;
  /** Its space was deleted: on no page of the site until the space is restored. */
  hidden: boolean;
  path: string[];
}

/** Every site space of a site with its place, in navigation order: two queries whatever the site's size (site search). */
export async function loadSiteSpacePlaces(deps: { db: SqlExecutor }, siteId: string): Promise<SiteSpacePlace[]> {
  const [sections, siteSpaces] = await Promise.all([listAllSections(deps.db, siteId), listAllSiteSpaces(deps.db, siteId)]);
  const sectionPaths = new Map(sections.map((s) => [s.id, s.isDefault ? [] : [s.path]]));
  return siteSpaces.map((s) => ({
    id: s.id,
    spaceId: s.spaceId,
    sectionId: s.sectionId,
    isDefault: s.isDefault,
    hidden: s.hidden,
    path: [...(s.sectionId ? (sectionPaths.get(s.sectionId) ?? []) : []), ...(s.isDefault ? [] : [s.path])],
  }));
}
