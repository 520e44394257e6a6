import { findMembership, touchMember } from '../store/members.store';
import type { Caller, IdentityDeps } from './deps';
import { memberNotFound } from './get-member';

/**
 * updateOrganizationMemberLastSeenAt: the caller was active in the organization now (a guest too:
 * it is their own entry). Written at most once a minute, so a client pinging often costs little.
 */
export async function pingMember({ db, clock }: IdentityDeps, caller: Caller, input: { organizationId: string }): Promise<void> {
  const member = await findMembership(db, input.organizationId, caller.userId);
  if (!member || member.disabled) throw memberNotFound(input.organizationId, caller.userId);
  await touchMember(db, input.organizationId, caller.userId, clock());
}
