import { MemberRole } from 'gitbook-api-0202';
import { buildMember, buildOrganization } from '../../support/factories';
import type { TodayContext } from './context';

/** Grants on a space and a collection to a member and a team, through today's client (docs/permissions.md). */
export async function permissionsThroughToday({ stack, ledger }: TodayContext): Promise<void> {
  // An organization of its own: the member's space list then holds only what this scenario made.
  const { id: orgId, admin } = await buildOrganization(stack, 'Today permissions org');
  const api = ledger.client(admin.token);
  const member = await buildMember(stack, orgId, 'read');
  const { data: team } = await api.orgs.createOrganizationTeam(orgId, { title: 'Granted', members: [member.id] });
  const { data: shelf } = await api.orgs.createCollection(orgId, { title: 'Granted shelf' });
  const { data: space } = await api.orgs.createSpace(orgId, { title: 'Granted guide', parent: shelf.id });
  const pairs = (items: { permission: string; user?: { id: string }; team?: { id: string } }[]) => items.map((i) => [i.user?.id ?? i.team?.id, i.permission]);

  await api.spaces.inviteToSpace(space.id, { role: MemberRole.Edit, users: [member.id], teams: [team.id] });
  await api.spaces.updateUserPermissionInSpace(space.id, member.id, { role: MemberRole.Review });
  await api.spaces.updateTeamPermissionInSpace(space.id, team.id, { role: MemberRole.Comment });
  expect(pairs((await api.spaces.listUserPermissionsInSpace(space.id)).data.items)).toEqual([[member.id, 'review']]);
  expect(pairs((await api.spaces.listTeamPermissionsInSpace(space.id)).data.items)).toEqual([[team.id, 'comment']]);
  // Everyone who can access it, highest first: the admin by their role, the member by their grant.
  expect(pairs((await api.spaces.listPermissionsAggregateInSpace(space.id)).data.items)).toEqual([
    [admin.id, 'admin'],
    [member.id, 'review'],
  ]);
  expect((await api.spaces.removeUserFromSpace(space.id, member.id)).status).toBe(205);
  expect((await api.spaces.removeTeamFromSpace(space.id, team.id)).status).toBe(205);

  await api.collections.inviteToCollection(shelf.id, { role: MemberRole.Read, users: [member.id], teams: [team.id] });
  await api.collections.updateUserPermissionInCollection(shelf.id, member.id, { role: MemberRole.Admin });
  await api.collections.updateTeamPermissionInCollection(shelf.id, team.id, { role: MemberRole.Edit });
  expect(pairs((await api.collections.listUserPermissionsInCollection(shelf.id)).data.items)).toEqual([[member.id, 'admin']]);
  expect(pairs((await api.collections.listTeamPermissionsInCollection(shelf.id)).data.items)).toEqual([[team.id, 'edit']]);
  // The collection's grant reaches the space inside it.
  const admins = [admin.id, member.id].sort().map((id) => [id, 'admin']);
  expect(pairs((await api.spaces.listPermissionsAggregateInSpace(space.id)).data.items)).toEqual(admins);
  expect(pairs((await api.collections.listPermissionsAggregateInCollection(shelf.id)).data.items)).toEqual(admins);
  const { data: theirs } = await api.orgs.listSpacesForOrganizationMember(orgId, member.id);
  expect(theirs.items.find((i) => i.space.id === space.id)?.permission).toBe('admin');
  expect((await api.collections.removeUserFromCollection(shelf.id, member.id)).status).toBe(205);
  expect((await api.collections.removeTeamFromCollection(shelf.id, team.id)).status).toBe(205);
}
