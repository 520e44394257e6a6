import { Router } from 'express';
import { listEnvelope, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { createSection, deleteSection, loadSectionViews, moveSection, updateSection, type SectionView } from '../../domain/sections';
import { resolveShareKey } from '../../domain/share-links';
import { fetchSpaceForStructure, fetchSpaces, spaceIdsOf, type SpaceCatalog } from '../../domain/space-embedder';
import { authorizeSite } from '../../policies/site.policy';
import { presentSiteSection } from '../../presenters/site-section.presenter';
import type { StructureUrls } from '../../presenters/site-space.presenter';
import { listSections, type SiteSection } from '../../store/sections.store';
import type { SitesHttpDeps } from '../deps';
import { siteParams } from '../params.schema';
import { structureListQuery } from '../structure.schema';
import { createSectionBody, moveSectionBody, sectionParams, updateSectionBody } from './sections.schema';

const SITE = '/v1/orgs/:organizationId/sites/:siteId';

// Any member lists a site's sections; members with the `create` role change them.
export function sectionsRoutes(deps: SitesHttpDeps): Router {
  const { db, urls, clock, clients } = deps;
  const router = Router();

  /** Sections with their site spaces, every embedded space fetched in one call. */
  async function presentSections(views: SectionView[], userId: string, where: StructureUrls, known?: SpaceCatalog) {
    const spaceIds = views.flatMap((v) => spaceIdsOf(v.siteSpaces));
    const spaces = known ?? (await fetchSpaces(clients.content(), spaceIds, userId, where.site.organizationId));
    return views.map((view) => presentSiteSection(view, spaces, where));
  }

  async function presentOne(section: SiteSection, userId: string, where: StructureUrls, known?: SpaceCatalog) {
    const [presented] = await presentSections(await loadSectionViews(db, [section]), userId, where, known);
    return presented;
  }

  router.get(
    `${SITE}/sections`,
    route({ params: siteParams, query: structureListQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const userId = principal.userId;
      const site = await authorizeSite(deps, params.organizationId, params.siteId, userId, 'read');
      const { rows, total } = await listSections(db, site.id, page);
      const where = { site, urls, shareKey: await resolveShareKey(db, site, query.shareKey) };
      res.json(listEnvelope(await presentSections(await loadSectionViews(db, rows), userId, where), total, page));
    }),
  );

  router.post(
    `${SITE}/sections`,
    route({ params: siteParams, body: createSectionBody }, async ({ params, body, principal }, res) => {
      const userId = principal.userId;
      const site = await authorizeSite(deps, params.organizationId, params.siteId, userId, 'manage');
      // The new section shows only this space: its fetch (also the access check) serves the response too.
      const { space, catalog } = await fetchSpaceForStructure(clients.content(), site.organizationId, body.spaceId, userId, 'spaceId');
      const section = await createSection(db, site, { space, title: body.title ?? undefined, icon: body.icon }, clock());
      res.status(201).json(await presentOne(section, userId, { site, urls, shareKey: null }, catalog));
    }),
  );

  router.patch(
    `${SITE}/sections/:siteSectionId`,
    route({ params: sectionParams, body: updateSectionBody }, async ({ params, body, principal }, res) => {
      const userId = principal.userId;
      const site = await authorizeSite(deps, params.organizationId, params.siteId, userId, 'manage');
      const section = await updateSection(db, site, params.siteSectionId, body, clock());
      res.json(await presentOne(section, userId, { site, urls, shareKey: null }));
    }),
  );

  // 205 when deleted now, 204 when there was no such section (reference deleteSiteSectionById).
  router.delete(
    `${SITE}/sections/:siteSectionId`,
    route({ params: sectionParams }, async ({ params, principal }, res) => {
      const site = await authorizeSite(deps, params.organizationId, params.siteId, principal.userId, 'manage');
      const deleted = await deleteSection(db, site, params.siteSectionId, clock());
      res.status(deleted ? 205 : 204).end();
    }),
  );

  router.post(
    `${SITE}/sections/:siteSectionId/move`,
    route({ params: sectionParams, body: moveSectionBody }, async ({ params, body, principal }, res) => {
      const userId = principal.userId;
      const site = await authorizeSite(deps, params.organizationId, params.siteId, userId, 'manage');
      const section = await moveSection(db, site, params.siteSectionId, body.position, clock());
      res.json(await presentOne(section, userId, { site, urls, shareKey: null }));
    }),
  );

  return router;
}
