import { atLeast, type Role } from '@quire/access';
import { authorizeMember, type MembershipResolver } from '@quire/platform/membership';

export type TranslationAction = 'read' | 'manage';

// Any member reads translation settings; creating, changing and deleting them needs the `create`
// role (as for OpenAPI specs and sites). Non-members get a 404 for the organization.
const REQUIRED: Record<TranslationAction, Role> = { read: 'read', manage: 'create' };

export function authorizeTranslations(
  deps: { membership: Pick<MembershipResolver, 'membership'> },
  organizationId: string,
  userId: string,
  action: TranslationAction,
): Promise<Role> {
  return authorizeMember(deps.membership, organizationId, userId, REQUIRED[action]);
}

/** The `permissions` object of translation settings for a caller with `role`. */
export function translationPermissions(role: Role): { view: boolean; edit: boolean } {
  return { view: atLeast(role, REQUIRED.read), edit: atLeast(role, REQUIRED.manage) };
}
