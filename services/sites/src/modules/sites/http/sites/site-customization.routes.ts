import { Router } from 'express';
import { z } from '@quire/input';
import { route } from '@quire/platform/http';
import { getSiteCustomization } from '../../application/get-site-customization';
import { updateSiteCustomization } from '../../application/update-site-customization';
import { authorizeSite } from '../../policies/site.policy';
import { presentSiteCustomization } from '../../presenters/site-customization.presenter';
import type { SitesHttpDeps } from '../deps';
import { siteParams } from '../params.schema';

const SITE = '/v1/orgs/:organizationId/sites/:siteId';

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
      const site = await authorizeSite(deps, params.organizationId, params.siteId, principal.userId, 'read');
      res.json(presentSiteCustomization(await getSiteCustomization(deps.db, site.id), site.title));
    }),
  );

  router.put(
    `${SITE}/customization`,
    route({ params: siteParams, body: customizationBody }, async ({ params, body, principal }, res) => {
      const site = await authorizeSite(deps, params.organizationId, params.siteId, principal.userId, 'manage');
      res.json(presentSiteCustomization(await updateSiteCustomization(deps.db, site, body, principal.userId, deps.clock()), site.title));
    }),
  );

  return router;
}
