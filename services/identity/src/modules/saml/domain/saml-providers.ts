import type { Role } from '@quire/access';
import { badRequest, notFound } from '@quire/errors';
import type { SqlExecutor } from '@quire/platform/sql';
import { findSamlProvider, lockTeamOfOrganization, type SamlProvider, type SamlProviderWithTeam } from '../store/saml-providers.store';
import { checkCertificate } from './certificates';

export type SamlProviderStatus = 'active' | 'pending';

/** People who first sign in through a provider join with this role unless the provider says otherwise. */
export const DEFAULT_SAML_ROLE: Role = 'read';

/** A provider can sign people in once the identity provider's entity id, certificate and login URL are all set. */
export function samlProviderStatus(provider: Pick<SamlProvider, 'entityId' | 'certificate' | 'ssoUrl'>): SamlProviderStatus {
  return provider.entityId && provider.certificate && provider.ssoUrl ? 'active' : 'pending';
}

export function samlProviderNotFound(providerId: string) {
  return notFound(`SAML provider ${providerId} not found`);
}

/** A provider of the organization, or its 404. */
export async function mustFind(tx: SqlExecutor, orgId: string, providerId: string): Promise<SamlProviderWithTeam> {
  const provider = await findSamlProvider(tx, orgId, providerId);
  if (!provider) throw samlProviderNotFound(providerId);
  return provider;
}

/** The certificate as stored (canonical PEM), or a 400 naming the field. */
export function usableCertificate(pem: string | undefined, now: Date): string | undefined {
  if (pem === undefined) return undefined;
  const check = checkCertificate(pem, now);
  if (!check.isValid) throw badRequest(`Invalid body field "certificate": ${check.reason}`);
  return check.certificate.pem;
}

/** A 400 naming `defaultTeam` unless the team is the organization's (share-locked until the transaction ends). */
export async function assertTeamOfOrganization(tx: SqlExecutor, orgId: string, teamId: string | null | undefined): Promise<void> {
  if (teamId === undefined || teamId === null) return;
  if (!(await lockTeamOfOrganization(tx, orgId, teamId))) throw badRequest(`Invalid body field "defaultTeam": no team ${teamId} in this organization`);
}
