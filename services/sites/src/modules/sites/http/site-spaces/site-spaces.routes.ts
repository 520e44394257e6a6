import { Router } from 'express';
import { notFound } from '@quire/errors';
import { listEnvelope, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { addSiteSpace } from '../../application/add-site-space';
import { deleteSiteSpace } from '../../application/delete-site-space';
import { duplicateSiteSpace } from '../../application/duplicate-site-space';
import { listSiteSpaces } from '../../application/list-site-spaces';
import { loadSiteSpaceAnswers } from '../../application/load-site-space-answers';
import { moveSiteSpace } from '../../application/move-site-space';
import { updateSiteSpace } from '../../application/update-site-space';
import type { SpaceCatalog } from '../../domain/space-embedder';
import { presentSiteSpaces } from '../../presenters/site-space.presenter';
import type { SiteSpace } from '../../model/site-structure';
import type { Site } from '../../model/site';
import type { SitesHttpDeps } from '../deps';
import { siteParams } from '../params.schema';
import { addSiteSpaceBody, duplicateSiteSpaceBody, listSiteSpacesQuery, moveSiteSpaceBody, siteSpaceParams, updateSiteSpaceBody } from './site-spaces.schema';

const SITE_SPACES = '/v1/orgs/:organizationId/sites/:siteId/site-spaces';

// Any member lists a site's site spaces; members with the `create` role change them.
export function siteSpacesRoutes(deps: SitesHttpDeps): Router {
  const { urls, clock } = deps;
  const router = Router();

  /** One site space as the write answers show it, its space fetched unless known. */
  async function presentOne(siteSpace: SiteSpace, site: Site, userId: string, known?: SpaceCatalog) {
    const { spaces, sections } = await loadSiteSpaceAnswers(deps, site, [siteSpace], userId, known);
    const [presented] = presentSiteSpaces([siteSpace], spaces, sections, { site, urls, shareKey: null });
    // Its space went away in content (purged, transferred) while this ran.
    if (!presented) throw notFound(`Site space ${siteSpace.id} not found`);
    return presented;
  }

  router.get(
    SITE_SPACES,
    route({ params: siteParams, query: listSiteSpacesQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const userId = principal.userId;
      const answers = await listSiteSpaces(deps, userId, params, { page, isDefault: query.default, shareKey: query.shareKey });
      const where = { site: answers.site, urls, shareKey: answers.shareKey };
      res.json(listEnvelope(presentSiteSpaces(answers.siteSpaces, answers.spaces, answers.sections, where), answers.total, page));
    }),
  );

  router.post(
    SITE_SPACES,
    route({ params: siteParams, body: addSiteSpaceBody }, async ({ params, body, principal }, res) => {
      const userId = principal.userId;
      const { site, siteSpace, catalog } = await addSiteSpace(deps, userId, params, { spaceId: body.spaceId, sectionId: body.sectionId }, clock());
      res.status(201).json(await presentOne(siteSpace, site, userId, catalog));
    }),
  );

  router.patch(
    `${SITE_SPACES}/:siteSpaceId`,
    route({ params: siteSpaceParams, body: updateSiteSpaceBody }, async ({ params, body, principal }, res) => {
      const userId = principal.userId;
      const { site, siteSpace } = await updateSiteSpace(deps, userId, params, params.siteSpaceId, body, clock());
      res.json(await presentOne(siteSpace, site, userId));
    }),
  );

  // 205 when deleted now, 204 when there was no such site space (reference deleteSiteSpaceById).
  router.delete(
    `${SITE_SPACES}/:siteSpaceId`,
    route({ params: siteSpaceParams }, async ({ params, principal }, res) => {
      const deleted = await deleteSiteSpace(deps, principal.userId, params, params.siteSpaceId, clock());
      res.status(deleted ? 205 : 204).end();
    }),
  );

  router.post(
    `${SITE_SPACES}/:siteSpaceId/move`,
    route({ params: siteSpaceParams, body: moveSiteSpaceBody }, async ({ params, body, principal }, res) => {
      const userId = principal.userId;
      const { site, siteSpace } = await moveSiteSpace(deps, userId, params, params.siteSpaceId, body.position, clock());
      res.json(await presentOne(siteSpace, site, userId));
    }),
  );

  router.post(
    `${SITE_SPACES}/:siteSpaceId/duplicate`,
    route({ params: siteSpaceParams, body: duplicateSiteSpaceBody }, async ({ params, principal }, res) => {
      const userId = principal.userId;
      const { site, siteSpace, catalog } = await duplicateSiteSpace(deps, userId, params, params.siteSpaceId, clock());
      res
        .status(201)
        .location(urls.api(`/orgs/${site.organizationId}/sites/${site.id}/site-spaces/${siteSpace.id}`))
        .json(await presentOne(siteSpace, site, userId, catalog));
    }),
  );

  return router;
}
