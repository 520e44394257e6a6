import { findOrganizationsForUser, type OrganizationWithRole } from '../store/organizations.store';
import type { IdentityDeps } from './deps';

/** At most this many organizations per call (other services' GetOrganizations). */
export const MAX_ORGANIZATIONS_PER_CALL = 1000;

/** Organizations by id with the user's role in each, for other services that embed Organization objects. */
export async function getOrganizations({ db }: IdentityDeps, input: { organizationIds: readonly string[]; userId: string }): Promise<OrganizationWithRole[]> {
  return findOrganizationsForUser(db, [...new Set(input.organizationIds)].slice(0, MAX_ORGANIZATIONS_PER_CALL), input.userId);
}
