import type { PageRequest } from '@quire/input';
import type { Paged } from '@quire/platform/sql';
import { listOrganizationsOfUser, type OrganizationWithRole } from '../store/organizations.store';
import type { Caller, IdentityDeps } from './deps';

/** The caller's organizations, a page of them (GET /orgs). */
export async function listOrganizations({ db }: IdentityDeps, caller: Caller, page: PageRequest): Promise<Paged<OrganizationWithRole>> {
  return listOrganizationsOfUser(db, caller.userId, page);
}
