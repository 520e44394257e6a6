import type { UrlBuilder } from '@quire/urls';
import type { TeamMemberWithUser } from '../model/team';
import { presentMember } from '../../accounts';

/** Reference schema: OrganizationTeamMember — the organization membership and the team role; any organization member views it. */
export function presentTeamMember(member: TeamMemberWithUser, urls: UrlBuilder) {
  return {
    organization: presentMember(member, urls),
    team: { role: member.teamRole },
    permissions: { view: true },
  };
}
