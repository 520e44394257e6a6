import { newId } from '@quire/ids';
import { IDENTITY_TOPIC, IdentityEvent, outboxEvent } from '@quire/contracts';
import { enqueueEvent } from '@quire/platform/outbox';
import { authorizeOrganization, type Caller, type IdentityDeps } from '../../accounts';
import { DEFAULT_SAML_ROLE, usableCertificate } from '../domain/saml-providers';
import { insertSamlProvider, type SamlProviderChanges } from '../store/saml-providers.store';
import { assertTeamOfOrganization, requireSamlProvider } from './saml-provider-checks';
import { answerSamlProvider, type SamlProviderAnswer } from './saml-provider-answer';

/** Creates a SAML provider (admins); the certificate must be valid now and the default team the organization's (400s). */
export async function createSamlProvider(
  { db, clock }: IdentityDeps,
  caller: Caller,
  input: { organizationId: string; fields: SamlProviderChanges & { label: string } },
): Promise<SamlProviderAnswer> {
  const org = await authorizeOrganization(db, input.organizationId, caller.userId, 'manageSaml');
  const orgId = org.id;
  const { fields } = input;
  const now = clock();
  const certificate = usableCertificate(fields.certificate, now);
  const provider = await db.transaction(async (tx) => {
    await assertTeamOfOrganization(tx, orgId, fields.defaultTeam);
    const id = newId();
    const defaultRole = fields.defaultRole === undefined ? DEFAULT_SAML_ROLE : fields.defaultRole;
    await insertSamlProvider(tx, { ...fields, certificate, id, organizationId: orgId, defaultRole }, now);
    await enqueueEvent(
      tx,
      outboxEvent(IDENTITY_TOPIC, orgId, IdentityEvent.samlProviderCreated, { organizationId: orgId, samlProviderId: id, label: fields.label }),
      now,
    );
    return requireSamlProvider(tx, orgId, id);
  });
  return answerSamlProvider(provider, org.role);
}
