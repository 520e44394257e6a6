import { authorizeOrganization, type Caller, type IdentityDeps } from '../../accounts';
import { samlProviderNotFound } from '../domain/saml-providers';
import { findSamlProvider } from '../store/saml-providers.store';
import { answerSamlProvider, type SamlProviderAnswer } from './saml-provider-answer';

/** One SAML provider of an organization (admins). */
export async function getSamlProvider(
  { db }: IdentityDeps,
  caller: Caller,
  input: { organizationId: string; samlProviderId: string },
): Promise<SamlProviderAnswer> {
  const org = await authorizeOrganization(db, input.organizationId, caller.userId, 'manageSaml');
  const provider = await findSamlProvider(db, org.id, input.samlProviderId);
  if (!provider) throw samlProviderNotFound(input.samlProviderId);
  return answerSamlProvider(provider, org.role);
}
