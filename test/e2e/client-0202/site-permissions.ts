import { MemberRole, type GitBookAPI } from 'gitbook-api-0202';
import { buildMember } from '../../support/factories';
import type { TodayContext } from './context';

/** The site-permissions operations through today's client: invite a member and a team, list, change, remove. */
export async function sitePermissionsThroughToday({ api, orgId, stack }: TodayContext, siteId: string): Promise<void> {
  const member = await buildMember(stack, orgId, 'read', 'site-invitee');
  const { data: team } = await api.orgs.createOrganizationTeam(orgId, { title: 'Site team' });
  await api.orgs.inviteToSite(orgId, siteId, { role: MemberRole.Admin, users: [member.id] });
  await api.orgs.inviteToSite(orgId, siteId, { role: MemberRole.Read, teams: [team.id] });
  expect((await api.orgs.listUserPermissionsInSite(orgId, siteId)).data.items.map((p) => [p.user.id, p.permission])).toEqual([[member.id, 'admin']]);
  expect((await api.orgs.listTeamPermissionsInSite(orgId, siteId)).data.items.map((p) => [p.team.id, p.permission])).toEqual([[team.id, 'read']]);
  await api.orgs.updateUserPermissionInSite(orgId, siteId, member.id, { role: MemberRole.Edit });
  await api.orgs.updateTeamPermissionInSite(orgId, siteId, team.id, { role: MemberRole.Comment });
  await expectAggregate(api, orgId, siteId, member.id);
  await api.orgs.removeUserFromSite(orgId, siteId, member.id);
  await api.orgs.removeTeamFromSite(orgId, siteId, team.id);
  // Without the grant the member reaches the site through their organization role again.
  const { data: after } = await api.orgs.listPermissionsAggregateInSite(orgId, siteId);
  expect(after.items.find((p) => p.user.id === member.id)).toMatchObject({ permission: 'read', origin: { type: 'organization', organization: orgId } });
  await api.orgs.removeTeamFromOrganizationById(orgId, team.id);
}

async function expectAggregate(api: GitBookAPI, orgId: string, siteId: string, userId: string): Promise<void> {
  // Everyone who can access the site is listed (the organization's other members by their role); the member by their grant.
  const { data } = await api.orgs.listPermissionsAggregateInSite(orgId, siteId);
  expect(data.items.filter((p) => p.user.id === userId).map((p) => [p.permission, p.origin])).toEqual([
    ['edit', { type: 'site', site: siteId, reason: 'member' }],
  ]);
  expect(data.items.filter((p) => p.origin.type === 'organization').length).toBeGreaterThan(0);
}
