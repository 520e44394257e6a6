import { notFound } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import { IDENTITY_TOPIC, IdentityEvent, outboxEvent } from '@quire/contracts';
import { type Caller, type IdentityDeps } from '../../accounts';
import { authorizeTeam } from '../policies/team.policy';
import { updateTeamTitle } from '../store/teams.store';
import { answerTeam, requireSummary, type TeamAnswer } from './team-answer';

/** Renames a team (organization admins); 404 when there is no such team. */
export async function renameTeam(
  { db, clock }: IdentityDeps,
  caller: Caller,
  input: { organizationId: string; teamId: string; title: string },
): Promise<TeamAnswer> {
  const { orgRole, team } = await authorizeTeam(db, input.organizationId, input.teamId, caller.userId, 'rename');
  const orgId = team.organizationId;
  const now = clock();
  const renamed = await db.transaction(async (tx) => {
    const row = await updateTeamTitle(tx, orgId, team.id, input.title, now);
    if (!row) return null;
    await enqueueEvent(tx, outboxEvent(IDENTITY_TOPIC, orgId, IdentityEvent.teamUpdated, { organizationId: orgId, teamId: row.id, title: row.title }), now);
    return requireSummary(tx, orgId, row.id, caller.userId);
  });
  if (!renamed) throw notFound(`Team ${team.id} not found`);
  return answerTeam(renamed, orgRole);
}
