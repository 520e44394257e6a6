import { enqueueEvent } from '@quire/platform/outbox';
import { IDENTITY_TOPIC, IdentityEvent, outboxEvent } from '@quire/contracts';
import { authorizeOrganization, type Caller, type IdentityDeps } from '../../accounts';
import { samlProviderNotFound } from '../domain/saml-providers';
import { deleteSamlProviderRow } from '../store/saml-providers.store';

/** Deletes a SAML provider (admins); 404 (and no event) when it did not exist. */
export async function deleteSamlProvider(
  { db, clock }: IdentityDeps,
  caller: Caller,
  input: { organizationId: string; samlProviderId: string },
): Promise<void> {
  const org = await authorizeOrganization(db, input.organizationId, caller.userId, 'manageSaml');
  const orgId = org.id;
  const providerId = input.samlProviderId;
  const now = clock();
  const deleted = await db.transaction(async (tx) => {
    const row = await deleteSamlProviderRow(tx, orgId, providerId);
    if (row)
      await enqueueEvent(tx, outboxEvent(IDENTITY_TOPIC, orgId, IdentityEvent.samlProviderDeleted, { organizationId: orgId, samlProviderId: providerId }), now);
    return row;
  });
  if (!deleted) throw samlProviderNotFound(providerId);
}
