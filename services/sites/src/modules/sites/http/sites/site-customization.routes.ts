import { Router } from 'express';
import { z } from '@quire/input';
import { route } from '@quire/platform/http';
import { readSiteCustomization } from '../../application/read-site-customization';
import { updateSiteCustomization } from '../../application/update-site-customization';
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

  return router;
}
