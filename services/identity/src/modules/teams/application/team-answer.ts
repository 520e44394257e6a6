import type { Role } from '@quire/access';
import { notFound } from '@quire/errors';
import type { SqlExecutor } from '@quire/platform/sql';
import { countSpacesOfTeams } from '../domain/teams';
import { findTeamSummary, type TeamSummary } from '../store/teams.store';

/** A team with what its presenter needs: the spaces it reaches and the caller's organization role. */
export interface TeamAnswer {
  team: TeamSummary;
  spaces: number;
  callerOrgRole: Role;
}

/** The answers for teams the caller sees: one batch count of their spaces. */
export async function answerTeams(teams: readonly TeamSummary[], callerOrgRole: Role): Promise<TeamAnswer[]> {
  const spaces = await countSpacesOfTeams(teams.map((t) => t.id));
  return teams.map((team) => ({ team, spaces: spaces.get(team.id) ?? 0, callerOrgRole }));
}

export async function answerTeam(team: TeamSummary, callerOrgRole: Role): Promise<TeamAnswer> {
  const [answer] = await answerTeams([team], callerOrgRole);
  return answer ?? { team, spaces: 0, callerOrgRole };
}

/** The team as the caller sees it, read in the transaction that changed it. */
export async function requireSummary(tx: SqlExecutor, orgId: string, teamId: string, callerId: string): Promise<TeamSummary> {
  const summary = await findTeamSummary(tx, orgId, teamId, callerId);
  if (!summary) throw notFound(`Team ${teamId} not found`);
  return summary;
}
