import { IDENTITY_TOPIC, IdentityEvent, outboxEvent } from '@quire/contracts';
import { badRequest, notFound } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlExecutor } from '@quire/platform/sql';
import { planTeamMembers, type MemberReference, type TeamMembersChange, type TeamMembersPlan } from '../domain/teams';
import { deleteTeamMembers, findMembersByIdentifiers, findTeamRoles, lockTeam, upsertTeamMembers } from '../store/teams.store';

/** Applies a change of a team's members inside the caller's transaction, with its event when anything changed. */
export async function applyTeamMembersChange(tx: SqlExecutor, orgId: string, teamId: string, change: TeamMembersChange, now: Date): Promise<TeamMembersPlan> {
  // The lock orders concurrent updates of one team, so each plans from the roles the previous one left.
  if (!(await lockTeam(tx, orgId, teamId))) throw notFound(`Team ${teamId} not found`);
  const plan = planTeamMembers(await findTeamRoles(tx, teamId), change);
  if (plan.upsert.length === 0 && plan.removed.length === 0) return plan;
  await deleteTeamMembers(tx, teamId, plan.removed);
  await upsertTeamMembers(tx, orgId, teamId, plan.upsert, now);
  await enqueueEvent(
    tx,
    outboxEvent(IDENTITY_TOPIC, orgId, IdentityEvent.teamMembersChanged, {
      organizationId: orgId,
      teamId,
      added: plan.added,
      removed: plan.removed,
      roles: plan.roles,
    }),
    now,
  );
  return plan;
}

/** The references with the user id of each; a 400 naming the first one that is not a member of the organization. */
export async function resolveMembers<R extends MemberReference>(tx: SqlExecutor, orgId: string, references: readonly R[]): Promise<(R & { userId: string })[]> {
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
