import type { Paged, PageRequest } from '@quire/common';
import { listOrganizationsOfUser, type OrganizationWithRole } from '../store/organizations.store';
import type { Caller, IdentityDeps } from './deps';

/** The caller's organizations, a page of them (GET /orgs). */
export async function listOrganizations({ db }: IdentityDeps, caller: Caller, page: PageRequest): Promise<Paged<OrganizationWithRole>> {
  return listOrganizationsOfUser(db, caller.userId, page);
}
