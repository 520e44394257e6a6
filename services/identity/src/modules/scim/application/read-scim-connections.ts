import type { PageRequest } from '@quire/input';
import type { Paged } from '@quire/platform/sql';
import { authorizeOrganization, type Caller, type IdentityDeps } from '../../accounts';
import { scimConnectionNotFound } from '../domain/scim-connections';
import type { ScimConnection } from '../model/scim-connection';
import { findScimConnection, listScimConnectionRows } from '../store/scim-connections.store';

/** An organization's SCIM connections (organization admins: they configure provisioning). */
export async function listScimConnections(
  { db }: IdentityDeps,
  caller: Caller,
  input: { organizationId: string; page: PageRequest },
): Promise<Paged<ScimConnection>> {
  const org = await authorizeOrganization(db, input.organizationId, caller.userId, 'manageScim');
  return listScimConnectionRows(db, org.id, input.page);
}

/** One SCIM connection (organization admins); 404 when the organization has none by this id. */
export async function getScimConnection(
  { db }: IdentityDeps,
  caller: Caller,
  input: { organizationId: string; scimConnectionId: string },
): Promise<ScimConnection> {
  const org = await authorizeOrganization(db, input.organizationId, caller.userId, 'manageScim');
  const connection = await findScimConnection(db, org.id, input.scimConnectionId);
  if (!connection) throw scimConnectionNotFound(input.scimConnectionId);
  return connection;
}
