import type { PageRequest } from '@quire/input';
import type { Paged } from '@quire/platform/sql';
import { authorizeOrganization, type Caller, type IdentityDeps } from '../../accounts';
import { listTeamRows, type TeamListFilter } from '../store/teams.store';
import { answerTeams, type TeamAnswer } from './team-answer';

/** A page of an organization's teams (any member lists them). */
export async function listTeams(
  { db }: IdentityDeps,
  caller: Caller,
  input: { organizationId: string; filter: TeamListFilter; page: PageRequest },
): Promise<Paged<TeamAnswer>> {
  const org = await authorizeOrganization(db, input.organizationId, caller.userId, 'listTeams');
  const { rows, total } = await listTeamRows(db, org.id, caller.userId, input.filter, input.page);
  return { rows: await answerTeams(rows, org.role), total };
}
