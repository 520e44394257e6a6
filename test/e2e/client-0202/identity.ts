import { MemberRole, TeamMemberRole } from 'gitbook-api-0202';
import { buildMember, buildUser, cli, unique } from '../../support/factories';
import type { TodayContext } from './context';
import { inviteAppUrl } from '../../support/client-0202';

/** Users, the organization, members, invites, teams and SSO, through today's client. */
export async function identityThroughToday({ stack, ledger, orgId, api }: TodayContext): Promise<void> {
  expect((await api.user.getAuthenticatedUser()).data.object).toBe('user');
  expect((await api.orgs.listOrganizationsForAuthenticatedUser()).data.items.map((o) => o.id)).toContain(orgId);
  const domain = `d${unique()}.example.org`;
  const { data: org } = await api.orgs.updateOrganizationById(orgId, { emailDomains: [domain], inviteLinks: true });
  expect(org).toMatchObject({ emailDomains: [domain], inviteLinks: true });
  // No billing, so no trial was ever consumed; the admin sees the organization in the app.
  expect((await api.orgs.getOrganizationById(orgId)).data).toMatchObject({ trial: { status: 'notapplicable', count: 0 }, permissions: { access: true } });
  // Someone of the domain who is no member yet finds the organization, without its permissions.
  const neighbour = ledger.client(await cli(stack, 'tokens', 'create', '--email', `someone@${domain}`));
  const { data: found } = await neighbour.emailDomains.getOrganizationsForEmailDomain(domain);
  expect(found.organizations.map((o) => [o.id, o.permissions.view, o.permissions.access])).toEqual([[orgId, false, false]]);

  const member = await buildMember(stack, orgId, 'read');
  expect((await api.users.getUserById(member.id)).data.id).toBe(member.id);
  expect((await api.orgs.listMembersInOrganizationById(orgId, { role: MemberRole.Read })).data.items.map((m) => m.id)).toEqual([member.id]);
  // No site is granted to a member of its own: the organization role reaches them all.
  expect((await api.orgs.getMemberInOrganizationById(orgId, member.id)).data).toMatchObject({ role: 'read', sites: 0 });
  const { data: byName } = await api.orgs.listMembersInOrganizationById(orgId, { sort: 'name', order: 'asc' });
  const names = byName.items.map((m) => m.user.displayName);
  expect(names).toEqual([...names].sort());
  expect((await api.orgs.updateMemberInOrganizationById(orgId, member.id, { role: MemberRole.Edit })).data.role).toBe('edit');

  await api.orgs.inviteUsersToOrganization(orgId, { emails: [`invited-${unique()}@example.com`], role: MemberRole.Read });
  const { data: invite } = await api.orgs.createOrganizationInvite(orgId, { role: MemberRole.Edit });
  const secret = inviteAppUrl(invite).split('/').pop() as string;
  expect((await api.orgs.listOrganizationInviteLinks(orgId)).data.items.map((i) => i.id)).toEqual([invite.id]);
  expect((await api.orgs.getOrganizationInviteLink(orgId, invite.id)).data).toMatchObject({ role: 'edit' });
  expect((await api.orgs.updateOrganizationInviteById(orgId, invite.id, { role: MemberRole.Read })).data).toMatchObject({ role: 'read' });
  // Joining with the link's secret, before the link goes.
  const linked = await buildUser(stack, 'linked');
  await ledger.client(linked.token).orgs.joinOrganizationWithInvite(orgId, secret);
  expect((await api.orgs.getMemberInOrganizationById(orgId, linked.id)).data.role).toBe('read');
  await api.orgs.deleteOrganizationInviteById(orgId, invite.id);

  const { data: team } = await api.orgs.createOrganizationTeam(orgId, { title: 'Writers', members: [member.id] });
  expect((await api.orgs.listTeamsInOrganizationById(orgId)).data.items.map((t) => t.id)).toEqual([team.id]);
  expect((await api.orgs.listTeamsForOrganizationMember(orgId, member.id)).data.items.map((i) => [i.team.id, i.member.role])).toEqual([[team.id, 'member']]);
  expect((await api.orgs.getTeamInOrganizationById(orgId, team.id)).data.title).toBe('Writers');
  expect((await api.orgs.updateTeamInOrganizationById(orgId, team.id, { title: 'Editors' })).data.title).toBe('Editors');
  expect((await api.orgs.listTeamMembersInOrganizationById(orgId, team.id)).data.items).toHaveLength(1);
  await api.orgs.updateMembersInOrganizationTeam(orgId, team.id, { remove: [member.id] });
  await api.orgs.addMemberToOrganizationTeamById(orgId, team.id, member.id, { role: TeamMemberRole.Owner });
  await api.orgs.deleteMemberFromOrganizationTeamById(orgId, team.id, member.id);
  await api.orgs.removeTeamFromOrganizationById(orgId, team.id);

  const { data: saml } = await api.orgs.createOrganizationSamlProvider(orgId, { label: 'Okta' });
  expect((await api.orgs.listSamlProvidersInOrganizationById(orgId)).data.items.map((p) => p.id)).toEqual([saml.id]);
  expect((await api.orgs.getOrganizationSamlProviderById(orgId, saml.id)).data.label).toBe('Okta');
  expect((await api.orgs.updateOrganizationSamlProvider(orgId, saml.id, { label: 'Okta EU' })).data.label).toBe('Okta EU');
  await api.orgs.listSsoProviderLoginsInOrganization(orgId);
  await api.orgs.deleteOrganizationSamlProvider(orgId, saml.id);

  await api.orgs.removeMemberFromOrganizationById(orgId, member.id);

  // Organizations through the API (docs/permissions.md, Organizations).
  await neighbour.orgs.joinOrganization(orgId);
  await neighbour.orgs.updateOrganizationMemberLastSeenAt(orgId);
  const { data: me } = await api.user.getAuthenticatedUser();
  expect((await api.users.updateUserById(me.id, { displayName: me.displayName })).data.id).toBe(me.id);
  const { data: created } = await api.orgs.createOrganization({ title: `Created ${unique()}` });
  expect(created.permissions).toMatchObject({ admin: true });
}
