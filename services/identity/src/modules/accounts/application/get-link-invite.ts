import type { Role } from '@quire/access';
import { notFound } from '@quire/errors';
import { authorizeOrganization } from '../policies/organization.policy';
import { findLinkInvite, type LinkInvite } from '../store/invites.store';
import type { Caller, IdentityDeps } from './deps';

export const linkInviteNotFound = (orgId: string, inviteId: string) => notFound(`Invite ${inviteId} not found in organization ${orgId}`);

/** One invite link of an organization (admins only), with the caller's role. */
export async function getLinkInvite(
  { db }: IdentityDeps,
  caller: Caller,
  input: { organizationId: string; inviteId: string },
): Promise<{ invite: LinkInvite; callerRole: Role }> {
  const org = await authorizeOrganization(db, input.organizationId, caller.userId, 'manageInvites');
  const invite = await findLinkInvite(db, org.id, input.inviteId);
  if (!invite) throw linkInviteNotFound(org.id, input.inviteId);
  return { invite, callerRole: org.role };
}
