import type { SqlExecutor } from '@quire/platform/sql';
import { createProvisionedTeam, deleteProvisionedTeam, syncProvisionedTeam } from '../../teams';
import { scimNotFound } from '../domain/scim-errors';
import { provisionedGroupOf, type ProvisionedGroup } from '../domain/scim-groups';
import { applyPatch, type PatchOperation } from '../domain/scim-patch';
import { groupRepresentation } from '../domain/scim-representation';
import type { ScimConnection, ScimGroupRecord } from '../model/scim-connection';
import { filterOrganizationMembers, findScimGroup, upsertScimGroup } from '../store/scim-groups.store';
import { applyProvisionedRoles } from './provisioned-roles';
import type { ScimDeps } from './save-scim-user';

type Resource = Record<string, unknown>;

async function requireGroup(tx: SqlExecutor, connection: ScimConnection, teamId: string): Promise<ScimGroupRecord> {
  const group = await findScimGroup(tx, connection.id, teamId);
  if (!group) throw scimNotFound(`Group ${teamId} not found`);
  return group;
}

/**
 * The team takes the group's title and members (only organization members can be in a team:
 * a User deprovisioned, or unknown, is left out), then the roles its members' groups map to follow.
 */
async function save(tx: SqlExecutor, connection: ScimConnection, teamId: string | null, group: ProvisionedGroup, now: Date): Promise<ScimGroupRecord> {
  const orgId = connection.organizationId;
  const memberIds = await filterOrganizationMembers(tx, orgId, group.memberIds);
  let changed: string[] = memberIds;
  if (teamId === null) teamId = await createProvisionedTeam(tx, orgId, { title: group.displayName, memberIds }, now);
  else {
    const { added, removed } = await syncProvisionedTeam(tx, orgId, teamId, { title: group.displayName, memberIds }, now);
    changed = [...added, ...removed, ...memberIds];
  }
  await upsertScimGroup(tx, { connectionId: connection.id, teamId, displayName: group.displayName, resource: group.attributes }, now);
  if (Object.keys(connection.groupRoles).length) await applyProvisionedRoles(tx, connection, changed, now);
  return requireGroup(tx, connection, teamId);
}

/** Provisions a Group (POST /Groups): a new team, marked provisioned by SCIM. */
export async function createScimGroup({ db, clock }: ScimDeps, connection: ScimConnection, resource: Resource): Promise<ScimGroupRecord> {
  const group = provisionedGroupOf(resource);
  const now = clock();
  return db.transaction((tx) => save(tx, connection, null, group, now));
}

/** Replaces a Group (PUT): title and members become these. */
export async function replaceScimGroup({ db, clock }: ScimDeps, connection: ScimConnection, teamId: string, resource: Resource): Promise<ScimGroupRecord> {
  const group = provisionedGroupOf(resource);
  const now = clock();
  return db.transaction(async (tx) => {
    await requireGroup(tx, connection, teamId);
    return save(tx, connection, teamId, group, now);
  });
}

/** Patches a Group (RFC 7644 §3.5.2), members included, then saves it as a PUT would. */
export async function patchScimGroup(
  { db, clock }: ScimDeps,
  connection: ScimConnection,
  input: { teamId: string; operations: PatchOperation[]; baseUrl: string },
): Promise<ScimGroupRecord> {
  const now = clock();
  return db.transaction(async (tx) => {
    const current = await requireGroup(tx, connection, input.teamId);
    const patched = applyPatch(groupRepresentation(current, input.baseUrl), input.operations);
    return save(tx, connection, input.teamId, provisionedGroupOf(patched), now);
  });
}

/** Deletes a Group: its team goes, and the roles of its former members follow. */
export async function deleteScimGroup({ db, clock }: ScimDeps, connection: ScimConnection, teamId: string): Promise<void> {
  const now = clock();
  await db.transaction(async (tx) => {
    await requireGroup(tx, connection, teamId);
    const members = await deleteProvisionedTeam(tx, connection.organizationId, teamId, now);
    if (Object.keys(connection.groupRoles).length) await applyProvisionedRoles(tx, connection, members, now);
  });
}
