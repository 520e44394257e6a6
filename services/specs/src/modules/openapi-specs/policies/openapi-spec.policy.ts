import { atLeast, type Role } from '@quire/access';
import { authorizeMember, type MembershipResolver } from '@quire/platform/membership';

export type SpecsAction = 'read' | 'manage';

// Any member reads OpenAPI specs; creating, changing and deleting them needs the `create` role
// (as for sites). Non-members get a 404 for the organization.
const REQUIRED: Record<SpecsAction, Role> = { read: 'read', manage: 'create' };

export function authorizeSpecs(
  deps: { membership: Pick<MembershipResolver, 'membership'> },
  organizationId: string,
  userId: string,
  action: SpecsAction,
): Promise<Role> {
  return authorizeMember(deps.membership, organizationId, userId, REQUIRED[action]);
}

/** The `permissions` object of OpenAPI specs for a caller with `role`. */
export function specsPermissions(role: Role): { view: boolean; edit: boolean } {
  return { view: atLeast(role, REQUIRED.read), edit: atLeast(role, REQUIRED.manage) };
}
