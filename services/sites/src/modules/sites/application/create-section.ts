import { newId } from '@quire/ids';
import type { SqlDatabase, SqlExecutor } from '@quire/platform/sql';
import { sectionTitleFrom } from '../domain/sections';
import { requireSection } from './require-structure';
import { ensureSiteDefaults } from './ensure-site-defaults';
import { type SpaceToAttach } from '../domain/site-spaces';
import { attachSpace } from './attach-space';
import { keysAtEnd } from '../domain/site-structure';
import { announceStructure, lockStructure } from './structure-changes';
import { distinctPaths, pathFromTitle } from '../domain/sites-paths';
import { SiteEvent } from '@quire/contracts';
import { insertSection, listAllSections, listTopLevelItems } from '../store/sections.store';
import { listSiteSpacesIn, placeSiteSpaces } from '../store/site-spaces.store';
import type { SiteSection } from '../model/site-structure';
import type { Site, SiteWithCounts } from '../model/site';
import { fetchSpaceForStructure, type SpaceCatalog } from '../domain/space-embedder';
import { authorizeSite } from '../policies/site.policy';
import type { SiteCallerDeps, SiteRef, SitesReadDeps } from './deps';

/** addSectionToSite for a caller with the `create` role; the space is fetched as the caller (content's access check). */
export async function createSection(
  deps: SiteCallerDeps & Pick<SitesReadDeps, 'clients'>,
  callerId: string,
  ref: SiteRef,
  input: { spaceId: string; title?: string; icon?: string | null },
  now: Date,
): Promise<{ site: SiteWithCounts; section: SiteSection; catalog: SpaceCatalog }> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manage');
  // The answer shows only this space: the catalog of this fetch presents it too.
  const { space, catalog } = await fetchSpaceForStructure(deps.clients.content(), site.organizationId, input.spaceId, callerId, 'spaceId');
  const section = await addSectionWithSpace(deps.db, site, { space, title: input.title, icon: input.icon }, now);
  return { site, section, catalog };
}

/**
 * Adds a section whose first site space is `space` (addSectionToSite), at the end of the site's
 * top level; its title defaults to the space's, its path comes from the title (distinct within
 * the site). A site gets either sections or site spaces at its root: when the first section is
 * added to a site whose spaces are at its root, those first move into a section of their own
 * (titled after the site, the default one), so no site space is left outside the sections.
 */
export async function addSectionWithSpace(
  db: SqlDatabase,
  site: Pick<Site, 'id' | 'organizationId' | 'title'>,
  input: { space: SpaceToAttach; title?: string; icon?: string | null },
  now: Date,
): Promise<SiteSection> {
  return db.transaction(async (tx) => {
    await lockStructure(tx, site);
    if ((await listAllSections(tx, site.id)).length === 0) await gatherRootIntoSection(tx, site, now);
    const title = input.title ?? sectionTitleFrom(input.space.title);
    const section = await appendSection(tx, site, { title, icon: input.icon ?? null }, now);
    const siteSpace = await attachSpace(tx, site, input.space, section.id, now);
    await ensureSiteDefaults(tx, site.id);
    await announceStructure(tx, site, SiteEvent.siteSectionCreated, { sectionId: section.id, title, path: section.path, siteSpaces: [siteSpace.id] }, now);
    return requireSection(tx, site.id, section.id);
  });
}

/** Inserts a section at the end of the site's top level, its path made from its title and distinct within the site. */
async function appendSection(
  tx: SqlExecutor,
  site: Pick<Site, 'id' | 'organizationId' | 'title'>,
  input: { title: string; icon: string | null },
  now: Date,
): Promise<SiteSection> {
  const [path] = distinctPaths(
    [pathFromTitle(input.title, 'section')],
    (await listAllSections(tx, site.id)).map((s) => s.path),
  );
  const [position] = keysAtEnd(await listTopLevelItems(tx, site.id), 1);
  return insertSection(tx, { id: newId(), siteId: site.id, title: input.title, path: path as string, icon: input.icon, position: position as string }, now);
}

/** Moves the site spaces at the root of a site (hidden ones too, keeping their keys) into a new section titled after the site. */
async function gatherRootIntoSection(tx: SqlExecutor, site: Pick<Site, 'id' | 'organizationId' | 'title'>, now: Date): Promise<void> {
  const rootSiteSpaces = await listSiteSpacesIn(tx, site.id, null);
  if (rootSiteSpaces.length === 0) return;
  const section = await appendSection(tx, site, { title: sectionTitleFrom(site.title), icon: null }, now);
  await placeSiteSpaces(
    tx,
    rootSiteSpaces.map((s) => ({ id: s.id, sectionId: section.id, position: s.position })),
  );
  await announceStructure(
    tx,
    site,
    SiteEvent.siteSectionCreated,
    { sectionId: section.id, title: section.title, path: section.path, siteSpaces: rootSiteSpaces.map((s) => s.id), fromRoot: true },
    now,
  );
}
