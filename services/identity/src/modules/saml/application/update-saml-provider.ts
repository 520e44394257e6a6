import { enqueueEvent } from '@quire/platform/outbox';
import { IDENTITY_TOPIC, IdentityEvent, outboxEvent } from '@quire/contracts';
import { authorizeOrganization, type Caller, type IdentityDeps } from '../../accounts';
import { samlProviderNotFound, usableCertificate } from '../domain/saml-providers';
import { updateSamlProviderRow, type SamlProviderChanges } from '../store/saml-providers.store';
import { assertTeamOfOrganization, requireSamlProvider } from './saml-provider-checks';
import { answerSamlProvider, type SamlProviderAnswer } from './saml-provider-answer';

/** Applies a PATCH to a SAML provider (admins); the event carries the names of the fields that were sent. */
export async function updateSamlProvider(
  { db, clock }: IdentityDeps,
  caller: Caller,
  input: { organizationId: string; samlProviderId: string; changes: SamlProviderChanges },
): Promise<SamlProviderAnswer> {
  const org = await authorizeOrganization(db, input.organizationId, caller.userId, 'manageSaml');
  const orgId = org.id;
  const providerId = input.samlProviderId;
  const now = clock();
  const changes = { ...input.changes, certificate: usableCertificate(input.changes.certificate, now) };
  const provider = await db.transaction(async (tx) => {
    const existing = await requireSamlProvider(tx, orgId, providerId);
    const fields = (Object.keys(changes) as (keyof SamlProviderChanges)[]).filter((k) => changes[k] !== undefined);
    if (fields.length === 0) return existing;
    await assertTeamOfOrganization(tx, orgId, changes.defaultTeam);
    if (!(await updateSamlProviderRow(tx, orgId, providerId, changes, now))) throw samlProviderNotFound(providerId);
    await enqueueEvent(
      tx,
      outboxEvent(IDENTITY_TOPIC, orgId, IdentityEvent.samlProviderUpdated, { organizationId: orgId, samlProviderId: providerId, fields }),
      now,
    );
    return requireSamlProvider(tx, orgId, providerId);
  });
  return answerSamlProvider(provider, org.role);
}
