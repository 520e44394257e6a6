import { Router, type Request, type Response } from 'express';
import { listEnvelope, parseInput, parsePageRequest, type Role, type UrlBuilder } from '@quire/common';
import { createSamlProvider, deleteSamlProviderById, samlProviderNotFound, updateSamlProviderFields } from '../../domain/saml-providers';
import { countSpacesOfTeams } from '../../domain/teams';
import { authorizeOrganization } from '../../policies/organization.policy';
import { presentSamlProvider } from '../../presenters/saml-provider.presenter';
import { findSamlProvider, listSamlProviders, type SamlProviderWithTeam } from '../../store/saml-providers.store';
import type { IdentityHttpDeps } from '../deps';
import { ssoRoutes } from '../sso/sso.routes';
import { createSamlProviderBody, updateSamlProviderBody } from './saml.schema';

type OrgParams = { organizationId: string };
type ProviderParams = OrgParams & { samlProviderId: string };

/**
 * SAML providers of an organization. Every operation here, reads included, is for organization
 * admins: providers carry the identity provider's configuration. Members see only the login list
 * of /sso (mounted from here).
 */
export function samlRoutes(deps: IdentityHttpDeps): Router {
  const { db, urls, clock } = deps;
  const router = Router();

  router.get('/v1/orgs/:organizationId/saml', async (req: Request<OrgParams>, res: Response) => {
    const page = parsePageRequest(req.query);
    const org = await authorizeOrganization(db, req.params.organizationId, req.principal.userId, 'manageSaml');
    const { rows, total } = await listSamlProviders(db, org.id, page);
    res.json(listEnvelope(await presentProviders(rows, org.role, urls), total, page));
  });

  router.post('/v1/orgs/:organizationId/saml', async (req: Request<OrgParams>, res: Response) => {
    const input = parseInput(createSamlProviderBody, req.body ?? {});
    const org = await authorizeOrganization(db, req.params.organizationId, req.principal.userId, 'manageSaml');
    const provider = await createSamlProvider(db, org.id, input, clock());
    const body = await presentProvider(provider, org.role, urls);
    res.status(201).location(body.urls.location).json(body);
  });

  router.get('/v1/orgs/:organizationId/saml/:samlProviderId', async (req: Request<ProviderParams>, res: Response) => {
    const org = await authorizeOrganization(db, req.params.organizationId, req.principal.userId, 'manageSaml');
    const provider = await findSamlProvider(db, org.id, req.params.samlProviderId);
    if (!provider) throw samlProviderNotFound(req.params.samlProviderId);
    res.json(await presentProvider(provider, org.role, urls));
  });

  router.patch('/v1/orgs/:organizationId/saml/:samlProviderId', async (req: Request<ProviderParams>, res: Response) => {
    const changes = parseInput(updateSamlProviderBody, req.body ?? {});
    const org = await authorizeOrganization(db, req.params.organizationId, req.principal.userId, 'manageSaml');
    const provider = await updateSamlProviderFields(db, org.id, req.params.samlProviderId, changes, clock());
    res.json(await presentProvider(provider, org.role, urls));
  });

  // 204 whether or not the provider existed (spec table; the reference's 204 means "did not exist"), so a retried delete succeeds.
  router.delete('/v1/orgs/:organizationId/saml/:samlProviderId', async (req: Request<ProviderParams>, res: Response) => {
    const org = await authorizeOrganization(db, req.params.organizationId, req.principal.userId, 'manageSaml');
    await deleteSamlProviderById(db, org.id, req.params.samlProviderId, clock());
    res.status(204).end();
  });

  router.use(ssoRoutes(deps));
  return router;
}

// The default team is shown as the team endpoints show it, spaces count included.
async function presentProviders(providers: SamlProviderWithTeam[], callerRole: Role, urls: UrlBuilder) {
  const spaces = await countSpacesOfTeams(providers.flatMap((p) => (p.default_team ? [p.default_team.id] : [])));
  return providers.map((p) => presentSamlProvider(p, callerRole, urls, p.default_team ? spaces.get(p.default_team.id) : 0));
}

async function presentProvider(provider: SamlProviderWithTeam, callerRole: Role, urls: UrlBuilder) {
  const spaces = provider.default_team ? (await countSpacesOfTeams([provider.default_team.id])).get(provider.default_team.id) : 0;
  return presentSamlProvider(provider, callerRole, urls, spaces);
}
