import { InProcessBus } from '../src/bus';
import type { IdentityClient } from '../src/grpc';
import { createLogger } from '../src/logger';
import { MembershipResolver } from '../src/membership';
import { ApiError } from '@quire/errors';

function fakeIdentity(roles: Record<string, string>) {
  const calls: string[] = [];
  const client = {
    getMembership: async ({ organizationId, userId }: { organizationId: string; userId: string }) => {
      calls.push(`${organizationId}:${userId}`);
      return { organizationExists: organizationId !== 'missing', role: roles[`${organizationId}:${userId}`] ?? '' };
    },
  } as unknown as IdentityClient;
  return { client, calls, roles };
}

describe('MembershipResolver', () => {
  it('caches answers for the TTL only', async () => {
    let now = 0;
    const identity = fakeIdentity({ 'o:u': 'edit' });
    const resolver = new MembershipResolver(
      () => identity.client,
      3000,
      () => now,
    );
    expect(await resolver.membership('o', 'u')).toEqual({ organizationExists: true, role: 'edit', guest: false, teamIds: [] });
    await resolver.membership('o', 'u');
    expect(identity.calls).toHaveLength(1);
    now = 3000;
    await resolver.membership('o', 'u');
    expect(identity.calls).toHaveLength(2);
    expect(await resolver.membership('missing', 'u')).toEqual({ organizationExists: false, role: null, guest: false, teamIds: [] });
  });

  it('forgets a member as soon as identity announces their removal on the bus', async () => {
    const identity = fakeIdentity({ 'o:u': 'admin' });
    const resolver = new MembershipResolver(() => identity.client, 60_000);
    const bus = new InProcessBus(createLogger('test', 'silent'));
    await resolver.subscribe(bus, 'content', createLogger('test', 'silent'));
    expect((await resolver.membership('o', 'u')).role).toBe('admin');

    delete identity.roles['o:u'];
    await bus.publish('identity.events', [
      { key: 'o', value: JSON.stringify({ id: 'e1', type: 'member.removed', occurredAt: '', data: { organizationId: 'o', userId: 'u', role: 'admin' } }) },
    ]);
    const deadline = Date.now() + 2000;
    let role = (await resolver.membership('o', 'u')).role;
    while (role !== null && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
      role = (await resolver.membership('o', 'u')).role;
    }
    expect(role).toBeNull();
    await bus.close();
  });

  it('evicts the users whose teams or guest status an identity event changes', async () => {
    const identity = fakeIdentity({ 'o:u': 'edit', 'o:v': 'read', 'o:w': 'read' });
    const resolver = new MembershipResolver(() => identity.client, 60_000);
    await Promise.all(['u', 'v', 'w'].map((user) => resolver.membership('o', user)));
    const members = { organizationId: 'o', teamId: 't' };
    expect(
      resolver.apply({ id: 'a', type: 'team.members-changed', occurredAt: '', data: { ...members, added: ['u'], removed: ['v'], roles: { u: 'member' } } }),
    ).toBe(true);
    expect(resolver.apply({ id: 'b', type: 'team.deleted', occurredAt: '', data: { ...members, members: ['w'] } })).toBe(true);
    expect(resolver.apply({ id: 'c', type: 'member.added', occurredAt: '', data: { organizationId: 'o', userId: 'g', role: null } })).toBe(false);
    await Promise.all(['u', 'v', 'w'].map((user) => resolver.membership('o', user)));
    expect(identity.calls).toHaveLength(6);
    // An owner/member switch inside a team changes no team ids and no entry of another user.
    expect(resolver.apply({ id: 'd', type: 'team.members-changed', occurredAt: '', data: { ...members, added: [], removed: [], roles: { u: 'owner' } } })).toBe(
      false,
    );
  });

  it('ignores unrelated events and passes identity outages on', async () => {
    const resolver = new MembershipResolver(() => ({ getMembership: async () => Promise.reject(new ApiError(503, 'down')) }) as unknown as IdentityClient);
    expect(resolver.apply({ id: 'x', type: 'organization.updated', occurredAt: '', data: { organizationId: 'o', fields: ['title'] } })).toBe(false);
    await expect(resolver.membership('o', 'u')).rejects.toMatchObject({ code: 503 });
  });
});
