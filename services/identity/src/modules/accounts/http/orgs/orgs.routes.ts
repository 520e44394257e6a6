import { Router } from 'express';
import { listEnvelope, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import type { IdentityEntryDeps } from '../../application/deps';
import { createOrganizationForCaller } from '../../application/create-organization-for-caller';
import { getOrganization } from '../../application/get-organization';
import { joinOrganization } from '../../application/join-organization';
import { joinOrganizationWithInvite } from '../../application/join-organization-with-invite';
import { pingMember } from '../../application/ping-member';
import { listOrganizations } from '../../application/list-organizations';
import { updateOrganization } from '../../application/update-organization';
import { presentOrganization } from '../../presenters/organization.presenter';
import type { OrganizationCreationRule } from '../../policies/organization-creation.policy';
import { linkInviteParams, orgParams } from '../params.schema';
import { createOrganizationBody, createOrganizationQuery, listOrganizationsQuery, updateOrganizationBody } from './orgs.schema';

export function organizationsRoutes(deps: IdentityEntryDeps, creation: OrganizationCreationRule): Router {
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

  // 201 with the organization as its new admin sees it; 403 when the operator keeps creation to instance admins.
  router.post(
    '/v1/orgs',
    route({ query: createOrganizationQuery, body: createOrganizationBody }, async ({ query, body, principal }, res) => {
      const input = { title: body.title, emailDomains: body.emailDomains, withDefaultSite: query.withDefaultSite === true };
      const org = await createOrganizationForCaller(deps, principal, input, creation);
      res
        .status(201)
        .location(urls.api(`/orgs/${org.id}`))
        .json(presentOrganization(org, org.callerRole, urls));
    }),
  );

  // 204 when the caller is a member now (or was already); 400 when their e-mail domain is not claimed.
  router.post(
    '/v1/orgs/:organizationId/join',
    route({ params: orgParams }, async ({ params, principal }, res) => {
      await joinOrganization(deps, principal, params);
      res.status(204).end();
    }),
  );

  // `inviteId`: the secret of an invite link; the reference answers an empty object.
  router.post(
    '/v1/orgs/:organizationId/invites/:inviteId',
    route({ params: linkInviteParams }, async ({ params, principal }, res) => {
      await joinOrganizationWithInvite(deps, principal, params);
      res.json({});
    }),
  );

  // No visitor claims are issued: the reference's `gitbookVisitorClaims` is optional.
  router.post(
    '/v1/orgs/:organizationId/ping',
    route({ params: orgParams }, async ({ params, principal }, res) => {
      await pingMember(deps, principal, params);
      res.json({});
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
