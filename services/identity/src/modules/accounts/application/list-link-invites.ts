import type { Role } from '@quire/access';
import type { PageRequest } from '@quire/input';
import type { Paged } from '@quire/platform/sql';
import { authorizeOrganization } from '../policies/organization.policy';
import { listLinkInviteRows, type LinkInvite } from '../store/invites.store';
import type { Caller, IdentityDeps } from './deps';

/** A page of an organization's invite links (admins only: they hand out memberships), with the caller's role. */
export async function listLinkInvites(
  { db }: IdentityDeps,
  caller: Caller,
  input: { organizationId: string; page: PageRequest },
): Promise<Paged<LinkInvite> & { callerRole: Role }> {
  const org = await authorizeOrganization(db, input.organizationId, caller.userId, 'manageInvites');
  return { ...(await listLinkInviteRows(db, org.id, input.page)), callerRole: org.role };
}
