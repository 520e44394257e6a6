import { planTeamMembers, type TeamMemberRole } from '../src/modules/teams/domain/teams';
import { canManageTeamMembers } from '../src/modules/teams/policies/team.policy';

const roles = (entries: [string, TeamMemberRole][] = []) => new Map(entries);

describe('planTeamMembers', () => {
  const current = new Map([
    ['owner1', 'owner'],
    ['member1', 'member'],
  ]);

  it('adds new users as members and leaves users already in the team as they are', () => {
    const plan = planTeamMembers(current, { add: ['new1', 'owner1', 'member1'], remove: [], roles: roles() });
    expect(plan).toEqual({ upsert: [{ userId: 'new1', role: 'member' }], added: ['new1'], removed: [], roles: { new1: 'member' } });
  });

  it('removes a user named in both add and remove, and in remove and memberships', () => {
    const plan = planTeamMembers(current, { add: ['new1', 'member1'], remove: ['new1', 'member1', 'owner1'], roles: roles([['owner1', 'member']]) });
    expect(plan).toEqual({ upsert: [], added: [], removed: ['member1', 'owner1'], roles: {} });
  });

  it('sets roles from memberships, adding users who are not in the team yet', () => {
    const plan = planTeamMembers(current, {
      add: ['new1'],
      remove: [],
      roles: roles([
        ['new1', 'owner'],
        ['member1', 'owner'],
        ['owner1', 'owner'],
        ['new2', 'member'],
      ]),
    });
    expect(plan.upsert).toEqual([
      { userId: 'new1', role: 'owner' },
      { userId: 'member1', role: 'owner' },
      { userId: 'new2', role: 'member' },
    ]);
    expect(plan.added).toEqual(['new1', 'new2']);
    expect(plan.roles).toEqual({ new1: 'owner', member1: 'owner', new2: 'member' });
  });

  it('ignores removing users who are not in the team and plans nothing for a no-op', () => {
    expect(planTeamMembers(current, { add: ['member1'], remove: ['stranger'], roles: roles([['owner1', 'owner']]) })).toEqual({
      upsert: [],
      added: [],
      removed: [],
      roles: {},
    });
  });
});

describe('canManageTeamMembers', () => {
  it('lets organization admins and team owners manage members, nobody else', () => {
    expect(canManageTeamMembers('admin', null)).toBe(true);
    expect(canManageTeamMembers('read', 'owner')).toBe(true);
    expect(canManageTeamMembers('create', 'member')).toBe(false);
    expect(canManageTeamMembers('edit', null)).toBe(false);
  });
});
