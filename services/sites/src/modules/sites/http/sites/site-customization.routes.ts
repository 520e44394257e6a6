import { Router } from 'express';
import { z } from '@quire/input';
import { route } from '@quire/platform/http';
import { readSiteCustomization } from '../../application/read-site-customization';
import { overrideSiteSpaceCustomization, readSiteSpaceCustomization, removeSiteSpaceCustomization } from '../../application/site-space-customization';
import { updateSiteCustomization } from '../../application/update-site-customization';
import { presentSiteCustomization } from '../../presenters/site-customization.presenter';
import type { SitesHttpDeps } from '../deps';
import { siteParams } from '../params.schema';
import { siteSpaceParams } from '../site-spaces/site-spaces.schema';

const SITE = '/v1/orgs/:organizationId/sites/:siteId';
const SITE_SPACE = `${SITE}/site-spaces/:siteSpaceId/customization`;

// getSiteCustomizationById's deprecated `unmasked` changes nothing here: nothing is masked.
const customizationQuery = z.object({ unmasked: z.enum(['true', 'false']).optional() });
// The fields are checked against the reference by the domain (validateCustomizationInput).
const customizationBody = z.record(z.string(), z.unknown());

// A site's customization (reference SiteCustomizationSettings): any member reads it; replacing it
// (PUT, a full replacement) needs the `create` role like the site's other settings.
export function siteCustomizationRoutes(deps: SitesHttpDeps): Router {
  const router = Router();

  router.get(
    `${SITE}/customization`,
    route({ params: siteParams, query: customizationQuery }, async ({ params, principal }, res) => {
      const { customization, siteTitle } = await readSiteCustomization(deps, principal.userId, params);
      res.json(presentSiteCustomization(customization, siteTitle));
    }),
  );

  router.put(
    `${SITE}/customization`,
    route({ params: siteParams, body: customizationBody }, async ({ params, body, principal }, res) => {
      const { customization, siteTitle } = await updateSiteCustomization(deps, principal.userId, params, body, deps.clock());
      res.json(presentSiteCustomization(customization, siteTitle));
    }),
  );

  // A site space's own customization over its site's (reference getSiteSpaceCustomizationById,
  // overrideSiteSpaceCustomizationById, deleteSiteSpaceCustomizationById): GET answers what the site
  // space shows; PATCH changes its overrides (null removes one); DELETE removes them all, 205 when
  // there were some, 204 when not.
  router.get(
    SITE_SPACE,
    route({ params: siteSpaceParams, query: customizationQuery }, async ({ params, principal }, res) => {
      const { customization, siteTitle } = await readSiteSpaceCustomization(deps, principal.userId, params);
      res.json(presentSiteCustomization(customization, siteTitle));
    }),
  );

  router.patch(
    SITE_SPACE,
    route({ params: siteSpaceParams, body: customizationBody }, async ({ params, body, principal }, res) => {
      const { customization, siteTitle } = await overrideSiteSpaceCustomization(deps, principal.userId, params, body, deps.clock());
      res.json(presentSiteCustomization(customization, siteTitle));
    }),
  );

  router.delete(
    SITE_SPACE,
    route({ params: siteSpaceParams }, async ({ params, principal }, res) => {
      const removed = await removeSiteSpaceCustomization(deps, principal.userId, params, deps.clock());
      res.status(removed ? 205 : 204).end();
    }),
  );

  return router;
}
