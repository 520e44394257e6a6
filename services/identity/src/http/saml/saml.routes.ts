import { Router } from 'express';
import type { Role } from '@quire/access';
import { listEnvelope, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import type { UrlBuilder } from '@quire/urls';
import { createSamlProvider, deleteSamlProviderById, samlProviderNotFound, updateSamlProviderFields } from '../../domain/saml-providers';
import { countSpacesOfTeams } from '../../domain/teams';
import { authorizeOrganization } from '../../policies/organization.policy';
import { presentSamlProvider } from '../../presenters/saml-provider.presenter';
import { findSamlProvider, listSamlProviders, type SamlProviderWithTeam } from '../../store/saml-providers.store';
import type { IdentityHttpDeps } from '../deps';
import { orgParams, samlProviderParams } from '../params.schema';
import { ssoRoutes } from '../sso/sso.routes';
import { createSamlProviderBody, listSamlProvidersQuery, updateSamlProviderBody } from './saml.schema';

/**
 * SAML providers of an organization. Every operation here, reads included, is for organization
 * admins: providers carry the identity provider's configuration. Members see only the login list
 * of /sso (mounted from here).
 */
export function samlRoutes(deps: IdentityHttpDeps): Router {
  const { db, urls, clock } = deps;
  const router = Router();

  router.get(
    '/v1/orgs/:organizationId/saml',
    route({ params: orgParams, query: listSamlProvidersQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const org = await authorizeOrganization(db, params.organizationId, principal.userId, 'manageSaml');
      const { rows, total } = await listSamlProviders(db, org.id, page);
      res.json(listEnvelope(await presentProviders(rows, org.role, urls), total, page));
    }),
  );

  router.post(
    '/v1/orgs/:organizationId/saml',
    route({ params: orgParams, body: createSamlProviderBody }, async ({ params, body, principal }, res) => {
      const org = await authorizeOrganization(db, params.organizationId, principal.userId, 'manageSaml');
      const provider = await createSamlProvider(db, org.id, body, clock());
      const presented = await presentProvider(provider, org.role, urls);
      res.status(201).location(presented.urls.location).json(presented);
    }),
  );

  router.get(
    '/v1/orgs/:organizationId/saml/:samlProviderId',
    route({ params: samlProviderParams }, async ({ params, principal }, res) => {
      const org = await authorizeOrganization(db, params.organizationId, principal.userId, 'manageSaml');
      const provider = await findSamlProvider(db, org.id, params.samlProviderId);
      if (!provider) throw samlProviderNotFound(params.samlProviderId);
      res.json(await presentProvider(provider, org.role, urls));
    }),
  );

  router.patch(
    '/v1/orgs/:organizationId/saml/:samlProviderId',
    route({ params: samlProviderParams, body: updateSamlProviderBody }, async ({ params, body, principal }, res) => {
      const org = await authorizeOrganization(db, params.organizationId, principal.userId, 'manageSaml');
      const provider = await updateSamlProviderFields(db, org.id, params.samlProviderId, body, clock());
      res.json(await presentProvider(provider, org.role, urls));
    }),
  );

  // 204 when deleted; 404 when there is no such provider, as for every delete of something absent (issue #10 A9).
  router.delete(
    '/v1/orgs/:organizationId/saml/:samlProviderId',
    route({ params: samlProviderParams }, async ({ params, principal }, res) => {
      const org = await authorizeOrganization(db, params.organizationId, principal.userId, 'manageSaml');
      if (!(await deleteSamlProviderById(db, org.id, params.samlProviderId, clock()))) throw samlProviderNotFound(params.samlProviderId);
      res.status(204).end();
    }),
  );

  router.use(ssoRoutes(deps));
  return router;
}

// The default team is shown as the team endpoints show it, spaces count included.
async function presentProviders(providers: SamlProviderWithTeam[], callerRole: Role, urls: UrlBuilder) {
  const spaces = await countSpacesOfTeams(providers.flatMap((p) => (p.defaultTeam ? [p.defaultTeam.id] : [])));
  return providers.map((p) => presentSamlProvider(p, callerRole, urls, p.defaultTeam ? spaces.get(p.defaultTeam.id) : 0));
}

async function presentProvider(provider: SamlProviderWithTeam, callerRole: Role, urls: UrlBuilder) {
  const spaces = provider.defaultTeam ? (await countSpacesOfTeams([provider.defaultTeam.id])).get(provider.defaultTeam.id) : 0;
  return presentSamlProvider(provider, callerRole, urls, spaces);
}
