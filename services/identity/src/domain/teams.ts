import { badRequest, notFound } from '@quire/errors';
import { newId } from '@quire/ids';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase, SqlExecutor } from '@quire/platform/sql';
import { IdentityEvent, organizationEvent, type IdentityEventData, type IdentityEventType } from '../events/identity-events';
import {
  deleteTeamMembers,
  deleteTeam as deleteTeamRow,
  findMembersByIdentifiers,
  findTeamRoles,
  findTeamSummary,
  insertTeam,
  lockTeam,
  updateTeamTitle,
  upsertTeamMembers,
  type TeamSummary,
} from '../store/teams.store';

// Reference schema TeamMemberRole: an owner can manage the team's members; a member is in the team.
export const TEAM_MEMBER_ROLES = ['owner', 'member'] as const;
export type TeamMemberRole = (typeof TEAM_MEMBER_ROLES)[number];

/** A member named in a request by user id or e-mail address, with the body field that named them (for the 400). */
export interface MemberReference {
  identifier: string;
  field: string;
}

/** A change of a team's members, every user resolved to a user id. */
export interface TeamMembersChange {
  add: readonly string[];
  remove: readonly string[];
  /** The role each listed user ends with; a listed user who is not in the team joins it. */
  roles: ReadonlyMap<string, TeamMemberRole>;
}

export interface TeamMembersPlan {
  /** Memberships to insert or update. */
  upsert: { userId: string; role: TeamMemberRole }[];
  /** Users who join the team. */
  added: string[];
  /** Users taken out of the team (only those who were in it). */
  removed: string[];
  /** New role of every user who joins or whose role changes. */
  roles: Record<string, TeamMemberRole>;
}

/**
 * What a change does to a team whose members hold `current` roles. A user both added and removed
 * ends removed (reference: updateMembersInOrganizationTeam); a user added without a role is a
 * `member`; adding someone already in the team keeps their role unless `roles` names one.
 */
export function planTeamMembers(current: ReadonlyMap<string, string>, change: TeamMembersChange): TeamMembersPlan {
  const removing = new Set(change.remove);
  const plan: TeamMembersPlan = { upsert: [], added: [], removed: [], roles: {} };
  for (const userId of new Set([...change.add, ...change.roles.keys()])) {
    if (removing.has(userId)) continue;
    const currentRole = current.get(userId);
    const role = change.roles.get(userId) ?? (currentRole === 'owner' ? 'owner' : 'member');
    if (currentRole === role) continue;
    plan.upsert.push({ userId, role });
    plan.roles[userId] = role;
    if (currentRole === undefined) plan.added.push(userId);
  }
  for (const userId of removing) if (current.has(userId)) plan.removed.push(userId);
  return plan;
}

/**
 * Number of spaces each team has access to (OrganizationTeam.spaces). The content service grants
 * teams no access to spaces yet, so every count is truly 0; when it does, answer from its grants
 * here (a projection of its events or a gRPC query) and every team response follows.
 */
export async function countSpacesOfTeams(teamIds: readonly string[]): Promise<Map<string, number>> {
  return new Map(teamIds.map((id) => [id, 0]));
}

/** Creates a team, with the given organization members in it as `member`s. */
export async function createTeam(
  db: SqlDatabase,
  input: { organizationId: string; title: string; members: MemberReference[] },
  callerId: string,
  now: Date,
): Promise<TeamSummary> {
  return db.transaction(async (tx) => {
    const members = [...new Set((await resolveMembers(tx, input.organizationId, input.members)).map((m) => m.userId))];
    const team = await insertTeam(tx, { id: newId(), organizationId: input.organizationId, title: input.title }, now);
    await upsertTeamMembers(
      tx,
      input.organizationId,
      team.id,
      members.map((userId) => ({ userId, role: 'member' })),
      now,
    );
    await announce(tx, IdentityEvent.teamCreated, input.organizationId, { teamId: team.id, title: team.title, members }, now);
    return requireSummary(tx, input.organizationId, team.id, callerId);
  });
}

/** Renames a team; null when there is no such team. */
export async function renameTeam(
  db: SqlDatabase,
  input: { organizationId: string; teamId: string; title: string },
  callerId: string,
  now: Date,
): Promise<TeamSummary | null> {
  return db.transaction(async (tx) => {
    const team = await updateTeamTitle(tx, input.organizationId, input.teamId, input.title, now);
    if (!team) return null;
    await announce(tx, IdentityEvent.teamUpdated, input.organizationId, { teamId: team.id, title: team.title }, now);
    return requireSummary(tx, input.organizationId, team.id, callerId);
  });
}

/** Deletes a team and its memberships; false when there was no such team. */
export async function deleteTeam(db: SqlDatabase, input: { organizationId: string; teamId: string }, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const members = await deleteTeamRow(tx, input.organizationId, input.teamId);
    if (members === null) return false;
    await announce(tx, IdentityEvent.teamDeleted, input.organizationId, { teamId: input.teamId, members }, now);
    return true;
  });
}

