import { newId } from '@quire/ids';
import { enqueueEvent } from '@quire/platform/outbox';
import { IDENTITY_TOPIC, IdentityEvent, outboxEvent } from '@quire/contracts';
import { authorizeOrganization, type Caller, type IdentityDeps } from '../../accounts';
import type { MemberReference } from '../domain/teams';
import { resolveMembers } from './apply-team-members-change';
import { insertTeam, upsertTeamMembers } from '../store/teams.store';
import { answerTeam, requireSummary, type TeamAnswer } from './team-answer';

/** Creates a team (organization admins), with the given organization members in it as `member`s. */
export async function createTeam(
  { db, clock }: IdentityDeps,
  caller: Caller,
  input: { organizationId: string; title: string; members: MemberReference[] },
): Promise<TeamAnswer> {
  const org = await authorizeOrganization(db, input.organizationId, caller.userId, 'manageTeams');
  const orgId = org.id;
  const now = clock();
  const team = await db.transaction(async (tx) => {
    const members = [...new Set((await resolveMembers(tx, orgId, input.members)).map((m) => m.userId))];
    const row = await insertTeam(tx, { id: newId(), organizationId: orgId, title: input.title }, now);
    const memberships = members.map((userId) => ({ userId, role: 'member' }));
    await upsertTeamMembers(tx, orgId, row.id, memberships, now);
    await enqueueEvent(
      tx,
      outboxEvent(IDENTITY_TOPIC, orgId, IdentityEvent.teamCreated, { organizationId: orgId, teamId: row.id, title: row.title, members }),
      now,
    );
    return requireSummary(tx, orgId, row.id, caller.userId);
  });
  return answerTeam(team, org.role);
}
