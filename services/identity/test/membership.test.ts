import { join } from 'node:path';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { addMember } from '../src/modules/accounts/application/add-member';
import { createOrganization } from '../src/modules/accounts/application/create-organization';
import { getMembership } from '../src/modules/accounts/application/get-membership';
import { identityGrpc } from '../src/modules/accounts/grpc/identity.grpc';
import { getMemberTeamIds as teamIdsOf } from '../src/modules/teams/application/get-member-team-ids';
import { createTeam } from '../src/modules/teams/application/create-team';
import { openServiceDb, silentLogger } from '../../../test/support/service-db';

const now = new Date('2026-01-02T03:04:05Z');

describe('GetMembership: teams and guests (PGlite)', () => {
  let db: PgliteDatabase;
  beforeAll(async () => {
    db = await openServiceDb('identity', join(__dirname, '..', 'migrations'));
  });
  afterAll(async () => {
    await db.close();
  });
  const deps = () => ({ db, clock: () => now });

  it("answers a member's teams of that organization only, and a guest row as a guest with no role", async () => {
    const { organization: org, owner } = await createOrganization(deps(), { title: 'Org', ownerEmail: 'owner-m@example.com' });
    const { organization: other, owner: otherOwner } = await createOrganization(deps(), { title: 'Other', ownerEmail: 'other-m@example.com' });
    const { user } = await addMember(deps(), { organizationId: org.id, email: 'ada-m@example.com', role: 'edit' });
    await addMember(deps(), { organizationId: other.id, email: 'ada-m@example.com', role: 'read' });
    const first = await createTeam(deps(), { userId: owner.id }, { organizationId: org.id, title: 'A', members: [{ identifier: user.id, field: 'members' }] });
    await createTeam(deps(), { userId: owner.id }, { organizationId: org.id, title: 'B', members: [] });
    const elsewhere = await createTeam(
      deps(),
      { userId: otherOwner.id },
      { organizationId: other.id, title: 'C', members: [{ identifier: user.id, field: 'members' }] },
    );

    expect(await teamIdsOf(deps(), { organizationId: org.id, userId: user.id })).toEqual([first.team.id]);
    expect(await teamIdsOf(deps(), { organizationId: other.id, userId: user.id })).toEqual([elsewhere.team.id]);
    expect(await getMembership(deps(), { organizationId: org.id, userId: user.id })).toEqual({ organizationExists: true, role: 'edit', guest: false });

    await db.query('INSERT INTO users (id, email, display_name) VALUES ($1, $2, $3)', ['guest-m', 'guest-m@example.com', 'Guest']);
    await db.query('INSERT INTO members (organization_id, user_id, role) VALUES ($1, $2, NULL)', [org.id, 'guest-m']);
    expect(await getMembership(deps(), { organizationId: org.id, userId: 'guest-m' })).toEqual({ organizationExists: true, role: null, guest: true });
    expect(await getMembership(deps(), { organizationId: other.id, userId: 'guest-m' })).toEqual({ organizationExists: true, role: null, guest: false });
  });

  it('answers GetMembership over gRPC with the team ids the teams module gives and the guest flag', async () => {
    const { organization: org } = await createOrganization(deps(), { title: 'Grpc', ownerEmail: 'owner-g@example.com' });
    await db.query('INSERT INTO users (id, email, display_name) VALUES ($1, $2, $3)', ['guest-g', 'guest-g@example.com', 'Guest']);
    await db.query('INSERT INTO members (organization_id, user_id, role) VALUES ($1, $2, NULL)', [org.id, 'guest-g']);
    const asked: unknown[] = [];
    const binding = identityGrpc(
      { ...deps(), logger: silentLogger, urls: {} as never },
      {
        calls: { getTeams: async () => ({ teams: [] }) },
        memberTeamIds: async (input) => {
          asked.push(input);
          return ['t1', 't2'];
        },
        teamIdsByMember: () => Promise.reject(new Error('GetMembership does not list the teams of every member')),
      },
    );
    const getMembershipCall = (binding.implementation as unknown as Record<string, (req: object) => Promise<unknown>>).getMembership as (
      req: object,
    ) => Promise<unknown>;
    expect(await getMembershipCall({ organizationId: org.id, userId: 'guest-g' })).toEqual({
      organizationExists: true,
      role: '',
      teamIds: ['t1', 't2'],
      guest: true,
    });
    expect(asked).toEqual([{ organizationId: org.id, userId: 'guest-g' }]);
  });
});
