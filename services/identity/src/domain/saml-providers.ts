import type { Role } from '@quire/access';
import { badRequest, notFound } from '@quire/errors';
import { newId } from '@quire/ids';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase, SqlExecutor } from '@quire/platform/sql';
import { IdentityEvent, organizationEvent } from '../events/identity-events';
import {
  deleteSamlProvider,
  findSamlProvider,
  insertSamlProvider,
  lockTeamOfOrganization,
  updateSamlProvider,
  type SamlProviderChanges,
  type SamlProvider,
  type SamlProviderWithTeam,
} from '../store/saml-providers.store';
import { checkCertificate } from './certificates';

export type SamlProviderStatus = 'active' | 'pending';

/** People who first sign in through a provider join with this role unless the provider says otherwise. */
export const DEFAULT_SAML_ROLE: Role = 'read';

/** A provider can sign people in once the identity provider's entity id, certificate and login URL are all set. */
export function samlProviderStatus(provider: Pick<SamlProvider, 'entityId' | 'certificate' | 'ssoUrl'>): SamlProviderStatus {
  return provider.entityId && provider.certificate && provider.ssoUrl ? 'active' : 'pending';
}

export async function createSamlProvider(
  db: SqlDatabase,
  orgId: string,
  input: SamlProviderChanges & { label: string },
  now: Date,
): Promise<SamlProviderWithTeam> {
  const certificate = usableCertificate(input.certificate, now);
  return db.transaction(async (tx) => {
    await assertTeamOfOrganization(tx, orgId, input.defaultTeam);
    const id = newId();
    const defaultRole = input.defaultRole === undefined ? DEFAULT_SAML_ROLE : input.defaultRole;
    await insertSamlProvider(tx, { ...input, certificate, id, organizationId: orgId, defaultRole }, now);
    await enqueueEvent(tx, organizationEvent(IdentityEvent.samlProviderCreated, { organizationId: orgId, samlProviderId: id, label: input.label }), now);
    return mustFind(tx, orgId, id);
  });
}

/** Applies a PATCH; the event carries the names of the fields that were sent. */
export async function updateSamlProviderFields(
  db: SqlDatabase,
  orgId: string,
  providerId: string,
  requested: SamlProviderChanges,
  now: Date,
): Promise<SamlProviderWithTeam> {
  const changes = { ...requested, certificate: usableCertificate(requested.certificate, now) };
  return db.transaction(async (tx) => {
    const existing = await mustFind(tx, orgId, providerId);
    const fields = (Object.keys(changes) as (keyof SamlProviderChanges)[]).filter((k) => changes[k] !== undefined);
    if (fields.length === 0) return existing;
    await assertTeamOfOrganization(tx, orgId, changes.defaultTeam);
    if (!(await updateSamlProvider(tx, orgId, providerId, changes, now))) throw samlProviderNotFound(providerId);
    await enqueueEvent(tx, organizationEvent(IdentityEvent.samlProviderUpdated, { organizationId: orgId, samlProviderId: providerId, fields }), now);
    return mustFind(tx, orgId, providerId);
  });
}

/** Deletes a provider; false (and no event) when it did not exist. */
export async function deleteSamlProviderById(db: SqlDatabase, orgId: string, providerId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await deleteSamlProvider(tx, orgId, providerId);
    if (deleted) {
      await enqueueEvent(tx, organizationEvent(IdentityEvent.samlProviderDeleted, { organizationId: orgId, samlProviderId: providerId }), now);
    }
    return deleted;
  });
}

export function samlProviderNotFound(providerId: string) {
  return notFound(`SAML provider ${providerId} not found`);
}

async function mustFind(tx: SqlExecutor, orgId: string, providerId: string): Promise<SamlProviderWithTeam> {
  const provider = await findSamlProvider(tx, orgId, providerId);
  if (!provider) throw samlProviderNotFound(providerId);
  return provider;
}

/** The certificate as stored (canonical PEM), or a 400 naming the field. */
function usableCertificate(pem: string | undefined, now: Date): string | undefined {
  if (pem === undefined) return undefined;
  const check = checkCertificate(pem, now);
  if (!check.isValid) throw badRequest(`Invalid body field "certificate": ${check.reason}`);
  return check.certificate.pem;
}

async function assertTeamOfOrganization(tx: SqlExecutor, orgId: string, teamId: string | null | undefined): Promise<void> {
  if (teamId === undefined || teamId === null) return;
  if (!(await lockTeamOfOrganization(tx, orgId, teamId))) throw badRequest(`Invalid body field "defaultTeam": no team ${teamId} in this organization`);
}
