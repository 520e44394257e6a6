import { Router } from 'express';
import { notFound } from '@quire/errors';
import { listEnvelope, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { updateOrganizationFields } from '../../domain/organizations';
import { authorizeOrganization } from '../../policies/organization.policy';
import { presentOrganization } from '../../presenters/organization.presenter';
import { listOrganizationsOfUser } from '../../store/organizations.store';
import type { IdentityHttpDeps } from '../deps';
import { orgParams } from '../params.schema';
import { listOrganizationsQuery, updateOrganizationBody } from './orgs.schema';

export function organizationsRoutes({ db, urls, clock }: IdentityHttpDeps): Router {
  const router = Router();

  router.get(
    '/v1/orgs',
    route({ query: listOrganizationsQuery }, async ({ query, principal }, res) => {
      const page = pageRequest(query);
      const { rows, total } = await listOrganizationsOfUser(db, principal.userId, page);
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
      const org = await authorizeOrganization(db, params.organizationId, principal.userId, 'read');
      res.json(presentOrganization(org, org.role, urls));
    }),
  );

  router.patch(
    '/v1/orgs/:organizationId',
    route({ params: orgParams, body: updateOrganizationBody }, async ({ params, body, principal }, res) => {
      const org = await authorizeOrganization(db, params.organizationId, principal.userId, 'update');
      const updated = await updateOrganizationFields(db, org.id, body, clock());
      if (!updated) throw notFound(`Organization ${org.id} not found`);
      res.json(presentOrganization({ ...updated, callerOwnsTeam: org.callerOwnsTeam }, org.role, urls));
    }),
  );

  return router;
}
