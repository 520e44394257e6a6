import type { PageRequest } from '@quire/input';
import type { Paged } from '@quire/platform/sql';
import { authorizeOrganization, getMember, type Caller, type IdentityDeps } from '../../accounts';
import { listTeamsOfMemberRows } from '../store/teams.store';
import { answerTeams, type TeamAnswer } from './team-answer';

/** listTeamsForOrganizationMember: the teams a member is in, with their team role (any member lists them; 404 for a non-member). */
export async function listMemberTeams(
  deps: IdentityDeps,
  caller: Caller,
  input: { organizationId: string; userId: string; title?: string; page: PageRequest },
): Promise<Paged<{ answer: TeamAnswer; memberRole: string }>> {
  const org = await authorizeOrganization(deps.db, input.organizationId, caller.userId, 'listTeams');
  await getMember(deps, caller, { organizationId: org.id, userId: input.userId });
  const { rows, total } = await listTeamsOfMemberRows(deps.db, org.id, input.userId, caller.userId, { title: input.title }, input.page);
  const answers = await answerTeams(
    rows.map((r) => r.team),
    org.role,
  );
  return { rows: answers.map((answer, i) => ({ answer, memberRole: rows[i]?.memberRole ?? 'member' })), total };
}
