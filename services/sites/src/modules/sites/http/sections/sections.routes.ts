import { Router } from 'express';
import { listEnvelope, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { createSection } from '../../application/create-section';
import { deleteSection } from '../../application/delete-section';
import { listSections } from '../../application/list-sections';
import { loadSectionAnswers } from '../../application/load-section-answers';
import { moveSection } from '../../application/move-section';
import { updateSection } from '../../application/update-section';
import type { SpaceCatalog } from '../../domain/space-embedder';
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
  const { urls, clock } = deps;
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
      const { site, views, spaces, total, shareKey } = await listSections(deps, userId, params, { page, shareKey: query.shareKey });
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
      const { site, section, catalog } = await createSection(
        deps,
        userId,
        params,
        { spaceId: body.spaceId, title: body.title ?? undefined, icon: body.icon },
        clock(),
      );
      res.status(201).json(await presentOne(section, site, userId, catalog));
    }),
  );

  router.patch(
    `${SITE}/sections/:siteSectionId`,
    route({ params: sectionParams, body: updateSectionBody }, async ({ params, body, principal }, res) => {
      const userId = principal.userId;
      const { site, section } = await updateSection(deps, userId, params, params.siteSectionId, body, clock());
      res.json(await presentOne(section, site, userId));
    }),
  );

  // 205 when deleted now, 204 when there was no such section (reference deleteSiteSectionById).
  router.delete(
    `${SITE}/sections/:siteSectionId`,
    route({ params: sectionParams }, async ({ params, principal }, res) => {
      const deleted = await deleteSection(deps, principal.userId, params, params.siteSectionId, clock());
      res.status(deleted ? 205 : 204).end();
    }),
  );

  router.post(
    `${SITE}/sections/:siteSectionId/move`,
    route({ params: sectionParams, body: moveSectionBody }, async ({ params, body, principal }, res) => {
      const userId = principal.userId;
      const { site, section } = await moveSection(deps, userId, params, params.siteSectionId, body.position, clock());
      res.json(await presentOne(section, site, userId));
    }),
  );

  return router;
}
