import type { Role } from '@quire/access';
import { authorizeMember, type MembershipResolver } from '@quire/platform/membership';

// Webhooks send every fact of an organization (member e-mails in invites included) to a URL of
// the caller's choosing, and their secrets sign as Quire: only organization admins see or change
// them. Others get the one access rule's answers: a non-member 404, a member below admin 403.
const REQUIRED: Role = 'admin';

export function authorizeWebhooks(deps: { membership: Pick<MembershipResolver, 'membership'> }, organizationId: string, userId: string): Promise<Role> {
  return authorizeMember(deps.membership, organizationId, userId, REQUIRED);
}
