import type { IdentityDeps } from '../../accounts';
import { scimNotFound } from '../domain/scim-errors';
import { groupRepresentation, listResponse, userRepresentation, type ScimListQuery } from '../domain/scim-representation';
import type { ScimConnection, ScimGroupRecord, ScimUserRecord } from '../model/scim-connection';
import { findScimGroup, listScimGroupRows } from '../store/scim-groups.store';
import { findScimUser, listScimUserRows } from '../store/scim-users.store';

/** One User of the connection; a SCIM 404 otherwise. */
export async function getScimUser({ db }: IdentityDeps, connection: ScimConnection, userId: string): Promise<ScimUserRecord> {
  const user = await findScimUser(db, connection.id, userId);
  if (!user) throw scimNotFound(`User ${userId} not found`);
  return user;
}

/** One Group of the connection; a SCIM 404 otherwise. */
export async function getScimGroup({ db }: IdentityDeps, connection: ScimConnection, teamId: string): Promise<ScimGroupRecord> {
  const group = await findScimGroup(db, connection.id, teamId);
  if (!group) throw scimNotFound(`Group ${teamId} not found`);
  return group;
}

/** The connection's Users matching the query, as a ListResponse. */
export async function listScimUsers({ db }: IdentityDeps, connection: ScimConnection, input: { query: ScimListQuery; baseUrl: string }) {
  const users = await listScimUserRows(db, connection.id);
  return listResponse(
    users.map((u) => userRepresentation(u, input.baseUrl)),
    input.query,
  );
}

/** The connection's Groups matching the query, as a ListResponse. */
export async function listScimGroups({ db }: IdentityDeps, connection: ScimConnection, input: { query: ScimListQuery; baseUrl: string }) {
  const groups = await listScimGroupRows(db, connection.id);
  return listResponse(
    groups.map((g) => groupRepresentation(g, input.baseUrl)),
    input.query,
  );
}

/** Users then Groups of the connection matching the query (root /.search), as one ListResponse. */
export async function searchScimResources({ db }: IdentityDeps, connection: ScimConnection, input: { query: ScimListQuery; baseUrl: string }) {
  const [users, groups] = await Promise.all([listScimUserRows(db, connection.id), listScimGroupRows(db, connection.id)]);
  return listResponse([...users.map((u) => userRepresentation(u, input.baseUrl)), ...groups.map((g) => groupRepresentation(g, input.baseUrl))], input.query);
}
