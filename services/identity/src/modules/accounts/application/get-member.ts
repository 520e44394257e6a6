import { notFound } from '@quire/errors';
import { authorizeOrganization } from '../policies/organization.policy';
import { findMemberWithUser, type MemberWithUser } from '../store/members.store';
import type { Caller, IdentityDeps } from './deps';

export const memberNotFound = (orgId: string, userId: string) => notFound(`Member ${userId} not found in organization ${orgId}`);

/** One member of an organization: any member may read a member, a guest only their own entry. */
export async function getMember({ db }: IdentityDeps, caller: Caller, input: { organizationId: string; userId: string }): Promise<MemberWithUser> {
  if (input.userId === caller.userId) {
    const own = await findMemberWithUser(db, input.organizationId, caller.userId);
    if (own && !own.disabled) return own;
  }
  const org = await authorizeOrganization(db, input.organizationId, caller.userId, 'listMembers');
  const member = await findMemberWithUser(db, org.id, input.userId);
  if (!member) throw memberNotFound(org.id, input.userId);
  return member;
}