/**
 * Adds, removes and re-roles team members in one transaction: when any named user is not a member
 * of the organization the request fails with a 400 naming that field and nothing changes.
 */
export async function updateTeamMembers(
  db: SqlDatabase,
  input: { organizationId: string; teamId: string; add: MemberReference[]; remove: MemberReference[]; roles: (MemberReference & { role: TeamMemberRole })[] },
  now: Date,
): Promise<TeamMembersPlan> {
  return db.transaction(async (tx) => {
    // Resolved in body order, so the 400 names the first field that is wrong.
    const add = await resolveMembers(tx, input.organizationId, input.add);
    const remove = await resolveMembers(tx, input.organizationId, input.remove);
    const roles = await resolveMembers(tx, input.organizationId, input.roles);
    const change: TeamMembersChange = {
      add: add.map((m) => m.userId),
      remove: remove.map((m) => m.userId),
      roles: new Map(roles.map((m) => [m.userId, m.role])),
    };
    return applyTeamMembersChange(tx, input.organizationId, input.teamId, change, now);
  });
}

/** Adds one organization member to a team or changes their role (the role stays when none is given). */
export async function setTeamMember(
  db: SqlDatabase,
  input: { organizationId: string; teamId: string; userId: string; role?: TeamMemberRole },
  now: Date,
): Promise<TeamMembersPlan> {
  return db.transaction(async (tx) => {
    const found = await findMembersByIdentifiers(tx, input.organizationId, [input.userId]);
    if (!found.some((m) => m.userId === input.userId)) throw notFound(`User ${input.userId} is not a member of this organization`);
    const roles = new Map<string, TeamMemberRole>(input.role ? [[input.userId, input.role]] : []);
    return applyTeamMembersChange(tx, input.organizationId, input.teamId, { add: [input.userId], remove: [], roles }, now);
  });
}

/** Takes a user out of a team; nothing changes when they are not in it. */
export async function removeTeamMember(
  db: SqlDatabase,
  input: { organizationId: string; teamId: string; userId: string },
  now: Date,
): Promise<TeamMembersPlan> {
  return db.transaction((tx) => applyTeamMembersChange(tx, input.organizationId, input.teamId, { add: [], remove: [input.userId], roles: new Map() }, now));
}

async function applyTeamMembersChange(tx: SqlExecutor, orgId: string, teamId: string, change: TeamMembersChange, now: Date): Promise<TeamMembersPlan> {
  // The lock orders concurrent updates of one team, so each plans from the roles the previous one left.
  if (!(await lockTeam(tx, orgId, teamId))) throw notFound(`Team ${teamId} not found`);
  const plan = planTeamMembers(await findTeamRoles(tx, teamId), change);
  if (plan.upsert.length === 0 && plan.removed.length === 0) return plan;
  await deleteTeamMembers(tx, teamId, plan.removed);
  await upsertTeamMembers(tx, orgId, teamId, plan.upsert, now);
  await announce(tx, IdentityEvent.teamMembersChanged, orgId, { teamId, added: plan.added, removed: plan.removed, roles: plan.roles }, now);
  return plan;
}

/** The references with the user id of each; a 400 naming the first one that is not a member of the organization. */
async function resolveMembers<R extends MemberReference>(tx: SqlExecutor, orgId: string, references: readonly R[]): Promise<(R & { userId: string })[]> {
  const found = await findMembersByIdentifiers(
    tx,
    orgId,
    references.map((r) => r.identifier),
  );
  const byId = new Map(found.map((m) => [m.userId, m.userId]));
  const byEmail = new Map(found.map((m) => [m.email, m.userId]));
  return references.map((reference) => {
    const userId = byId.get(reference.identifier) ?? byEmail.get(reference.identifier.toLowerCase());
    if (!userId) throw badRequest(`Invalid body field "${reference.field}": "${reference.identifier}" is not a member of this organization`);
    return { ...reference, userId };
  });
}

async function requireSummary(tx: SqlExecutor, orgId: string, teamId: string, callerId: string): Promise<TeamSummary> {
  const summary = await findTeamSummary(tx, orgId, teamId, callerId);
  if (!summary) throw notFound(`Team ${teamId} not found`);
  return summary;
}

async function announce<K extends IdentityEventType>(
  tx: SqlExecutor,
  type: K,
  orgId: string,
  data: Omit<IdentityEventData<K>, 'organizationId'>,
  now: Date,
): Promise<void> {
  // TypeScript cannot see that adding organizationId completes the type's data; enqueueEvent checks it at run time.
  await enqueueEvent(tx, organizationEvent(type, { organizationId: orgId, ...data } as IdentityEventData<K> & { organizationId: string }), now);
}
