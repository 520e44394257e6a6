import { Router } from 'express';
import { listEnvelope, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import type { IdentityEntryDeps } from '../../application/deps';
import { getOrganization } from '../../application/get-organization';
import { listOrganizations } from '../../application/list-organizations';
import { updateOrganization } from '../../application/update-organization';
import { presentOrganization } from '../../presenters/organization.presenter';
import { orgParams } from '../params.schema';
import { listOrganizationsQuery, updateOrganizationBody } from './orgs.schema';

export function organizationsRoutes(deps: IdentityEntryDeps): Router {
  const { urls } = deps;
  const router = Router();

  router.get(
    '/v1/orgs',
    route({ query: listOrganizationsQuery }, async ({ query, principal }, res) => {
      const page = pageRequest(query);
      const { rows, total } = await listOrganizations(deps, principal, page);
      res.json(
        listEnvelope(
          rows.map((o) => presentOrganization(o, o.callerRole, urls)),
          total,
          page,
        ),
      );
    }),
  );

  router.get(
    '/v1/orgs/:organizationId',
    route({ params: orgParams }, async ({ params, principal }, res) => {
      const org = await getOrganization(deps, principal, params);
      res.json(presentOrganization(org, org.role, urls));
    }),
  );

  router.patch(
    '/v1/orgs/:organizationId',
    route({ params: orgParams, body: updateOrganizationBody }, async ({ params, body, principal }, res) => {
      const org = await updateOrganization(deps, principal, { organizationId: params.organizationId, changes: body });
      res.json(presentOrganization(org, org.role, urls));
    }),
  );

  return router;
}
