import { Router, type Request, type Response } from 'express';
import { notFound, parseInput } from '@quire/common';
import { adaptiveSchemaOf, putAdaptiveSchema } from '../../domain/adaptive-schema';
import { loadPublishedStructure, spaceIdsOfStructure } from '../../domain/published-profile';
import { resolveShareKey } from '../../domain/share-links';
import { fetchSpaces } from '../../domain/space-embedder';
import { authorizeSite } from '../../policies/site.policy';
import { presentPublishedSite, presentPublishedStructure } from '../../presenters/published-site.presenter';
import { presentAdaptiveSchema, presentSite } from '../../presenters/site.presenter';
import type { SitesHttpDeps } from '../deps';
import { shareKeyQuery } from '../structure.schema';
import { putAdaptiveSchemaBody } from './sites.schema';

type SiteParams = { organizationId: string; siteId: string };

const SITE = '/v1/orgs/:organizationId/sites/:siteId';

// A site's adaptive schema and its published profile. Any member reads them; changing the
// adaptive schema needs the `create` role like the site's other settings.
export function siteSettingsRoutes(deps: SitesHttpDeps): Router {
  const { db, clock, urls, clients } = deps;
  const router = Router();

  router.get(`${SITE}/adaptive-schema`, async (req: Request<SiteParams>, res: Response) => {
    const site = await authorizeSite(deps, req.params.organizationId, req.params.siteId, req.principal.userId, 'read');
    res.json(presentAdaptiveSchema(adaptiveSchemaOf(site)));
  });

  router.put(`${SITE}/adaptive-schema`, async (req: Request<SiteParams>, res: Response) => {
    const body = parseInput(putAdaptiveSchemaBody, req.body ?? {});
    const callerId = req.principal.userId;
    const site = await authorizeSite(deps, req.params.organizationId, req.params.siteId, callerId, 'manage');
    const updated = await putAdaptiveSchema(db, site.organization_id, site.id, body.jsonSchema, callerId, clock());
    res.json(presentAdaptiveSchema(adaptiveSchemaOf(updated)));
  });

  // What visitors of a published site get: the site, its structure (every embedded space fetched
  // in one call) and its customization. A site that is not published has no published profile.
  router.get(`${SITE}/published`, async (req: Request<SiteParams>, res: Response) => {
    const query = parseInput(shareKeyQuery, req.query, 'query');
    const userId = req.principal.userId;
    const site = await authorizeSite(deps, req.params.organizationId, req.params.siteId, userId, 'read');
    if (!site.published) throw notFound(`Site ${site.id} is not published`);
    const shareKey = await resolveShareKey(db, site, query.shareKey);
    const structure = await loadPublishedStructure(db, site.id);
    const spaces = await fetchSpaces(clients.content(), spaceIdsOfStructure(structure), userId, site.organization_id);
    res.json(presentPublishedSite(presentSite(site, urls, shareKey), presentPublishedStructure(structure, spaces, { site, urls, shareKey })));
  });

  return router;
}
