import type { Principal } from '@quire/access';
import { authorizeMember, type MembershipResolver } from '@quire/platform/membership';

export interface AuditAccessDeps {
  membership: Pick<MembershipResolver, 'membership'>;
}

/**
 * The audit log is for the organization's administrators (the reference: "restricted to
 * organization administrators"): a non-member gets the 404 of an unknown organization, a member
 * below admin a 403.
 */
export async function authorizeAuditLog(deps: AuditAccessDeps, organizationId: string, caller: Pick<Principal, 'userId'>): Promise<void> {
  await authorizeMember(deps.membership, organizationId, caller.userId, 'admin');
}
