import type { IdentityDeps } from '../../accounts';
import { listTeamIdsOfMember } from '../store/teams.store';

/** GetMembership's `team_ids`: the organization's teams the user is in (accounts asks through the wiring). */
export async function getMemberTeamIds({ db }: IdentityDeps, input: { organizationId: string; userId: string }): Promise<string[]> {
  return listTeamIdsOfMember(db, input.organizationId, input.userId);
}
