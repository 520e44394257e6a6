import { Router } from 'express';
import { notFound } from '@quire/errors';
import { listEnvelope, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { resolveShareKey } from '../../domain/share-links';
import { addSiteSpace, deleteSiteSpace, moveSiteSpace, updateSiteSpace } from '../../domain/site-spaces';
import { fetchSpaceForStructure, fetchSpaces, spaceIdsOf, type SpaceCatalog } from '../../domain/space-embedder';
import { authorizeSite } from '../../policies/site.policy';
import { presentSiteSpaces, type StructureUrls } from '../../presenters/site-space.presenter';
import { listAllSections } from '../../store/sections.store';
import { listSiteSpaces, type SiteSpace } from '../../store/site-spaces.store';
import type { Site } from '../../store/sites.store';
import type { SitesHttpDeps } from '../deps';
import { siteParams } from '../params.schema';
import { addSiteSpaceBody, listSiteSpacesQuery, moveSiteSpaceBody, siteSpaceParams, updateSiteSpaceBody } from './site-spaces.schema';

const SITE_SPACES = '/v1/orgs/:organizationId/sites/:siteId/site-spaces';

// Any member lists a site's site spaces; members with the `create` role change them.
export function siteSpacesRoutes(deps: SitesHttpDeps): Router {
  const { db, urls, clock, clients } = deps;
  const router = Router();

  /** Site spaces embedding their spaces (one fetch for all, unless given); those content did not return are left out. */
  async function present(siteSpaces: SiteSpace[], site: Site, userId: string, where: StructureUrls, known?: SpaceCatalog) {
    const spaces = known ?? (await fetchSpaces(clients.content(), spaceIdsOf(siteSpaces), userId, site.organizationId));
    // Published URLs go through the sections' paths.
    const sections = new Map((await listAllSections(db, site.id)).map((s) => [s.id, s]));
    return presentSiteSpaces(siteSpaces, spaces, sections, where);
  }

  async function presentOne(siteSpace: SiteSpace, site: Site, userId: string, known?: SpaceCatalog) {
    const [presented] = await present([siteSpace], site, userId, { site, urls, shareKey: null }, known);
    // Its space went away in content (purged, transferred) while this ran.
    if (!presented) throw notFound(`Site space ${siteSpace.id} not found`);
    return presented;
  }

  router.get(
    SITE_SPACES,
    route({ params: siteParams, query: listSiteSpacesQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const userId = principal.userId;
      const site = await authorizeSite(deps, params.organizationId, params.siteId, userId, 'read');
      const { rows, total } = await listSiteSpaces(db, site.id, { isDefault: query.default }, page);
      const where = { site, urls, shareKey: await resolveShareKey(db, site, query.shareKey) };
      res.json(listEnvelope(await present(rows, site, userId, where), total, page));
    }),
  );

  router.post(
    SITE_SPACES,
    route({ params: siteParams, body: addSiteSpaceBody }, async ({ params, body, principal }, res) => {
      const userId = principal.userId;
      const site = await authorizeSite(deps, params.organizationId, params.siteId, userId, 'manage');
      const { space, catalog } = await fetchSpaceForStructure(clients.content(), site.organizationId, body.spaceId, userId, 'spaceId');
      const siteSpace = await addSiteSpace(db, site, { space, sectionId: body.sectionId }, clock());
      res.status(201).json(await presentOne(siteSpace, site, userId, catalog));
    }),
  );

  router.patch(
    `${SITE_SPACES}/:siteSpaceId`,
    route({ params: siteSpaceParams, body: updateSiteSpaceBody }, async ({ params, body, principal }, res) => {
      const userId = principal.userId;
      const site = await authorizeSite(deps, params.organizationId, params.siteId, userId, 'manage');
      const siteSpace = await updateSiteSpace(db, site, params.siteSpaceId, body, clock());
      res.json(await presentOne(siteSpace, site, userId));
    }),
  );

  // 205 when deleted now, 204 when there was no such site space (reference deleteSiteSpaceById).
  router.delete(
    `${SITE_SPACES}/:siteSpaceId`,
    route({ params: siteSpaceParams }, async ({ params, principal }, res) => {
      const site = await authorizeSite(deps, params.organizationId, params.siteId, principal.userId, 'manage');
      const deleted = await deleteSiteSpace(db, site, params.siteSpaceId, clock());
      res.status(deleted ? 205 : 204).end();
    }),
  );

  router.post(
    `${SITE_SPACES}/:siteSpaceId/move`,
    route({ params: siteSpaceParams, body: moveSiteSpaceBody }, async ({ params, body, principal }, res) => {
      const userId = principal.userId;
      const site = await authorizeSite(deps, params.organizationId, params.siteId, userId, 'manage');
      const siteSpace = await moveSiteSpace(db, site, params.siteSpaceId, body.position, clock());
      res.json(await presentOne(siteSpace, site, userId));
    }),
  );

  return router;
}
