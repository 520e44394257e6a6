import type { IdentityDeps } from '../../accounts';
import { listTeamIdsByMember, listTeamIdsOfMember } from '../store/teams.store';

/** GetMembership's `team_ids`: the organization's teams the user is in (accounts asks through the wiring). */
export async function getMemberTeamIds({ db }: IdentityDeps, input: { organizationId: string; userId: string }): Promise<string[]> {
  return listTeamIdsOfMember(db, input.organizationId, input.userId);
}

/** ListMembers' `team_ids`: every member's teams in the organization, by user id. */
export async function getTeamIdsByMember({ db }: IdentityDeps, organizationId: string): Promise<Map<string, string[]>> {
  return listTeamIdsByMember(db, organizationId);
}
