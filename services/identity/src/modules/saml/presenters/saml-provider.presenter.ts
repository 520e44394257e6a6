import type { Role } from '@quire/access';
import type { UrlBuilder } from '@quire/urls';
import { samlProviderStatus } from '../domain/saml-providers';
import type { SamlProvider, SamlProviderWithTeam } from '../model/saml-provider';
import { presentTeam } from '../../teams';

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
 * What a provider not configured yet answers for the identity provider's fields, so that every
 * provider has the reference's shape (OrganizationSAMLProvider requires all three, although a provider
 * is created from its label alone): empty strings, and for `ssoURL`, whose `format: uri` refuses an
 * empty string, `about:blank`, the URI that names nothing (RFC 6694). `status` says
 * `pending` until all three are set (docs/identity.md).
 */
export const UNSET_SAML_FIELDS = { ssoURL: 'about:blank', entityID: '', certificate: '' } as const;

/**
 * Reference schema: OrganizationSAMLProvider. `defaultTeamSpaces` is the number of spaces the
 * default team can reach (see countSpacesOfTeams).
 */
export function presentSamlProvider(provider: SamlProviderWithTeam, callerRole: Role, urls: UrlBuilder, defaultTeamSpaces = 0) {
  return {
    object: 'saml-provider' as const,
    id: provider.id,
    label: provider.label,
    ssoURL: provider.ssoUrl || UNSET_SAML_FIELDS.ssoURL,
    entityID: provider.entityId || UNSET_SAML_FIELDS.entityID,
    certificate: provider.certificate || UNSET_SAML_FIELDS.certificate,
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
