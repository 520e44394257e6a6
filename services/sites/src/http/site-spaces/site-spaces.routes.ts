import { Router, type Request, type Response } from 'express';
import { listEnvelope, notFound, parseInput, parsePageRequest } from '@quire/common';
import { resolveShareKey } from '../../domain/share-links';
import { addSiteSpace, deleteSiteSpace, moveSiteSpace, updateSiteSpace } from '../../domain/site-spaces';
import { fetchSpaceForStructure, fetchSpaces, requireSpaceOfOrganization, spaceIdsOf, type SpaceCatalog } from '../../domain/space-embedder';
import { authorizeSite } from '../../policies/site.policy';
import { presentSiteSpaces, type StructureUrls } from '../../presenters/site-space.presenter';
import { listAllSections } from '../../store/sections.store';
import { listSiteSpaces, type SiteSpaceRow } from '../../store/site-spaces.store';
import type { SiteRow } from '../../store/sites.store';
import type { SitesHttpDeps } from '../deps';
import { addSiteSpaceBody, listSiteSpacesQuery, moveSiteSpaceBody, updateSiteSpaceBody } from './site-spaces.schema';

type SiteParams = { organizationId: string; siteId: string };
type SiteSpaceParams = SiteParams & { siteSpaceId: string };

const SITE_SPACES = '/v1/orgs/:organizationId/sites/:siteId/site-spaces';

// Any member lists a site's site spaces; members with the `create` role change them.
export function siteSpacesRoutes(deps: SitesHttpDeps): Router {
  const { db, urls, clock, clients } = deps;
  const router = Router();

  /** Site spaces embedding their spaces (one fetch for all, unless given); those content did not return are left out. */
  async function present(siteSpaces: SiteSpaceRow[], site: SiteRow, userId: string, where: StructureUrls, known?: SpaceCatalog) {
    const spaces = known ?? (await fetchSpaces(clients.content(), spaceIdsOf(siteSpaces), userId, site.organization_id));
    // Published URLs go through the sections' paths.
    const sections = new Map((await listAllSections(db, site.id)).map((s) => [s.id, s]));
    return presentSiteSpaces(siteSpaces, spaces, sections, where);
  }

  async function presentOne(siteSpace: SiteSpaceRow, site: SiteRow, userId: string, known?: SpaceCatalog) {
    const [presented] = await present([siteSpace], site, userId, { site, urls, shareKey: null }, known);
    // Its space went away in content (purged, transferred) while this ran.
    if (!presented) throw notFound(`Site space ${siteSpace.id} not found`);
    return presented;
  }

  router.get(SITE_SPACES, async (req: Request<SiteParams>, res: Response) => {
    const page = parsePageRequest(req.query);
    const query = parseInput(listSiteSpacesQuery, req.query, 'query');
    const userId = req.principal.userId;
    const site = await authorizeSite(deps, req.params.organizationId, req.params.siteId, userId, 'read');
    const { rows, total } = await listSiteSpaces(db, site.id, { isDefault: query.default }, page);
    const where = { site, urls, shareKey: await resolveShareKey(db, site, query.shareKey) };
    res.json(listEnvelope(await present(rows, site, userId, where), total, page));
  });

  router.post(SITE_SPACES, async (req: Request<SiteParams>, res: Response) => {
    const body = parseInput(addSiteSpaceBody, req.body ?? {});
    const userId = req.principal.userId;
    const site = await authorizeSite(deps, req.params.organizationId, req.params.siteId, userId, 'manage');
    await requireSpaceOfOrganization(clients.content(), site.organization_id, body.spaceId, userId, 'spaceId');
    const { space, catalog } = await fetchSpaceForStructure(clients.content(), site.organization_id, body.spaceId, userId, 'spaceId');
    const siteSpace = await addSiteSpace(db, site, { space, sectionId: body.sectionId }, clock());
    res.status(201).json(await presentOne(siteSpace, site, userId, catalog));
  });

  router.patch(`${SITE_SPACES}/:siteSpaceId`, async (req: Request<SiteSpaceParams>, res: Response) => {
    const body = parseInput(updateSiteSpaceBody, req.body ?? {});
    const userId = req.principal.userId;
    const site = await authorizeSite(deps, req.params.organizationId, req.params.siteId, userId, 'manage');
    const siteSpace = await updateSiteSpace(db, site, req.params.siteSpaceId, body, clock());
    res.json(await presentOne(siteSpace, site, userId));
  });

  // 205 when deleted now, 204 when there was no such site space (reference deleteSiteSpaceById).
  router.delete(`${SITE_SPACES}/:siteSpaceId`, async (req: Request<SiteSpaceParams>, res: Response) => {
    const site = await authorizeSite(deps, req.params.organizationId, req.params.siteId, req.principal.userId, 'manage');
    const deleted = await deleteSiteSpace(db, site, req.params.siteSpaceId, clock());
    res.status(deleted ? 205 : 204).end();
  });

  router.post(`${SITE_SPACES}/:siteSpaceId/move`, async (req: Request<SiteSpaceParams>, res: Response) => {
    const body = parseInput(moveSiteSpaceBody, req.body ?? {});
    const userId = req.principal.userId;
    const site = await authorizeSite(deps, req.params.organizationId, req.params.siteId, userId, 'manage');
    const siteSpace = await moveSiteSpace(db, site, req.params.siteSpaceId, body.position, clock());
    res.json(await presentOne(siteSpace, site, userId));
  });

  return router;
}
