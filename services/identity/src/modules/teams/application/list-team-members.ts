import type { PageRequest } from '@quire/input';
import type { Paged } from '@quire/platform/sql';
import type { Caller, IdentityDeps } from '../../accounts';
import { authorizeTeam } from '../policies/team.policy';
import { listTeamMemberRows, type TeamMemberWithUser } from '../store/teams.store';

/** A page of a team's members (any organization member lists them). */
export async function listTeamMembers(
  { db }: IdentityDeps,
  caller: Caller,
  input: { organizationId: string; teamId: string; page: PageRequest },
): Promise<Paged<TeamMemberWithUser>> {
  const { team } = await authorizeTeam(db, input.organizationId, input.teamId, caller.userId, 'read');
  return listTeamMemberRows(db, team.id, input.page);
}
