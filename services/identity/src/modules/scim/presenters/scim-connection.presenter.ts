import type { UrlBuilder } from '@quire/urls';
import { scimBasePath } from '../domain/scim-connections';
import type { ScimConnection } from '../model/scim-connection';

/** The connection's SCIM base URL: what an identity provider is configured with. */
export const scimBaseUrl = (connectionId: string, urls: UrlBuilder) => urls.app(scimBasePath(connectionId));

/**
 * GitBook's `scim-connection` object; `defaultRole` and `groupRoles` are Quire's (the role of the
 * people provisioned, docs/identity.md).
 */
export function presentScimConnection(connection: ScimConnection, urls: UrlBuilder) {
  return {
    object: 'scim-connection' as const,
    id: connection.id,
    label: connection.label,
    provider: connection.provider,
    baseURL: scimBaseUrl(connection.id, urls),
    tokenHint: connection.tokenHint,
    tokenCreatedAt: connection.tokenCreatedAt.toISOString(),
    ...(connection.lastUsedAt ? { lastUsedAt: connection.lastUsedAt.toISOString() } : {}),
    defaultRole: connection.defaultRole,
    groupRoles: connection.groupRoles,
    createdAt: connection.createdAt.toISOString(),
    updatedAt: connection.updatedAt.toISOString(),
    urls: { location: urls.api(`/orgs/${connection.organizationId}/scim/connections/${connection.id}`) },
  };
}
