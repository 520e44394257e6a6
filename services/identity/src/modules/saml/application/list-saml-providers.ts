import type { PageRequest } from '@quire/input';
import type { Paged } from '@quire/platform/sql';
import { authorizeOrganization, type Caller, type IdentityDeps } from '../../accounts';
import { listSamlProviderRows } from '../store/saml-providers.store';
import { answerSamlProviders, type SamlProviderAnswer } from './saml-provider-answer';

/**
 * A page of an organization's SAML providers. Every provider operation, reads included, is for
 * organization admins: providers carry the identity provider's configuration.
 */
export async function listSamlProviders(
  { db }: IdentityDeps,
  caller: Caller,
  input: { organizationId: string; page: PageRequest },
): Promise<Paged<SamlProviderAnswer>> {
  const org = await authorizeOrganization(db, input.organizationId, caller.userId, 'manageSaml');
  const { rows, total } = await listSamlProviderRows(db, org.id, input.page);
  return { rows: await answerSamlProviders(rows, org.role), total };
}
