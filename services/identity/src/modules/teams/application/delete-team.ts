import { notFound } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import { authorizeOrganization, type Caller, type IdentityDeps } from '../../accounts';
import { IDENTITY_TOPIC, IdentityEvent, outboxEvent } from '@quire/contracts';
import { deleteTeamRow } from '../store/teams.store';

/** Deletes a team and its memberships (organization admins); 404 when there is no such team. */
export async function deleteTeam({ db, clock }: IdentityDeps, caller: Caller, input: { organizationId: string; teamId: string }): Promise<void> {
  const org = await authorizeOrganization(db, input.organizationId, caller.userId, 'manageTeams');
  const now = clock();
  const deleted = await db.transaction(async (tx) => {
    const members = await deleteTeamRow(tx, org.id, input.teamId);
    if (members === null) return false;
    await enqueueEvent(tx, outboxEvent(IDENTITY_TOPIC, org.id, IdentityEvent.teamDeleted, { organizationId: org.id, teamId: input.teamId, members }), now);
    return true;
  });
  if (!deleted) throw notFound(`Team ${input.teamId} not found`);
}
