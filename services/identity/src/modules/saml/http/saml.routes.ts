import { Router } from 'express';
import { listEnvelope, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import type { UrlBuilder } from '@quire/urls';
import { orgParams, type IdentityEntryDeps } from '../../accounts';
import { createSamlProvider } from '../application/create-saml-provider';
import { deleteSamlProvider } from '../application/delete-saml-provider';
import { getSamlProvider } from '../application/get-saml-provider';
import { listSamlProviders } from '../application/list-saml-providers';
import type { SamlProviderAnswer } from '../application/saml-provider-answer';
import { updateSamlProvider } from '../application/update-saml-provider';
import { presentSamlProvider } from '../presenters/saml-provider.presenter';
import { samlProviderParams } from './params.schema';
import { createSamlProviderBody, listSamlProvidersQuery, updateSamlProviderBody } from './saml.schema';
import { ssoRoutes } from './sso.routes';

const present = ({ provider, callerRole, defaultTeamSpaces }: SamlProviderAnswer, urls: UrlBuilder) =>
  presentSamlProvider(provider, callerRole, urls, defaultTeamSpaces);

/**
 * SAML providers of an organization. Every operation here, reads included, is for organization
 * admins: providers carry the identity provider's configuration. Members see only the login list
 * of /sso (mounted from here).
 */
export function samlRoutes(deps: IdentityEntryDeps): Router {
  const { urls } = deps;
  const router = Router();

  router.get(
    '/v1/orgs/:organizationId/saml',
    route({ params: orgParams, query: listSamlProvidersQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const { rows, total } = await listSamlProviders(deps, principal, { organizationId: params.organizationId, page });
      res.json(
        listEnvelope(
          rows.map((p) => present(p, urls)),
          total,
          page,
        ),
      );
    }),
  );

  router.post(
    '/v1/orgs/:organizationId/saml',
    route({ params: orgParams, body: createSamlProviderBody }, async ({ params, body, principal }, res) => {
      const presented = present(await createSamlProvider(deps, principal, { organizationId: params.organizationId, fields: body }), urls);
      res.status(201).location(presented.urls.location).json(presented);
    }),
  );

  router.get(
    '/v1/orgs/:organizationId/saml/:samlProviderId',
    route({ params: samlProviderParams }, async ({ params, principal }, res) => {
      res.json(present(await getSamlProvider(deps, principal, params), urls));
    }),
  );

  router.patch(
    '/v1/orgs/:organizationId/saml/:samlProviderId',
    route({ params: samlProviderParams, body: updateSamlProviderBody }, async ({ params, body, principal }, res) => {
      res.json(present(await updateSamlProvider(deps, principal, { ...params, changes: body }), urls));
    }),
  );

  // 204 when deleted; 404 when there is no such provider, as for every delete of something absent.
  router.delete(
    '/v1/orgs/:organizationId/saml/:samlProviderId',
    route({ params: samlProviderParams }, async ({ params, principal }, res) => {
      await deleteSamlProvider(deps, principal, params);
      res.status(204).end();
    }),
  );

  router.use(ssoRoutes(deps));
  return router;
}
