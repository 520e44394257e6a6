import { Router } from 'express';
import { listEnvelope, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { createSection } from '../../application/create-section';
import { deleteSection } from '../../application/delete-section';
import { listSections } from '../../application/list-sections';
import { loadSectionAnswers } from '../../application/load-section-answers';
import { moveSection } from '../../application/move-section';
import { updateSection } from '../../application/update-section';
import { fetchSpaceForStructure, type SpaceCatalog } from '../../domain/space-embedder';
import { authorizeSite } from '../../policies/site.policy';
import { presentSiteSection } from '../../presenters/site-section.presenter';
import type { SiteSection } from '../../model/site-structure';
import type { Site } from '../../model/site';
import type { SitesHttpDeps } from '../deps';
import { siteParams } from '../params.schema';
import { structureListQuery } from '../structure.schema';
import { createSectionBody, moveSectionBody, sectionParams, updateSectionBody } from './sections.schema';

const SITE = '/v1/orgs/:organizationId/sites/:siteId';

// Any member lists a site's sections; members with the `create` role change them.
export function sectionsRoutes(deps: SitesHttpDeps): Router {
  const { db, urls, clock, clients } = deps;
  const router = Router();

  /** One section as the write answers show it, its spaces fetched in one call (unless known). */
  async function presentOne(section: SiteSection, site: Site, userId: string, known?: SpaceCatalog) {
    const { views, spaces } = await loadSectionAnswers(deps, site, [section], userId, known);
    return presentSiteSection(views[0] as (typeof views)[number], spaces, { site, urls, shareKey: null });
  }

  router.get(
    `${SITE}/sections`,
    route({ params: siteParams, query: structureListQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const userId = principal.userId;
      const site = await authorizeSite(deps, params.organizationId, params.siteId, userId, 'read');
      const { views, spaces, total, shareKey } = await listSections(deps, site, { page, shareKey: query.shareKey }, userId);
      const where = { site, urls, shareKey };
      res.json(
        listEnvelope(
          views.map((view) => presentSiteSection(view, spaces, where)),
          total,
          page,
        ),
      );
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
      res.status(201).json(await presentOne(section, site, userId, catalog));
    }),
  );

  router.patch(
    `${SITE}/sections/:siteSectionId`,
    route({ params: sectionParams, body: updateSectionBody }, async ({ params, body, principal }, res) => {
      const userId = principal.userId;
      const site = await authorizeSite(deps, params.organizationId, params.siteId, userId, 'manage');
      const section = await updateSection(db, site, params.siteSectionId, body, clock());
      res.json(await presentOne(section, site, userId));
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
      res.json(await presentOne(section, site, userId));
    }),
  );

  return router;
}
