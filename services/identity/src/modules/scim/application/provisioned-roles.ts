import type { SqlExecutor } from '@quire/platform/sql';
import { provisionMember } from '../../accounts';
import { provisionedRole } from '../domain/scim-users';
import type { ScimConnection } from '../model/scim-connection';
import { findScimUser, listGroupNamesOfUser } from '../store/scim-users.store';
import { findMembershipRole } from '../store/scim-memberships.store';

/**
 * Gives each active user of the connection the role it provisions: its default, raised by their
 * groups' mapped roles. An organization admin stays admin: admins are managed in Quire, and a
 * provider must not lock the organization's owners out.
 */
export async function applyProvisionedRoles(tx: SqlExecutor, connection: ScimConnection, userIds: readonly string[], now: Date): Promise<void> {
  for (const userId of new Set(userIds)) {
    const user = await findScimUser(tx, connection.id, userId);
    if (!user?.active) continue;
    const current = await findMembershipRole(tx, connection.organizationId, userId);
    const role = provisionedRole(connection.defaultRole, connection.groupRoles, await listGroupNamesOfUser(tx, connection.id, userId));
    if (current === 'admin' || current === role) continue;
    await provisionMember(tx, connection.organizationId, userId, role, now);
  }
}
