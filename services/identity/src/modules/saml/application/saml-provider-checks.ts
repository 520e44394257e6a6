import { badRequest } from '@quire/errors';
import type { SqlExecutor } from '@quire/platform/sql';
import { samlProviderNotFound } from '../domain/saml-providers';
import { findSamlProvider, lockTeamOfOrganization, type SamlProviderWithTeam } from '../store/saml-providers.store';

/** A provider of the organization, or its 404. */
export async function requireSamlProvider(tx: SqlExecutor, orgId: string, providerId: string): Promise<SamlProviderWithTeam> {
  const provider = await findSamlProvider(tx, orgId, providerId);
  if (!provider) throw samlProviderNotFound(providerId);
  return provider;
}

/** A 400 naming `defaultTeam` unless the team is the organization's (share-locked until the transaction ends). */
export async function assertTeamOfOrganization(tx: SqlExecutor, orgId: string, teamId: string | null | undefined): Promise<void> {
  if (teamId === undefined || teamId === null) return;
  if (!(await lockTeamOfOrganization(tx, orgId, teamId))) throw badRequest(`Invalid body field "defaultTeam": no team ${teamId} in this organization`);
}
