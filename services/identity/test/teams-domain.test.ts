import { join } from 'node:path';
import { ApiError } from '@quire/errors';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { createTeam as createTeamAnswer } from '../src/modules/teams/application/create-team';
import { deleteTeam } from '../src/modules/teams/application/delete-team';
import { removeTeamMember } from '../src/modules/teams/application/remove-team-member';
import { renameTeam as renameTeamAnswer } from '../src/modules/teams/application/rename-team';
import { setTeamMember } from '../src/modules/teams/application/set-team-member';
import { updateTeamMembers } from '../src/modules/teams/application/update-team-members';
import type { MemberReference } from '../src/modules/teams/domain/teams';
import { findTeamRoles, findTeamSummary } from '../src/modules/teams/store/teams.store';
import { openServiceDb } from '../../../test/support/service-db';

// The teams domain against a real (embedded) Postgres: one transaction per change, the outbox
// events, and what organization membership removal does to teams.

const now = new Date('2026-01-02T03:04:05.000Z');
const ref = (identifier: string, field = 'add.0') => ({ identifier, field });

async function apiErrorOf(promise: Promise<unknown>): Promise<{ code: number; message: string }> {
  const err: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return { code: (err as ApiError).code, message: (err as ApiError).message };
}

describe('teams domain', () => {
  let db: PgliteDatabase;

  beforeAll(async () => {
    db = await openServiceDb('identity', join(__dirname, '..', 'migrations'));
    await db.exec(`INSERT INTO organizations (id, title) VALUES ('org1', 'One'), ('org2', 'Two');
      INSERT INTO users (id, email, display_name) VALUES ('ada', 'ada@example.com', 'Ada'), ('bob', 'bob@example.com', 'Bob'),
        ('cy', 'cy@example.com', 'Cy'), ('out', 'out@example.com', 'Outsider');
      INSERT INTO members (organization_id, user_id, role) VALUES ('org1', 'ada', 'admin'), ('org1', 'bob', 'read'), ('org1', 'cy', 'edit'), ('org2', 'out', 'admin');`);
  });
  afterAll(async () => {
    await db.close();
  });

  // The use cases at `now`; teams are changed by ada, an admin of org1, unless a test says otherwise.
  const deps = () => ({ db, clock: () => now });
  const ada = { userId: 'ada' };
  const createTeam = async (input: { organizationId: string; title: string; members: MemberReference[] }, callerId: string) =>
    (await createTeamAnswer(deps(), { userId: callerId }, input)).team;
  const renameTeam = async (input: { organizationId: string; teamId: string; title: string }, callerId: string) =>
    (await renameTeamAnswer(deps(), { userId: callerId }, input)).team;

  async function eventsOf(teamId: string): Promise<{ type: string; data: Record<string, unknown> }[]> {
    const { rows } = await db.query<{ payload: string; key: string }>('SELECT payload, key FROM outbox WHERE topic = $1 ORDER BY seq', ['identity.events']);
    return rows
      .map((r) => ({ key: r.key, ...(JSON.parse(r.payload) as { type: string; data: Record<string, unknown> }) }))
      .filter((e) => e.data.teamId === teamId)
      .map((e) => {
        expect(e.key).toBe('org1');
        return { type: e.type, data: e.data };
      });
  }

  it('creates a team with members named by id or e-mail (once each) and announces it', async () => {
    const team = await createTeam(
      { organizationId: 'org1', title: 'Docs', members: [ref('bob', 'members.0'), ref('BOB@example.com', 'members.1'), ref('cy@example.com', 'members.2')] },
      'ada',
    );
    expect(team).toMatchObject({ title: 'Docs', memberCount: 2, callerTeamRole: null, createdAt: now });
    expect(Object.fromEntries(await findTeamRoles(db, team.id))).toEqual({ bob: 'member', cy: 'member' });
    expect(await eventsOf(team.id)).toEqual([
      { type: 'team.created', data: { organizationId: 'org1', teamId: team.id, title: 'Docs', members: ['bob', 'cy'] } },
    ]);
  });

  it('creates nothing when a member is not in the organization', async () => {
    const before = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM teams');
    expect(await apiErrorOf(createTeam({ organizationId: 'org1', title: 'No', members: [ref('bob', 'members.0'), ref('out', 'members.1')] }, 'ada'))).toEqual({
      code: 400,
      message: expect.stringContaining('"members.1"'),
    });
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM teams')).rows).toEqual(before.rows);
  });

  it('applies an update of members as one transaction, or not at all', async () => {
    const team = await createTeam({ organizationId: 'org1', title: 'Atomic', members: [ref('bob')] }, 'ada');
    const invalid = updateTeamMembers(deps(), ada, {
      organizationId: 'org1',
      teamId: team.id,
      add: [ref('cy')],
      remove: [ref('bob', 'remove.0')],
      roles: [{ ...ref('nobody@example.com', 'memberships.nobody@example.com'), role: 'owner' }],
    });
    expect(await apiErrorOf(invalid)).toEqual({ code: 400, message: expect.stringContaining('"memberships.nobody@example.com"') });
    expect(Object.fromEntries(await findTeamRoles(db, team.id))).toEqual({ bob: 'member' });

    const plan = await updateTeamMembers(deps(), ada, {
      organizationId: 'org1',
      teamId: team.id,
      add: [ref('cy'), ref('ada')],
      remove: [ref('bob'), ref('ada')],
      roles: [{ ...ref('cy@example.com'), role: 'owner' }],
    });
    expect(plan).toMatchObject({ added: ['cy'], removed: ['bob'] });
    expect(Object.fromEntries(await findTeamRoles(db, team.id))).toEqual({ cy: 'owner' });
    expect((await eventsOf(team.id)).slice(1)).toEqual([
      { type: 'team.members-changed', data: { organizationId: 'org1', teamId: team.id, added: ['cy'], removed: ['bob'], roles: { cy: 'owner' } } },
    ]);
  });

  it('adds, re-roles and removes one member, announcing only real changes', async () => {
    const team = await createTeam({ organizationId: 'org1', title: 'Single', members: [] }, 'ada');
    await setTeamMember(deps(), ada, { organizationId: 'org1', teamId: team.id, userId: 'bob' });
    await setTeamMember(deps(), ada, { organizationId: 'org1', teamId: team.id, userId: 'bob' });
    await setTeamMember(deps(), ada, { organizationId: 'org1', teamId: team.id, userId: 'bob', role: 'owner' });
    await removeTeamMember(deps(), ada, { organizationId: 'org1', teamId: team.id, userId: 'cy' });
    expect((await findTeamSummary(db, 'org1', team.id, 'bob'))?.callerTeamRole).toBe('owner');
    await removeTeamMember(deps(), ada, { organizationId: 'org1', teamId: team.id, userId: 'bob' });
    expect((await eventsOf(team.id)).map((e) => [e.type, e.data.added, e.data.removed, e.data.roles])).toEqual([
      ['team.created', undefined, undefined, undefined],
      ['team.members-changed', ['bob'], [], { bob: 'member' }],
      ['team.members-changed', [], [], { bob: 'owner' }],
      ['team.members-changed', [], ['bob'], {}],
    ]);
    expect(await apiErrorOf(setTeamMember(deps(), ada, { organizationId: 'org1', teamId: team.id, userId: 'out' }))).toMatchObject({ code: 404 });
    expect(await apiErrorOf(setTeamMember(deps(), ada, { organizationId: 'org1', teamId: 'missing', userId: 'bob' }))).toMatchObject({ code: 404 });
  });

  it('renames and deletes teams of the organization only', async () => {
    const team = await createTeam({ organizationId: 'org1', title: 'Old', members: [ref('cy')] }, 'ada');
    expect(await apiErrorOf(renameTeam({ organizationId: 'org2', teamId: team.id, title: 'Stolen' }, 'out'))).toMatchObject({ code: 404 });
    expect(await renameTeam({ organizationId: 'org1', teamId: team.id, title: 'New' }, 'ada')).toMatchObject({ title: 'New', memberCount: 1 });
    expect(await apiErrorOf(deleteTeam(deps(), { userId: 'out' }, { organizationId: 'org2', teamId: team.id }))).toMatchObject({ code: 404 });
    await deleteTeam(deps(), ada, { organizationId: 'org1', teamId: team.id });
    expect(await apiErrorOf(deleteTeam(deps(), ada, { organizationId: 'org1', teamId: team.id }))).toMatchObject({ code: 404 });
    expect((await db.query('SELECT 1 FROM team_members WHERE team_id = $1', [team.id])).rows).toEqual([]);
    expect((await eventsOf(team.id)).map((e) => e.type)).toEqual(['team.created', 'team.updated', 'team.deleted']);
    expect((await eventsOf(team.id))[2]?.data).toEqual({ organizationId: 'org1', teamId: team.id, members: ['cy'] });
  });

  it('loses a member who leaves the organization', async () => {
    const team = await createTeam({ organizationId: 'org1', title: 'Leavers', members: [ref('bob'), ref('cy')] }, 'ada');
    await db.query("DELETE FROM members WHERE organization_id = 'org1' AND user_id = 'bob'");
    expect((await findTeamSummary(db, 'org1', team.id, 'ada'))?.memberCount).toBe(1);
  });
});
