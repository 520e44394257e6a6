import { authorizeOrganization, type Caller, type IdentityDeps } from '../../accounts';
import { samlProviderStatus } from '../domain/saml-providers';
import { listAllSamlProviders, type SamlProvider } from '../store/saml-providers.store';

/**
 * What a login page offers (reference: listSSOProviderLoginsInOrganization): any member may read
 * it; a non-member gets 404 like every organization resource. Pending providers cannot sign anyone
 * in, so only active ones are listed.
 */
export async function listSsoLogins({ db }: IdentityDeps, caller: Caller, input: { organizationId: string }): Promise<SamlProvider[]> {
  const org = await authorizeOrganization(db, input.organizationId, caller.userId, 'read');
  return (await listAllSamlProviders(db, org.id)).filter((p) => samlProviderStatus(p) === 'active');
}
