import { newId } from '@quire/ids';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlExecutor } from '@quire/platform/sql';
import { IDENTITY_TOPIC, IdentityEvent, outboxEvent } from '@quire/contracts';
import { deleteTeamRow, findTeamRoles, insertTeam, lockTeam, updateTeamTitle, upsertTeamMembers } from '../store/teams.store';
import { applyTeamMembersChange } from './apply-team-members-change';

// Teams as a SCIM connection provisions them, in the caller's transaction, with the events the
// team routes emit (team.created, team.updated, team.members-changed, team.deleted). The caller
// (the SCIM module) has authenticated the connection: there is no user to authorize.

/** Creates a team marked provisioned by SCIM, with these organization members in it. */
export async function createProvisionedTeam(tx: SqlExecutor, orgId: string, input: { title: string; memberIds: string[] }, now: Date): Promise<string> {
  const members = [...new Set(input.memberIds)];
  const row = await insertTeam(tx, { id: newId(), organizationId: orgId, title: input.title, provisionedBy: 'scim' }, now);
  await upsertTeamMembers(
    tx,
    orgId,
    row.id,
    members.map((userId) => ({ userId, role: 'member' })),
    now,
  );
  await enqueueEvent(
    tx,
    outboxEvent(IDENTITY_TOPIC, orgId, IdentityEvent.teamCreated, { organizationId: orgId, teamId: row.id, title: row.title, members }),
    now,
  );
  return row.id;
}

/** Sets a provisioned team's title and members to these; returns the users who joined or left. */
export async function syncProvisionedTeam(
  tx: SqlExecutor,
  orgId: string,
  teamId: string,
  input: { title: string; memberIds: string[] },
  now: Date,
): Promise<{ added: string[]; removed: string[] }> {
  const team = await lockTeam(tx, orgId, teamId);
  if (!team) return { added: [], removed: [] };
  if (team.title !== input.title) {
    await updateTeamTitle(tx, orgId, teamId, input.title, now);
    await enqueueEvent(tx, outboxEvent(IDENTITY_TOPIC, orgId, IdentityEvent.teamUpdated, { organizationId: orgId, teamId, title: input.title }), now);
  }
  const current = await findTeamRoles(tx, teamId);
  const wanted = new Set(input.memberIds);
  const change = { add: [...wanted].filter((id) => !current.has(id)), remove: [...current.keys()].filter((id) => !wanted.has(id)), roles: new Map() };
  const plan = await applyTeamMembersChange(tx, orgId, teamId, change, now);
  return { added: plan.added, removed: plan.removed };
}

/** Deletes a provisioned team; returns its members then (empty when it was gone already). */
export async function deleteProvisionedTeam(tx: SqlExecutor, orgId: string, teamId: string, now: Date): Promise<string[]> {
  const members = await deleteTeamRow(tx, orgId, teamId);
  if (members === null) return [];
  await enqueueEvent(tx, outboxEvent(IDENTITY_TOPIC, orgId, IdentityEvent.teamDeleted, { organizationId: orgId, teamId, members }), now);
  return members;
}
