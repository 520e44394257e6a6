import { Router } from 'express';
import { route } from '@quire/platform/http';
import { getPublishedSite } from '../../application/get-published-site';
import { putAdaptiveSchema } from '../../application/put-adaptive-schema';
import { readAdaptiveSchema } from '../../application/read-adaptive-schema';
import { adaptiveSchemaOf } from '../../domain/adaptive-schema';
import { presentPublishedSite, presentPublishedStructure } from '../../presenters/published-site.presenter';
import { presentSiteCustomization, presentSiteSpaceCustomizations } from '../../presenters/site-customization.presenter';
import { presentAdaptiveSchema, presentSite } from '../../presenters/site.presenter';
import type { SitesHttpDeps } from '../deps';
import { siteParams } from '../params.schema';
import { shareKeyQuery } from '../structure.schema';
import { putAdaptiveSchemaBody } from './sites.schema';

const SITE = '/v1/orgs/:organizationId/sites/:siteId';

// A site's adaptive schema and its published profile. Any member reads them; changing the
// adaptive schema needs the `create` role like the site's other settings.
export function siteSettingsRoutes(deps: SitesHttpDeps): Router {
  const { clock, urls } = deps;
  const router = Router();

  router.get(
    `${SITE}/adaptive-schema`,
    route({ params: siteParams }, async ({ params, principal }, res) => {
      res.json(presentAdaptiveSchema(await readAdaptiveSchema(deps, principal.userId, params)));
    }),
  );

  router.put(
    `${SITE}/adaptive-schema`,
    route({ params: siteParams, body: putAdaptiveSchemaBody }, async ({ params, body, principal }, res) => {
      const updated = await putAdaptiveSchema(deps, principal.userId, params, body.jsonSchema, clock());
      res.json(presentAdaptiveSchema(adaptiveSchemaOf(updated)));
    }),
  );

  // What visitors of a published site get: the site, its structure (every embedded space fetched
  // in one call) and its customization. Members see it before the site is published too, as a
  // preview (`site.published: false`); non-members get 404 either way.
  router.get(
    `${SITE}/published`,
    route({ params: siteParams, query: shareKeyQuery }, async ({ params, query, principal }, res) => {
      const { site, role, structure, spaces, shareKey, customization, siteSpaceCustomizations } = await getPublishedSite(deps, principal.userId, params, query);
      res.json(
        presentPublishedSite(
          presentSite(site, role, urls, shareKey),
          presentPublishedStructure(structure, spaces, { site, urls, shareKey }),
          presentSiteCustomization(customization, site.title),
          presentSiteSpaceCustomizations(customization, siteSpaceCustomizations, site.title),
        ),
      );
    }),
  );

  return router;
}
