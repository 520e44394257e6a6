import type { PageRequest } from '@quire/input';
import type { Paged } from '@quire/platform/sql';
import { authorizeOrganization } from '../policies/organization.policy';
import { listMemberRows, type MemberListFilter, type MemberWithUser } from '../store/members.store';
import type { Caller, IdentityDeps } from './deps';

/** A page of an organization's members (any member lists them). */
export async function listMembers(
  { db }: IdentityDeps,
  caller: Caller,
  input: { organizationId: string; filter: MemberListFilter; page: PageRequest },
): Promise<Paged<MemberWithUser>> {
  const org = await authorizeOrganization(db, input.organizationId, caller.userId, 'listMembers');
  return listMemberRows(db, org.id, input.filter, input.page);
}
