import { authorizeOrganization, type AuthorizedOrganization } from '../policies/organization.policy';
import type { Caller, IdentityDeps } from './deps';

/** An organization the caller is a member of (a non-member gets the 404 of a missing one). */
export async function getOrganization({ db }: IdentityDeps, caller: Caller, input: { organizationId: string }): Promise<AuthorizedOrganization> {
  return authorizeOrganization(db, input.organizationId, caller.userId, 'read');
}
