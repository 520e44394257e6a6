import type { Role, UrlBuilder } from '@quire/common';
import { samlProviderStatus } from '../domain/saml-providers';
import type { SamlProvider, SamlProviderWithTeam } from '../store/saml-providers.store';
import { presentTeam } from './team.presenter';

/**
 * Where identity providers reach Quire for one provider (the service-provider side of SAML):
 * the login starts at `start`, assertions are posted to `acs`, and Quire's entity id is the URL
 * of its metadata. They are web-app URLs under PUBLIC_URL, one set per provider id.
 */
export function samlServiceUrls(providerId: string, urls: UrlBuilder) {
  const base = `/sso/saml/${encodeURIComponent(providerId)}`;
  return {
    acsURL: urls.app(`${base}/acs`),
    startURL: urls.app(`${base}/start`),
    entityID: urls.app(`${base}/metadata`),
  };
}

/**
 * Reference schema: OrganizationSAMLProvider. The identity provider's fields not configured yet are
 * left out (an empty string would break `ssoURL`'s `format: uri`; issue #10 A13) and the status
 * says `pending`.
 * `defaultTeamSpaces` is the number of spaces the default team can reach (see countSpacesOfTeams).
 */
export function presentSamlProvider(provider: SamlProviderWithTeam, callerRole: Role, urls: UrlBuilder, defaultTeamSpaces = 0) {
  return {
    object: 'saml-provider' as const,
    id: provider.id,
    label: provider.label,
    ...(provider.ssoUrl ? { ssoURL: provider.ssoUrl } : {}),
    ...(provider.entityId ? { entityID: provider.entityId } : {}),
    ...(provider.certificate ? { certificate: provider.certificate } : {}),
    ...(provider.defaultTeam ? { defaultTeam: presentTeam(provider.defaultTeam, defaultTeamSpaces, callerRole) } : {}),
    defaultRole: provider.defaultRole,
    createdAt: provider.createdAt.toISOString(),
    status: samlProviderStatus(provider),
    service: samlServiceUrls(provider.id, urls),
    urls: { location: urls.api(`/orgs/${provider.organizationId}/saml/${provider.id}`) },
  };
}

/** Reference schema: OrganizationSSOProviderLogin. */
export function presentSsoLogin(provider: SamlProvider, urls: UrlBuilder) {
  return { id: provider.id, label: provider.label, startURL: samlServiceUrls(provider.id, urls).startURL };
}
