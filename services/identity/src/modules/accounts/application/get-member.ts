import { notFound } from '@quire/errors';
import { authorizeOrganization } from '../policies/organization.policy';
import { findMemberWithUser, type MemberWithUser } from '../store/members.store';
import type { Caller, IdentityDeps } from './deps';

export const memberNotFound = (orgId: string, userId: string) => notFound(`Member ${userId} not found in organization ${orgId}`);

/** One member of an organization (any member may read a member). */
export async function getMember({ db }: IdentityDeps, caller: Caller, input: { organizationId: string; userId: string }): Promise<MemberWithUser> {
  const org = await authorizeOrganization(db, input.organizationId, caller.userId, 'listMembers');
  const member = await findMemberWithUser(db, org.id, input.userId);
  if (!member) throw memberNotFound(org.id, input.userId);
  return member;
}
