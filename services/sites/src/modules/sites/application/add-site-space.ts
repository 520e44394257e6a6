import { badRequest } from '@quire/errors';
import type { SqlDatabase, SqlExecutor } from '@quire/platform/sql';
import { ensureSiteDefaults } from './ensure-site-defaults';
import { type SpaceToAttach } from '../domain/site-spaces';
import { attachSpace } from './attach-space';
import { requireSiteSpace } from './require-structure';
import { lockStructure } from './structure-changes';
import { listAllSections } from '../store/sections.store';
import type { SiteSpace } from '../model/site-structure';
import type { Site, SiteWithCounts } from '../model/site';
import { fetchSpaceForStructure, type SpaceCatalog } from '../domain/space-embedder';
import { authorizeSite } from '../policies/site.policy';
import type { SiteCallerDeps, SiteRef, SitesReadDeps } from './deps';

/** addSpaceToSite for a caller with the `create` role; the space is fetched as the caller (content's access check). */
export async function addSiteSpace(
  deps: SiteCallerDeps & Pick<SitesReadDeps, 'clients'>,
  callerId: string,
  ref: SiteRef,
  input: { spaceId: string; sectionId?: string },
  now: Date,
): Promise<{ site: SiteWithCounts; siteSpace: SiteSpace; catalog: SpaceCatalog }> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manage');
  // The answer shows only this space: the catalog of this fetch presents it too.
  const { space, catalog } = await fetchSpaceForStructure(deps.clients.content(), site.organizationId, input.spaceId, callerId, 'spaceId');
  const siteSpace = await placeSpaceOnSite(deps.db, site, { space, sectionId: input.sectionId }, now);
  return { site, siteSpace, catalog };
}

/**
 * Adds a space to a site (addSpaceToSite): in the section named, else in the site's default
 * section, else — a site without sections — at its root; at the end of that parent. The first
 * site space of a parent becomes its default.
 */
export async function placeSpaceOnSite(
  db: SqlDatabase,
  site: Pick<Site, 'id' | 'organizationId'>,
  input: { space: SpaceToAttach; sectionId?: string },
  now: Date,
): Promise<SiteSpace> {
  return db.transaction(async (tx) => {
    await lockStructure(tx, site);
    const sectionId = await parentForNewSiteSpace(tx, site.id, input.sectionId);
    const siteSpace = await attachSpace(tx, site, input.space, sectionId, now);
    await ensureSiteDefaults(tx, site.id);
    return requireSiteSpace(tx, site.id, siteSpace.id);
  });
}

/** The section named (400 naming `sectionId` when it is not this site's), else the default section, else the root (null). */
async function parentForNewSiteSpace(tx: SqlExecutor, siteId: string, sectionId: string | undefined): Promise<string | null> {
  const sections = await listAllSections(tx, siteId);
  if (sectionId !== undefined) {
    if (!sections.some((s) => s.id === sectionId)) throw badRequest(`Invalid body field "sectionId": no section ${sectionId} in this site`);
    return sectionId;
  }
  return (sections.find((s) => s.isDefault) ?? sections[0])?.id ?? null;
}
