import type { UrlBuilder } from '@quire/urls';
import type { TeamMemberWithUser } from '../store/teams.store';
import { presentMember } from './member.presenter';

/** Reference schema: OrganizationTeamMember — the organization membership and the team role; any organization member views it. */
export function presentTeamMember(member: TeamMemberWithUser, urls: UrlBuilder) {
  return {
    organization: presentMember(member, urls),
    team: { role: member.teamRole },
    permissions: { view: true },
  };
}
